/**
 * Leases (distributed profile: several workers): a projector runs here only while this runner
 * holds its lease. Every `ttl/3` a held lease is renewed and a free one is tried. On taking a
 * lease the runner claims the checkpoint with the lease's fencing token and reads it; every
 * checkpoint write carries the token, so a runner that lost its lease (paused, cut off from
 * Redis) has its next write refused and stops that projector. It also handles no event once
 * its lease may have expired by its own clock (`holds`).
 */
import { StaleLeaseError, type LeaseProvider } from '../lease';
import { cancelRetry } from './retry';
import { loadCheckpoint, type RunnerState, type Slot } from './slot';

/** How often leases are tended: a third of their time to live, within 20 ms .. 1 s. */
export const leaseTick = (leases: LeaseProvider): number =>
  Math.max(20, Math.min(1000, Math.floor(leases.ttlMs / 3)));

/** This runner no longer holds the slot's lease: stop its subscription, try again later. */
export function lose(state: RunnerState, slot: Slot, why: unknown): void {
  const lease = slot.lease;
  if (!lease) return;
  slot.lease = null;
  slot.generation++;
  cancelRetry(slot);
  void slot.subscription?.close();
  slot.subscription = null;
  state.options.onLease?.(slot.projector.name, false, lease.token);
  if (!(why instanceof StaleLeaseError) && why !== null) state.report(slot.projector.name, why);
  void lease.release().catch(() => undefined);
}

/**
 * Renews the slot's lease if held, else tries to take it. Resolves true when it was just
 * taken (checkpoint claimed and read): the caller then catches up and subscribes.
 */
export async function tendLease(state: RunnerState, slot: Slot): Promise<boolean> {
  const leases = state.leases;
  if (!leases || !state.running || slot.leaseBusy) return false;
  slot.leaseBusy = true;
  try {
    if (slot.lease) {
      const asked = Date.now();
      const lease = slot.lease;
      let renewed = false;
      try {
        renewed = await lease.renew();
      } catch (error) {
        // Redis unreachable: the lease runs out at validUntil unless a renewal gets through.
        if (Date.now() >= slot.validUntil) lose(state, slot, error);
        return false;
      }
      if (slot.lease !== lease) return false;
      if (renewed) slot.validUntil = asked + leases.ttlMs;
      else lose(state, slot, null);
      return false;
    }
    if (slot.paused) return false;
    const asked = Date.now();
    const lease = await leases.acquire(slot.projector.name);
    if (!lease) {
      // Someone else runs it: keep its checkpoint current here (waitFor, lag, status).
      await loadCheckpoint(state, slot);
      state.waiters.notify();
      return false;
    }
    if (!state.running || slot.paused) {
      await lease.release();
      return false;
    }
    try {
      await state.readStore.claimCheckpoint(slot.projector.name, lease.token);
    } catch (error) {
      await lease.release();
      if (!(error instanceof StaleLeaseError)) throw error;
      return false;
    }
    slot.lease = lease;
    slot.validUntil = asked + leases.ttlMs;
    state.options.onLease?.(slot.projector.name, true, lease.token);
    await loadCheckpoint(state, slot);
    return true;
  } catch (error) {
    if (slot.lease) lose(state, slot, error);
    else state.report(slot.projector.name, error);
    return false;
  } finally {
    slot.leaseBusy = false;
  }
}

/** Gives the slot's lease up, if held (stop, pause). */
export async function release(slot: Slot): Promise<void> {
  const lease = slot.lease;
  slot.lease = null;
  await lease?.release().catch(() => undefined);
}
