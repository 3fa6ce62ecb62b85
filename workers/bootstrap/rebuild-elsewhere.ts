/**
 * The embedded profile's rebuild on two cores: the projectors whose collections all live in
 * the on-disk SQLite file (the audit log: one entry per event, the largest replay) are
 * replayed by a worker thread into that file while this thread replays the others into
 * memory (projections/rebuild.ts, RebuildElsewhere). A short log is replayed here alone:
 * starting the thread costs more than it saves.
 */
import { Worker } from 'node:worker_threads';
import type { RebuildElsewhere } from '../../projections/rebuild';
import type { ReadStoreConfig } from '../../projections/read-store';
import { threadProjectors } from './rebuild-thread-parts';
import { workerEntry } from './worker-entry';

/** What the worker needs (structured-cloned into it). */
export interface RebuildWorkerInput {
  /** The DATA_DIR holding events.sqlite (and subscriber-keys.sqlite). */
  eventLogDir: string;
  onDisk: { path: string; collections: string[] };
  projectors: string[];
  /** The last position to replay, as a decimal string. */
  until: string;
}

export type RebuildWorkerOutput = { ok: true; events: number } | { ok: false; error: string };

/**
 * Below this many events the whole rebuild stays on this thread. Measured with the built
 * `projections:rebuild` on the bench's provider history, interleaved: 20,000 events took
 * 1.15 s on one thread and 1.33 s on two; 50,000 took 2.85 s on one and 2.42 s on two (the
 * thread starts in about 0.4 s, most of it loading modules: ./rebuild-thread-parts.ts).
 */
export const REBUILD_ELSEWHERE_AFTER = 40_000;

export function embeddedRebuildElsewhere(
  eventLogDir: string,
  readStore: ReadStoreConfig,
  options: { after?: number; onError?: (error: unknown) => void } = {},
): RebuildElsewhere | undefined {
  const onDisk = readStore.kind === 'memory' ? readStore.kept?.onDisk : undefined;
  if (!onDisk || onDisk.collections === '*') return undefined;
  const collections = [...onDisk.collections];
  const after = BigInt(options.after ?? REBUILD_ELSEWHERE_AFTER);
  return {
    ...(options.onError ? { onError: options.onError } : {}),
    takes(projectors, head) {
      // SQLite positions count the events, so the head is the log's length.
      if (head < after) return [];
      // Only those the thread builds (./rebuild-thread-parts.ts); not those holding personal
      // data (the subscriber list): sealed by this thread's key store.
      const threadBuilds = new Set(threadProjectors().map((p) => p.name));
      return projectors.filter(
        (p) =>
          threadBuilds.has(p.name) &&
          p.collections.length > 0 &&
          p.collections.every((c) => collections.includes(c)) &&
          !p.sealedData,
      );
    },
    replay(projectors, until) {
      const { file, entry } = workerEntry('workers/bootstrap/rebuild-worker.ts');
      const input: RebuildWorkerInput = {
        eventLogDir,
        onDisk: { path: onDisk.path, collections },
        projectors: [...projectors],
        until: until.toString(),
      };
      return new Promise((resolve, reject) => {
        const worker = new Worker(file, {
          workerData: { ...input, ...(entry ? { entry } : {}) },
          // A young generation large enough that a replay's short-lived objects die young
          // (the default promoted them, and scavenges took a quarter of the replay).
          resourceLimits: { maxYoungGenerationSizeMb: 96 },
        });
        let settled = false;
        worker.once('message', (output: RebuildWorkerOutput) => {
          settled = true;
          if (output.ok) resolve({ events: output.events });
          else reject(new Error(`The rebuild worker failed: ${output.error}`));
        });
        worker.once('error', (error) => {
          settled = true;
          reject(error);
        });
        worker.once('exit', (code) => {
          if (!settled)
            reject(new Error(`The rebuild worker exited with ${code} before it finished`));
        });
      });
    },
  };
}
