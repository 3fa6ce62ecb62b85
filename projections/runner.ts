/**
 * Runs projectors against the live event stream. Each projector has its own subscription and
 * checkpoint, so one failing projector does not hold up the others.
 *
 * Per event: skip it if at or before the checkpoint (replays and redeliveries are harmless),
 * apply it (handle, then flush), THEN write the checkpoint. A crash between the two re-applies one event, which
 * idempotent handlers absorb. After an error the subscription is dropped and restarted from
 * the stored checkpoint after a backoff (doubling up to maxRetryDelayMs).
 *
 * The checkpoints name the event log they belong to (its storeId). Pointed at another log, or
 * at a wiped one, the runner rebuilds its read models on start instead of skipping the new
 * log's first events or waiting beyond its end. Lag is counted in events, not positions.
 *
 * With a LeaseProvider (distributed profile: several workers), a projector runs here only while
 * this runner holds its lease: every `ttl/3` a held lease is renewed and a free one is tried.
 * On taking a lease the runner claims the checkpoint with the lease's fencing token, reads it
 * and subscribes from it; every checkpoint write carries the token, so a runner that lost its
 * lease (paused, cut off from Redis) has its next write refused and stops that projector. It
 * also handles no event once its lease may have expired by its own clock.
 */
import type { ReadStore } from './read-store/port';
import type { EventSource, EventSubscription, ProjectedEvent } from './event-source';
import { liveContext, type Projector } from './projector';
import { rebuild, replayInto, STORE_CHECKPOINT, type RebuildElsewhere } from './rebuild';
import { StaleLeaseError, type HeldLease, type LeaseProvider } from './lease/port';

/** Lag is counted up to this many events (a read of the log after the slowest checkpoint). */
export const LAG_COUNT_LIMIT = 100_000;
/**
 * Further behind than this at start, projectors catch up in pages (flushed every 1,000,000 events,
 * checkpoints written at the end) before their live subscriptions start: one event at a time,
 * each flushed and checkpointed, a start with a million events to apply took minutes.
 */
export const CATCH_UP_IN_PAGES_AFTER = 1_000;

export interface ProjectionRunnerOptions {
  readStore: ReadStore;
  eventStore: EventSource;
  projectors: Projector[];
  /** First delay before resubscribing after an error (default 100 ms). */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Told about every handler or subscription error (default: console.error). */
  onError?: (projector: string, error: unknown) => void;
  /** One runner per projector across processes (see above); absent: this runner runs all. */
  lease?: LeaseProvider;
  /** Told when this runner takes or loses a projector's lease. */
  onLease?: (projector: string, held: boolean, token: number) => void;
  /** Shares a rebuild from scratch with another thread (see RebuildOptions.elsewhere). */
  rebuildElsewhere?: RebuildElsewhere;
  /**
   * Told when a catch-up in pages begins (the projectors are over CATCH_UP_IN_PAGES_AFTER
   * events behind) and when it ends, with the events replayed: an operator watching a start
   * with a long log sees why it is not ready yet.
   */
  onCatchUp?: (progress: { done: false } | { done: true; events: number; ms: number }) => void;
}

export interface ProjectionStatus {
  name: string;
  checkpoint: string;
  /** Events after its checkpoint (counted up to LAG_COUNT_LIMIT). */
  behind: number;
  failures: number;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves true once every projector has applied `position` (read-your-writes), false
   * after `timeoutMs` (default 2000).
   */
  waitFor(position: bigint | string, timeoutMs?: number): Promise<boolean>;
  /** Events after the slowest projector's checkpoint (counted up to LAG_COUNT_LIMIT). */
  lag(): Promise<number>;
  /**
   * A number that changes whenever a read model this runner projects may have changed (an
   * event applied, checkpoints reloaded after a catch-up or a rebuild), read without I/O; null
   * with leases, where other processes project too and their changes are not seen here.
   */
  readModelsVersion(): number | null;
  status(): Promise<ProjectionStatus[]>;
  /** Stops the named projectors' subscriptions and waits for an event in flight (for rebuilds). */
  pause(names: string[]): Promise<void>;
  /** Restarts the named projectors from their stored checkpoints. */
  resume(names: string[]): Promise<void>;
}

interface Slot {
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

interface Waiter {
  position: bigint;
  resolve(done: boolean): void;
  timer: NodeJS.Timeout;
}

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { readStore, eventStore } = options;
  const baseDelay = options.retryDelayMs ?? 100;
  const maxDelay = options.maxRetryDelayMs ?? 5000;
  const report =
    options.onError ??
    ((name: string, error: unknown) => console.error(`[projection ${name}]`, error));
  const ctx = liveContext(readStore);
  const slots = new Map<string, Slot>();
  const waiters = new Set<Waiter>();
  let running = false;

  for (const projector of options.projectors) {
    if (slots.has(projector.name)) throw new Error(`Duplicate projector name ${projector.name}`);
    slots.set(projector.name, {
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
    });
  }
  const leases = options.lease;
  let leaseTimer: NodeJS.Timeout | null = null;
  const leaseTick = leases ? Math.max(20, Math.min(1000, Math.floor(leases.ttlMs / 3))) : 0;
  /** The token checkpoint writes carry (undefined without leases). */
  const tokenOf = (slot: Slot) => slot.lease?.token;
  const holds = (slot: Slot) => !leases || (slot.lease !== null && Date.now() < slot.validUntil);

