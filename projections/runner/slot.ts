/** What the runner's parts share: one slot per projector, the stores, whether it runs. */
import type { EventSource, EventSubscription } from '../event-source';
import type { HeldLease, LeaseProvider } from '../lease';
import type { ProjectionContext, Projector } from '../projector';
import type { ReadStore } from '../read-store/port';
import type { ProjectionRunnerOptions } from './options';
import type { ReadModelChanges } from './changes';
import type { Waiters } from './waiters';

export interface Slot {
  projector: Projector;
  checkpoint: bigint;
  /** Bumped on every (re)subscription: deliveries from an older one are ignored. */
  generation: number;
  subscription: EventSubscription | null;
  /** Serialises handling even if an adapter delivered concurrently. */
  chain: Promise<void>;
  retryTimer: NodeJS.Timeout | null;
  failures: number;
  paused: boolean;
  /** The projector's lease while this runner holds it (lease mode only). */
  lease: HeldLease | null;
  /** Until when the lease is surely held (by this process's clock). */
  validUntil: number;
  /** A lease acquisition or renewal in flight. */
  leaseBusy: boolean;
}

export interface RunnerState {
  readonly options: ProjectionRunnerOptions;
  readonly readStore: ReadStore;
  readonly eventStore: EventSource;
  /** The live collections every projector writes through. */
  readonly ctx: ProjectionContext;
  readonly slots: Map<string, Slot>;
  readonly leases: LeaseProvider | undefined;
  readonly waiters: Waiters;
  /** Who is told what the projectors changed (the page cache). */
  readonly changes: ReadModelChanges;
  report(projector: string, error: unknown): void;
  running: boolean;
}

export function newSlot(projector: Projector): Slot {
  return {
    projector,
    checkpoint: 0n,
    generation: 0,
    subscription: null,
    chain: Promise.resolve(),
    retryTimer: null,
    failures: 0,
    paused: false,
    lease: null,
    validUntil: 0,
    leaseBusy: false,
  };
}

export async function loadCheckpoint(state: RunnerState, slot: Slot): Promise<void> {
  const stored = await state.readStore.getCheckpoint(slot.projector.name);
  slot.checkpoint = stored ? BigInt(stored) : 0n;
  // Reloaded after a catch-up, a rebuild's swap or a resume: any read model may differ.
  state.changes.everything();
  state.waiters.changed();
}

/** The token checkpoint writes carry (undefined without leases). */
export const tokenOf = (slot: Slot): number | undefined => slot.lease?.token;

/** Whether this runner may write the slot's read models now (always, without leases). */
export const holds = (state: RunnerState, slot: Slot): boolean =>
  !state.leases || (slot.lease !== null && Date.now() < slot.validUntil);

/** The slowest projector's checkpoint. */
export function slowest(slots: Iterable<Slot>): bigint {
  let min: bigint | null = null;
  for (const slot of slots) if (min === null || slot.checkpoint < min) min = slot.checkpoint;
  return min ?? 0n;
}
