import { ConfigError } from '../../workers/bootstrap/config';
import { loadDotEnv, projectRoot } from '../../workers/bootstrap/project-root';
import { UsageError } from './args';

/** How a CLI explains an error of its own: the exit code and the line to print, or null. */
export type ExplainError = (error: unknown) => { code: number; message: string } | null;

/**
 * Runs a CLI's main with .env loaded and the shared exit codes: 2 for bad input (flags, with
 * the usage text; environment variables), whatever `explain` says for the CLI's own errors,
 * 1 with `failure` for anything else.
 */
export function runCli(
  main: (argv: string[]) => Promise<number>,
  { usage, failure, explain }: { usage: string; failure: string; explain?: ExplainError },
): void {
  loadDotEnv(projectRoot());
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`Error: ${error.message}\n\n${usage}`);
        process.exit(2);
      }
      if (error instanceof ConfigError) {
        console.error(error.message);
        process.exit(2);
      }
      const explained = explain?.(error);
      if (explained) {
        console.error(`Error: ${explained.message}`);
        process.exit(explained.code);
      }
      console.error(`${failure}:`, error);
      process.exit(1);
    },
  );
}
