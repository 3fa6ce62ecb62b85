/**
 * Where each read model stands against the event log, for the back office's Operations screen:
 * the log's last position, each projector's checkpoint and how many events it still has to
 * apply (counted as /readyz counts the lag, up to LAG_COUNT_LIMIT), and the newest snapshot
 * file where the profile keeps them (embedded).
 */
import type { EventSource } from './event-source';
import type { ReadStore } from './read-store/port';
import { LAG_COUNT_LIMIT } from './runner';

export interface ReadModelState {
  /** The projector's name, as the logs and `projections:rebuild` name it. */
  name: string;
  /** Its checkpoint: the last log position it applied (null: it has applied nothing yet). */
  position: string | null;
  /** Events after its checkpoint, counted up to `countedUpTo`. */
  behind: number;
}

export interface NewestSnapshot {
  /** The file's name in DATA_DIR. */
  file: string;
  /** The log position its read models stand at. */
  position: string;
  /** When it was written (ISO instant). */
  createdAt: string;
  bytes: number;
}

export interface ReadModelStatus {
  /** The log's last position ('0': an empty log). */
  head: string;
  /** A count of events behind stops here (`behind` equal to it: at least that many). */
  countedUpTo: number;
  readModels: ReadModelState[];
  /**
   * The newest snapshot file; null: none yet (the next start replays the whole log);
   * undefined: this process keeps none (the distributed profile, or the api role).
   */
  snapshot?: NewestSnapshot | null;
}

export async function readModelStatus(
  readStore: Pick<ReadStore, 'getCheckpoints'>,
  eventStore: Pick<EventSource, 'headPosition' | 'countAfter'>,
  projectorNames: readonly string[],
  newestSnapshot?: () => Promise<NewestSnapshot | null>,
): Promise<ReadModelStatus> {
  const [head, checkpoints] = await Promise.all([
    eventStore.headPosition(),
    readStore.getCheckpoints(projectorNames),
  ]);
  // Counted once per distinct checkpoint: most read models stand at the same one, and
  // EventStoreDB counts by reading the events after it.
  const counts = new Map<string, Promise<number>>();
  const behindFrom = (position: string) => {
    let count = counts.get(position);
    if (count === undefined) {
      count = eventStore.countAfter(BigInt(position), LAG_COUNT_LIMIT);
      counts.set(position, count);
    }
    return count;
  };
  const readModels = await Promise.all(
    projectorNames.map(async (name): Promise<ReadModelState> => {
      const position = checkpoints[name] ?? null;
      return { name, position, behind: await behindFrom(position ?? '0') };
    }),
  );
  return {
    head: head.toString(),
    countedUpTo: LAG_COUNT_LIMIT,
    readModels,
    ...(newestSnapshot ? { snapshot: await newestSnapshot() } : {}),
  };
}
