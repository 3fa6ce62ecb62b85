/**
 * Rebuilds read models from the whole event history without taking them offline:
 * 1. replay every event into fresh '{collection}__rebuild' collections while the live ones
 *    keep serving (and, with a runner, keep being updated);
 * 2. pause those projectors in the runner, replay what arrived meanwhile;
 * 3. rename the rebuilt collections over the live ones, set the checkpoints, resume.
 * Without a runner (CLI, boot), steps 2-3 run without pausing anything.
 *
 * Step 1 may be shared with another thread (RebuildOptions.elsewhere): projectors are
 * independent of each other, so those it takes replay the same events there, into collections
 * this thread's read store also sees (the embedded audit log's SQLite file), while the others
 * replay here. Each side stops at the head read when the rebuild began; step 2 continues all.
 */
import type { ReadStore } from './read-store/port';
import type { EventSource } from './event-source';
import {
  ensureProjectorIndexes,
  REBUILD_SUFFIX,
  rebuildContext,
  type Projector,
} from './projector';
import { replayInto } from './replay';

/** Also the rebuild worker thread's (workers/bootstrap/rebuild-worker.ts). */
export { replayInto };

/**
 * The checkpoint entry naming the event log the checkpoints belong to (its storeId). The `$`
 * keeps it apart from projector names.
 */
export const STORE_CHECKPOINT = '$event-store';

/** What a rebuild needs of a running ProjectionRunner (stated here: the runner imports this). */
export interface PausableProjections {
  /** Stops the named projectors and waits for an event in flight. */
  pause(names: string[]): Promise<void>;
  /** Restarts them from their stored checkpoints. */
  resume(names: string[]): Promise<void>;
}

export interface RebuildOptions {
  /** A running runner whose projectors are paused around the swap. */
  runner?: PausableProjections;
  /** Events read per page (default REPLAY_PAGE_SIZE, 500: see there). */
  batchSize?: number;
  /**
   * Projectors are flushed (Projector.flush) at the end of the first page that brings the
   * events since the last flush to this many, and at the end of each pass (default 1,000,000).
   * Each flush recomputes what depends on many documents (rankings, excerpts, search text) for
   * every item changed since the last: at 250,000 a million-event rebuild spent 6 s of its 21
   * recomputing them four times.
   * What they defer is bounded by the number of items (providers, subjects), not of events.
   */
  flushEvery?: number;
  /**
   * A fresh fencing token per projector (LeaseProvider.nextToken): the swapped checkpoints are
   * written with it, so a runner elsewhere still holding a lease cannot write past them.
   */
  fence?: (projector: string) => Promise<number>;
  /** Another thread replaying some projectors alongside (see above). */
  elsewhere?: RebuildElsewhere;
  /** Told after each page read on this thread and when the rebuild moves to its next step. */
  onProgress?: (progress: RebuildProgress) => void;
}

/**
 * Where a rebuild is: `replaying` the log into the fresh collections (`events` read on this
 * thread so far: with a thread alongside, this thread still reads every event up to the head),
 * `catching-up` with what arrived meanwhile (projectors paused), `swapping` the rebuilt
 * collections in.
 */
export interface RebuildProgress {
  step: 'replaying' | 'catching-up' | 'swapping';
  events: number;
}

/**
 * Replays some projectors in another thread. `takes` picks those it can replay (their
 * collections are visible to both threads); `replay` replays the log up to and including
 * `until` into their rebuild collections there, flushed, and resolves with the events read.
 */
export interface RebuildElsewhere {
  takes(projectors: readonly Projector[], head: bigint): Projector[];
  replay(projectors: readonly string[], until: bigint): Promise<{ events: number }>;
  /** Told when `replay` failed (the rebuild then replays those projectors here). */
  onError?(error: unknown): void;
}

export interface RebuildResult {
  projectors: string[];
  /** Events replayed. */
  events: number;
  /** The checkpoint every rebuilt projector now has. */
  position: string;
}

export async function rebuild(
  readStore: ReadStore,
  eventStore: Pick<EventSource, 'readAll'> & Partial<Pick<EventSource, 'storeId' | 'headPosition'>>,
  projectors: Projector[],
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  let ctx = rebuildContext(readStore);
  // Counts the events this thread reads, for onProgress (the log itself is read unchanged).
  let read = 0;
  let step: RebuildProgress['step'] = 'replaying';
  const report = () => options.onProgress?.({ step, events: read });
  const source: Pick<EventSource, 'readAll'> = options.onProgress
    ? {
        async readAll(page) {
          const events = await eventStore.readAll(page);
          read += events.length;
          report();
          return events;
        },
      }
    : eventStore;
  const names = projectors.map((p) => p.name);
  const collections = projectors.flatMap((p) => p.collections);
  let position = 0n;
  let events = 0;

  async function replayToHead(): Promise<void> {
    const done = await replayInto(source, projectors, ctx, {
      from: position,
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      ...(options.flushEvery ? { flushEvery: options.flushEvery } : {}),
    });
    position = done.position;
    events += done.events;
  }

  for (const name of collections) await readStore.drop(`${name}${REBUILD_SUFFIX}`);
  const head = options.elsewhere && eventStore.headPosition ? await eventStore.headPosition() : 0n;
  const away = options.elsewhere?.takes(projectors, head) ?? [];
  if (options.elsewhere && away.length > 0) {
    // Both sides replay up to the head as it was; what came after is replayed below, here.
    const here = projectors.filter((p) => !away.includes(p));
    const pages = {
      from: 0n,
      until: head,
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      ...(options.flushEvery ? { flushEvery: options.flushEvery } : {}),
    };
    const [there, local] = await Promise.allSettled([
      options.elsewhere.replay(
        away.map((p) => p.name),
        head,
      ),
      replayInto(source, here, ctx, pages),
    ]);
    if (local.status === 'rejected') throw local.reason;
    if (there.status === 'rejected') {
      // Replayed here instead, from scratch: whatever the other thread wrote is dropped.
      options.elsewhere.onError?.(there.reason);
      for (const name of away.flatMap((p) => p.collections)) {
        await readStore.drop(`${name}${REBUILD_SUFFIX}`);
      }
      read = 0;
      await replayInto(source, away, ctx, pages);
    }
    position = head;
    events = local.value.events;
    // The other thread wrote some collections: from here on, no projector may assume that
    // what it did not write in this context is absent (ProjectionContext.fromScratch).
    const { collection } = ctx;
    ctx = { collection };
  }
  report();
  await replayToHead();

  step = 'catching-up';
  report();
  await options.runner?.pause(names);
  try {
    await replayToHead();
    step = 'swapping';
    report();
    // The rebuilt collections get their indexes before they serve (MongoDB keeps them on rename).
    await ensureProjectorIndexes(readStore, projectors, REBUILD_SUFFIX);
    for (const name of collections) await readStore.rename(`${name}${REBUILD_SUFFIX}`, name);
    for (const name of names) {
      const token = options.fence ? await options.fence(name) : undefined;
      await readStore.setCheckpoint(name, position.toString(), token);
    }
    // The checkpoints now belong to this log (the runner compares it on start).
    if (eventStore.storeId) {
      await readStore.setCheckpoint(STORE_CHECKPOINT, await eventStore.storeId());
    }
  } finally {
    await options.runner?.resume(names);
  }
  return { projectors: names, events, position: position.toString() };
}
