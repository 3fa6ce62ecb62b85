/**
 * The start's catch-up. The checkpoints name the event log they belong to (its storeId):
 * pointed at another log, or at a wiped one, the runner rebuilds its read models on start
 * instead of skipping the new log's first events or waiting beyond its end. Projectors far
 * behind the log catch up in pages before their live subscriptions start.
 */
import { rebuild, STORE_CHECKPOINT } from '../rebuild';
import { replayInto } from '../replay';
import { holds, loadCheckpoint, tokenOf, type RunnerState, type Slot } from './slot';

/**
 * Further behind than this at start, projectors catch up in pages (flushed every 1,000,000 events,
 * checkpoints written at the end) before their live subscriptions start: one event at a time,
 * each flushed and checkpointed, a start with a million events to apply took minutes.
 */
export const CATCH_UP_IN_PAGES_AFTER = 1_000;

/** Rebuilds every projector's read models from the whole log; resolves with the events read. */
export async function rebuildAll(state: RunnerState): Promise<number> {
  const { readStore, eventStore, options } = state;
  const rebuilt = await rebuild(readStore, eventStore, options.projectors, {
    ...(options.rebuildElsewhere ? { elsewhere: options.rebuildElsewhere } : {}),
  });
  return rebuilt.events;
}

/**
 * Whether the stored checkpoints belong to another log: another storeId, or (written before
 * checkpoints named their log) a checkpoint beyond this log's head.
 */
export async function checkpointsOfAnotherLog(
  state: RunnerState,
  identity: string,
): Promise<boolean> {
  const owner = await state.readStore.getCheckpoint(STORE_CHECKPOINT);
  if (owner !== null) return owner !== identity;
  const head = await state.eventStore.headPosition();
  return [...state.slots.values()].some((slot) => slot.checkpoint > head);
}

/** The catch-up in pages, for projectors far behind (see CATCH_UP_IN_PAGES_AFTER). */
export async function catchUpInPages(state: RunnerState, candidates: Slot[]): Promise<void> {
  const { readStore, eventStore, options } = state;
  const behind = candidates.filter((slot) => !slot.paused);
  if (behind.length === 0) return;
  const from = behind.reduce(
    (min, s) => (s.checkpoint < min ? s.checkpoint : min),
    behind[0]!.checkpoint,
  );
  const count = await eventStore.countAfter(from, CATCH_UP_IN_PAGES_AFTER + 1);
  if (count <= CATCH_UP_IN_PAGES_AFTER) return;
  const started = performance.now();
  let events = 0;
  options.onCatchUp?.({ done: false });
  // A fresh read store (no checkpoint at all): the rebuild writes aside and swaps in.
  if (
    !state.leases &&
    behind.every((slot) => slot.checkpoint === 0n) &&
    behind.length === state.slots.size
  ) {
    events = await rebuildAll(state);
  } else {
    const slotOf = new Map(behind.map((s) => [s.projector, s]));
    const checkpointOf = new Map(behind.map((s) => [s.projector, s.checkpoint]));
    /** Slots whose lease may have run out during the catch-up: no checkpoint is written. */
    const lost = new Set<Slot>();
    const done = await replayInto(eventStore, [...checkpointOf.keys()], state.ctx, {
      from,
      behind: (projector, position) => {
        const slot = slotOf.get(projector);
        if (slot && !holds(state, slot)) {
          lost.add(slot);
          return false;
        }
        return position > (checkpointOf.get(projector) ?? 0n);
      },
    });
    events = done.events;
    for (const slot of behind) {
      if (!lost.has(slot) && done.position > slot.checkpoint) {
        await readStore.setCheckpoint(slot.projector.name, done.position.toString(), tokenOf(slot));
      }
    }
  }
  for (const slot of behind) await loadCheckpoint(state, slot);
  options.onCatchUp?.({ done: true, events, ms: Math.round(performance.now() - started) });
}
