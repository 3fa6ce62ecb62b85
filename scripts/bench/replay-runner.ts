/**
 * The replay bench's measuring process (./replay.ts): bundled and started with `npm start`'s
 * node flags, told the log to replay over IPC, answers the figures (its tables go to stdout).
 */
import { measureReplay, type ReplayRunnerInput } from './replay';

process.once('message', (input: ReplayRunnerInput) => {
  measureReplay(input).then(
    (measured) => process.send?.(measured, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
