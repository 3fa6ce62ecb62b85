/**
 * Runs projectors against the live event stream. Each projector has its own subscription and
 * checkpoint, so one failing projector does not hold up the others. Lag is counted in events,
 * not positions. The parts: live.ts (apply each event, then its checkpoint), retry.ts (the
 * backoff after an error), catch-up.ts (the start: another log, a long way behind), leases.ts
 * (one runner per projector across processes), waiters.ts (read-your-writes).
 */
import { liveContext } from '../projector';
import { STORE_CHECKPOINT } from '../rebuild';
import { ReadModelChanges } from './changes';
import { catchUpInPages, checkpointsOfAnotherLog, rebuildAll } from './catch-up';
import { leaseTick, release, tendLease, lose } from './leases';
import { halt, subscribe } from './live';
import type { ProjectionRunner, ProjectionRunnerOptions } from './options';
import { loadCheckpoint, newSlot, slowest, type RunnerState, type Slot } from './slot';
import { Waiters } from './waiters';
import { recordingStore } from './written';

export { CATCH_UP_IN_PAGES_AFTER } from './catch-up';
export type { ProjectionRunner, ProjectionRunnerOptions, ProjectionStatus } from './options';

/** Lag is counted up to this many events (a read of the log after the slowest checkpoint). */
export const LAG_COUNT_LIMIT = 100_000;

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { readStore, eventStore } = options;
  const slots = new Map<string, Slot>();
  for (const projector of options.projectors) {
    if (slots.has(projector.name)) throw new Error(`Duplicate projector name ${projector.name}`);
    slots.set(projector.name, newSlot(projector));
  }
  const leases = options.lease;
  const report =
    options.onError ??
    ((name: string, error: unknown) => console.error(`[projection ${name}]`, error));
  const state: RunnerState = {
    options,
    readStore,
    eventStore,
    // Its writes say which documents they changed while an event is applied (written.ts).
    ctx: liveContext(recordingStore(readStore)),
    slots,
    leases,
    waiters: new Waiters(() => slowest(slots.values())),
    changes: new ReadModelChanges((error) => report('*', error)),
    report,
    running: false,
  };
  let leaseTimer: NodeJS.Timeout | null = null;

  /** Lease mode: renews or takes the slot's lease; once taken, catches up and subscribes. */
  async function tend(slot: Slot): Promise<void> {
    if (!(await tendLease(state, slot))) return;
    // Outside the lease's busy section: it keeps being renewed during a long catch-up.
    const lease = slot.lease;
    try {
      await catchUpInPages(state, [slot]);
      if (state.running && !slot.paused && slot.lease === lease && !slot.subscription) {
        subscribe(state, slot);
      }
    } catch (error) {
      if (slot.lease === lease) lose(state, slot, error);
    }
  }

  function slotsNamed(names: string[]): Slot[] {
    return names.map((name) => {
      const slot = slots.get(name);
      if (!slot) throw new Error(`Unknown projector ${name}`);
      return slot;
    });
  }

  return {
    async start() {
      if (state.running) return;
      state.running = true;
      for (const slot of slots.values()) await loadCheckpoint(state, slot);
      const identity = await eventStore.storeId();
      // With leases, one runner of the cluster at a time compares (and rebuilds).
      const startLease = leases ? await leases.acquire(STORE_CHECKPOINT) : null;
      if (!leases || startLease) {
        try {
          if (await checkpointsOfAnotherLog(state, identity)) {
            state.report(
              '*',
              new Error('checkpoints belong to another event log; rebuilding read models'),
            );
            await rebuildAll(state);
            for (const slot of slots.values()) await loadCheckpoint(state, slot);
          }
          await readStore.setCheckpoint(STORE_CHECKPOINT, identity);
        } finally {
          await startLease?.release();
        }
      }
      if (leases) {
        const tendAll = () => {
          for (const slot of slots.values()) void tend(slot);
        };
        leaseTimer = setInterval(tendAll, leaseTick(leases));
        leaseTimer.unref();
        tendAll();
        return;
      }
      await catchUpInPages(state, [...slots.values()]);
      for (const slot of slots.values()) if (!slot.paused) subscribe(state, slot);
    },

    async stop() {
      state.running = false;
      if (leaseTimer) clearInterval(leaseTimer);
      leaseTimer = null;
      await Promise.all([...slots.values()].map(halt));
      for (const slot of slots.values()) await release(slot);
      state.waiters.cancelAll();
    },

    waitFor(position, timeoutMs = 2000) {
      return state.waiters.waitFor(
        typeof position === 'bigint' ? position : BigInt(position),
        timeoutMs,
      );
    },

    lag() {
      return eventStore.countAfter(slowest(slots.values()), LAG_COUNT_LIMIT);
    },

    readModelsVersion() {
      return leases ? null : state.waiters.version;
    },

    onReadModelsChanged(listener) {
      return leases ? null : state.changes.listen(listener);
    },

    async status() {
      return Promise.all(
        [...slots.values()].map(async (slot) => ({
          name: slot.projector.name,
          checkpoint: slot.checkpoint.toString(),
          behind: await eventStore.countAfter(slot.checkpoint, LAG_COUNT_LIMIT),
          failures: slot.failures,
        })),
      );
    },

    async pause(names) {
      for (const slot of slotsNamed(names)) {
        slot.paused = true;
        await halt(slot);
        // Leases are given up while paused (a rebuild swaps; its fencing token comes after).
        await release(slot);
      }
    },

    async resume(names) {
      for (const slot of slotsNamed(names)) {
        slot.paused = false;
        slot.failures = 0;
        await loadCheckpoint(state, slot);
        // With leases the next tend takes the lease again and subscribes.
        if (state.running && !slot.subscription && !leases) subscribe(state, slot);
      }
      state.waiters.notify();
    },
  };
}
