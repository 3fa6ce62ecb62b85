/**
 * The rebuild worker thread (./rebuild-elsewhere.ts): replays the log up to a position into
 * the named projectors' rebuild collections in the on-disk SQLite file, then reports back.
 * It loads only what it replays with (./rebuild-thread-parts.ts), not the composition.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { rebuildContext } from '../../projections/projector';
import { replayInto } from '../../projections/rebuild';
import { openReadStore } from '../../projections/read-store';
import { openThreadEventLog, threadProjectors } from './rebuild-thread-parts';
import type { RebuildWorkerInput, RebuildWorkerOutput } from './rebuild-elsewhere';

async function run(input: RebuildWorkerInput): Promise<number> {
  const eventLog = await openThreadEventLog(input.eventLogDir);
  try {
    // Only the on-disk collections are written; nothing is kept in this thread's memory.
    const readStore = await openReadStore({
      kind: 'memory',
      kept: { path: ':memory:', collections: [], onDisk: { ...input.onDisk, keep: true } },
    });
    try {
      const projectors = threadProjectors().filter((p) => input.projectors.includes(p.name));
      const missing = input.projectors.filter((name) => !projectors.some((p) => p.name === name));
      if (missing.length > 0) throw new Error(`Unknown projectors: ${missing.join(', ')}`);
      const done = await replayInto(eventLog, projectors, rebuildContext(readStore), {
        from: 0n,
        until: BigInt(input.until),
      });
      return done.events;
    } finally {
      await readStore.close();
    }
  } finally {
    await eventLog.close();
  }
}

const input = workerData as RebuildWorkerInput; // sent by embeddedRebuildElsewhere
run(input).then(
  (events) => parentPort?.postMessage({ ok: true, events } satisfies RebuildWorkerOutput),
  (error: unknown) =>
    parentPort?.postMessage({
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies RebuildWorkerOutput),
);