  /** This runner no longer holds the slot's lease: stop its subscription, try again later. */
  function lose(slot: Slot, why: unknown): void {
    const lease = slot.lease;
    if (!lease) return;
    slot.lease = null;
    slot.generation++;
    if (slot.retryTimer) clearTimeout(slot.retryTimer);
    slot.retryTimer = null;
    void slot.subscription?.close();
    slot.subscription = null;
    options.onLease?.(slot.projector.name, false, lease.token);
    if (!(why instanceof StaleLeaseError) && why !== null) report(slot.projector.name, why);
    void lease.release().catch(() => undefined);
  }

  /** Renews held leases and tries free ones (lease mode; every leaseTick ms). */
  async function tendLease(slot: Slot): Promise<void> {
    if (!leases || !running || slot.leaseBusy) return;
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
          if (Date.now() >= slot.validUntil) lose(slot, error);
          return;
        }
        if (slot.lease !== lease) return;
        if (renewed) slot.validUntil = asked + leases.ttlMs;
        else lose(slot, null);
        return;
      }
      if (slot.paused) return;
      const asked = Date.now();
      const lease = await leases.acquire(slot.projector.name);
      if (!lease) {
        // Someone else runs it: keep its checkpoint current here (waitFor, lag, status).
        await loadCheckpoint(slot);
        notifyWaiters();
        return;
      }
      if (!running || slot.paused) {
        await lease.release();
        return;
      }
      try {
        await readStore.claimCheckpoint(slot.projector.name, lease.token);
      } catch (error) {
        await lease.release();
        if (!(error instanceof StaleLeaseError)) throw error;
        return;
      }
      slot.lease = lease;
      slot.validUntil = asked + leases.ttlMs;
      options.onLease?.(slot.projector.name, true, lease.token);
      await loadCheckpoint(slot);
    } catch (error) {
      if (slot.lease) lose(slot, error);
      else report(slot.projector.name, error);
      return;
    } finally {
      slot.leaseBusy = false;
    }
    // Outside the busy section: the lease keeps being renewed during a long catch-up.
    const lease = slot.lease;
    try {
      await catchUpInPages([slot]);
      if (running && !slot.paused && slot.lease === lease && !slot.subscription) subscribe(slot);
    } catch (error) {
      if (slot.lease === lease) lose(slot, error);
    }
  }

  const slowest = (): bigint => {
    let min: bigint | null = null;
    for (const slot of slots.values())
      if (min === null || slot.checkpoint < min) min = slot.checkpoint;
    return min ?? 0n;
  };

  /** Bumped on every change of a checkpoint (see readModelsVersion). */
  let version = 0;

  function notifyWaiters(): void {
    version++;
    const reached = slowest();
    for (const waiter of waiters) {
      if (waiter.position <= reached) {
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  async function loadCheckpoint(slot: Slot): Promise<void> {
    const stored = await readStore.getCheckpoint(slot.projector.name);
    slot.checkpoint = stored ? BigInt(stored) : 0n;
    version++;
  }

  /**
   * Whether the stored checkpoints belong to another log: another storeId, or (written before
   * checkpoints named their log) a checkpoint beyond this log's head.
   */
  async function checkpointsOfAnotherLog(identity: string): Promise<boolean> {
    const owner = await readStore.getCheckpoint(STORE_CHECKPOINT);
    if (owner !== null) return owner !== identity;
    const head = await eventStore.headPosition();
    return [...slots.values()].some((slot) => slot.checkpoint > head);
  }

  async function apply(slot: Slot, generation: number, event: ProjectedEvent): Promise<void> {
    if (!running || slot.paused || generation !== slot.generation) return;
    if (event.position <= slot.checkpoint) return;
    if (!holds(slot)) {
      // The lease may have expired (a pause, a lost connection): another runner may hold it.
      lose(slot, null);
      return;
    }
    try {
      await slot.projector.handle(event, ctx);
      // A batch of one: what handle deferred is written before the checkpoint moves past it.
      await slot.projector.flush?.(ctx);
      await readStore.setCheckpoint(slot.projector.name, event.position.toString(), tokenOf(slot));
    } catch (error) {
      // What handle wrote before failing may show: pages of the version before are stale.
      version++;
      if (error instanceof StaleLeaseError) lose(slot, error);
      else fail(slot, generation, error);
      return;
    }
    slot.checkpoint = event.position;
    slot.failures = 0;
    notifyWaiters();
  }

  /** The start's catch-up, in pages, for projectors far behind (see CATCH_UP_IN_PAGES_AFTER). */
  async function catchUpInPages(candidates: Slot[]): Promise<void> {
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
    if (!leases && behind.every((slot) => slot.checkpoint === 0n) && behind.length === slots.size) {
      const rebuilt = await rebuild(readStore, eventStore, options.projectors, {
        ...(options.rebuildElsewhere ? { elsewhere: options.rebuildElsewhere } : {}),
      });
      events = rebuilt.events;
    } else {
      const slotOf = new Map(behind.map((s) => [s.projector, s]));
      const checkpointOf = new Map(behind.map((s) => [s.projector, s.checkpoint]));
      /** Slots whose lease may have run out during the catch-up: no checkpoint is written. */
      const lost = new Set<Slot>();
      const done = await replayInto(eventStore, [...checkpointOf.keys()], ctx, {
        from,
        behind: (projector, position) => {
          const slot = slotOf.get(projector);
          if (slot && !holds(slot)) {
            lost.add(slot);
            return false;
          }
          return position > (checkpointOf.get(projector) ?? 0n);
        },
      });
      events = done.events;
      for (const slot of behind) {
        if (!lost.has(slot) && done.position > slot.checkpoint) {
          await readStore.setCheckpoint(
            slot.projector.name,
            done.position.toString(),
            tokenOf(slot),
          );
        }
      }
    }
    for (const slot of behind) await loadCheckpoint(slot);
    options.onCatchUp?.({ done: true, events, ms: Math.round(performance.now() - started) });
  }

  function subscribe(slot: Slot): void {
    const generation = ++slot.generation;
    slot.subscription = eventStore.subscribeToAll({
      after: slot.checkpoint,
      onEvent: (event) => {
        slot.chain = slot.chain.then(() => apply(slot, generation, event));
        return slot.chain;
      },
      onError: (error) => fail(slot, generation, error),
    });
  }

  function fail(slot: Slot, generation: number, error: unknown): void {
    if (generation !== slot.generation) return;
    slot.generation++; // ignore whatever the failed subscription still delivers
    report(slot.projector.name, error);
    void slot.subscription?.close();
    slot.subscription = null;
    if (!running || slot.paused) return;
    const delay = Math.min(maxDelay, baseDelay * 2 ** slot.failures);
    slot.failures++;
    slot.retryTimer = setTimeout(() => {
      slot.retryTimer = null;
      if (!running || slot.paused || !holds(slot)) return;
      loadCheckpoint(slot).then(
        () => {
          if (running && !slot.paused && !slot.subscription && holds(slot)) subscribe(slot);
        },
        (reason: unknown) => fail(slot, slot.generation, reason),
      );
    }, delay);
  }

  async function halt(slot: Slot): Promise<void> {
    slot.generation++;
    if (slot.retryTimer) clearTimeout(slot.retryTimer);
    slot.retryTimer = null;
    const subscription = slot.subscription;
    slot.subscription = null;
    await subscription?.close();
    await slot.chain;
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
      if (running) return;
      running = true;
      for (const slot of slots.values()) await loadCheckpoint(slot);
      const identity = await eventStore.storeId();
      // With leases, one runner of the cluster at a time compares (and rebuilds).
      const startLease = leases ? await leases.acquire(STORE_CHECKPOINT) : null;
      if (!leases || startLease) {
        try {
          if (await checkpointsOfAnotherLog(identity)) {
            report(
              '*',
              new Error('checkpoints belong to another event log; rebuilding read models'),
            );
            await rebuild(readStore, eventStore, options.projectors, {
              ...(options.rebuildElsewhere ? { elsewhere: options.rebuildElsewhere } : {}),
            });
            for (const slot of slots.values()) await loadCheckpoint(slot);
          }
          await readStore.setCheckpoint(STORE_CHECKPOINT, identity);
        } finally {
          await startLease?.release();
        }
      }
      if (leases) {
        const tend = () => {
          for (const slot of slots.values()) void tendLease(slot);
        };
        leaseTimer = setInterval(tend, leaseTick);
        leaseTimer.unref();
        tend();
        return;
      }
      await catchUpInPages([...slots.values()]);
      for (const slot of slots.values()) if (!slot.paused) subscribe(slot);
    },

    async stop() {
      running = false;
      if (leaseTimer) clearInterval(leaseTimer);
      leaseTimer = null;
      await Promise.all([...slots.values()].map(halt));
      for (const slot of slots.values()) {
        const lease = slot.lease;
        slot.lease = null;
        await lease?.release().catch(() => undefined);
      }
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.resolve(false);
      }
      waiters.clear();
    },

    waitFor(position, timeoutMs = 2000) {
      const target = typeof position === 'bigint' ? position : BigInt(position);
      if (target <= slowest()) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          position: target,
          resolve,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            resolve(false);
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },

    lag() {
      return eventStore.countAfter(slowest(), LAG_COUNT_LIMIT);
    },

    readModelsVersion() {
      return leases ? null : version;
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
        const lease = slot.lease;
        slot.lease = null;
        await lease?.release().catch(() => undefined);
      }
    },

    async resume(names) {
      for (const slot of slotsNamed(names)) {
        slot.paused = false;
        slot.failures = 0;
        await loadCheckpoint(slot);
        // With leases the next tend takes the lease again and subscribes.
        if (running && !slot.subscription && !leases) subscribe(slot);
      }
      notifyWaiters();
    },
  };
}
