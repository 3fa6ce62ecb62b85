/**
 * The live subscriptions, one per projector. Per event: skip it if at or before the
 * checkpoint (replays and redeliveries are harmless), apply it if the projector reads its
 * type (handle, then flush), THEN write the checkpoint. A crash between the two re-applies one
 * event, which idempotent handlers absorb. An error drops the subscription (see retry.ts).
 * While the page cache listens, the writes of handle and flush are recorded (written.ts) and
 * the documents they changed are told after the checkpoint (changes.ts).
 */
import type { ProjectedEvent } from '../event-source';
import { StaleLeaseError } from '../lease';
import { reads } from '../projector';
import { lose } from './leases';
import { cancelRetry, retryLater } from './retry';
import { holds, tokenOf, type RunnerState, type Slot } from './slot';
import { recordingWrites, type WrittenChanges } from './written';

async function apply(
  state: RunnerState,
  slot: Slot,
  generation: number,
  event: ProjectedEvent,
): Promise<void> {
  if (!state.running || slot.paused || generation !== slot.generation) return;
  if (event.position <= slot.checkpoint) return;
  if (!holds(state, slot)) {
    // The lease may have expired (a pause, a lost connection): another runner may hold it.
    lose(state, slot, null);
    return;
  }
  const { projector } = slot;
  const applies = reads(projector, event.type);
  let written: WrittenChanges | null = null;
  try {
    // An event it does not read only moves its checkpoint (as in a replay).
    if (applies) {
      const apply = async () => {
        await projector.handle(event, state.ctx);
        // A batch of one: what handle deferred is written before the checkpoint moves past it.
        await projector.flush?.(state.ctx);
      };
      // Recorded (the documents changed, for the page cache) only when someone listens.
      if (state.changes.listening) {
        written = await recordingWrites(apply, (late) => state.changes.collections([late]));
      } else await apply();
    }
    await state.readStore.setCheckpoint(projector.name, event.position.toString(), tokenOf(slot));
  } catch (error) {
    // What handle wrote before failing may show: pages that read its collections are stale.
    if (applies) state.changes.collections(projector.collections);
    state.waiters.changed();
    if (error instanceof StaleLeaseError) lose(state, slot, error);
    else fail(state, slot, generation, error);
    return;
  }
  slot.checkpoint = event.position;
  slot.failures = 0;
  // Before the waiters: a writer answered after its event finds no page kept from before it.
  if (written) state.changes.written(written);
  else if (applies) state.changes.collections(projector.collections);
  state.waiters.notify();
}

export function subscribe(state: RunnerState, slot: Slot): void {
  const generation = ++slot.generation;
  slot.subscription = state.eventStore.subscribeToAll({
    after: slot.checkpoint,
    onEvent: (event) => {
      slot.chain = slot.chain.then(() => apply(state, slot, generation, event));
      return slot.chain;
    },
    onError: (error) => fail(state, slot, generation, error),
  });
}

function fail(state: RunnerState, slot: Slot, generation: number, error: unknown): void {
  if (generation !== slot.generation) return;
  slot.generation++; // ignore whatever the failed subscription still delivers
  state.report(slot.projector.name, error);
  void slot.subscription?.close();
  slot.subscription = null;
  if (!state.running || slot.paused) return;
  retryLater(
    state,
    slot,
    () => subscribe(state, slot),
    (reason) => fail(state, slot, slot.generation, reason),
  );
}

/** Stops the slot's subscription and waits for the event in flight. */
export async function halt(slot: Slot): Promise<void> {
  slot.generation++;
  cancelRetry(slot);
  const subscription = slot.subscription;
  slot.subscription = null;
  await subscription?.close();
  await slot.chain;
}
