import type { Collection, Document, IndexDeclaration, ReadStore } from './read-store/port';
import type { ProjectedEvent } from './event-source';

/**
 * Where a projector writes. Projectors name their collections logically ('providers'); the
 * context maps them to physical ones, so a rebuild can write 'providers__rebuild' while the
 * live collection keeps serving.
 */
export interface ProjectionContext {
  collection<T extends Document = Document>(name: string): Collection<T>;
  /**
   * A replay from the start of the log into collections that began empty and that nothing
   * else writes meanwhile (a rebuild's): what the projector has not written in this context
   * is not in them, so it need not look.
   */
  fromScratch?: boolean;
}

/**
 * Turns events into read-model documents. Handlers must be idempotent (upserts and
 * recomputations, never blind increments): after a crash between a write and its checkpoint
 * the last event is applied again.
 *
 * A projector may defer work that depends on many documents (the public ranking) to `flush`:
 * whoever calls `handle` calls `flush` with the same context after each batch of events and
 * before writing a checkpoint past them. The runner flushes after every event; a rebuild after
 * a run of pages (RebuildOptions.flushEvery) and at the end. Until then the deferred writes
 * (the provider records and ranking, the audit entries) are not in the read models.
 */
export interface Projector {
  /** Checkpoint name; unique among projectors. */
  name: string;
  /** Logical names of every collection it writes (rebuilt and swapped together). */
  collections: string[];
  /**
   * The event types it reads: the runner and a replay hand it only those and move its
   * checkpoint past the others. EVERY_EVENT, said on purpose, hands it all of them.
   */
  eventTypes: readonly string[] | typeof EVERY_EVENT;
  /**
   * The indexes its queries need, per logical collection (created at start and on the rebuilt
   * collections before they are swapped in; MongoDB builds them, memory ignores them).
   */
  indexes?: Record<string, readonly IndexDeclaration[]>;
  /**
   * The version of what it writes: raised whenever a change of its code changes its read
   * models for the same events. A snapshot (projections/snapshots) records each projector's
   * version and is not loaded by code whose versions differ (absent: 0).
   */
  version?: number;
  /**
   * Its read models hold what the log keeps sealed (a subscriber's address, crypto-shredded):
   * a snapshot seals them with a key of its own, destroyed when an event of these types (an
   * erasure) is applied, so no snapshot keeps an erased subscriber readable.
   */
  sealedData?: { erasedBy: readonly string[] };
  /**
   * May answer synchronously (undefined) when it needs no read: a replay then awaits nothing
   * for it (the await of an async handler for each of its events was a cost of its own).
   */
  handle(event: ProjectedEvent, ctx: ProjectionContext): Promise<void> | void;
  /** Completes what `handle` deferred for this context (see above). Optional. */
  flush?(ctx: ProjectionContext): Promise<void>;
}

/** Projector.eventTypes of a projector that reads the whole log (a test's, a benchmark's). */
export const EVERY_EVENT = '*';

/** Whether `projector` reads events of `type` (see Projector.eventTypes). */
export function reads(projector: Pick<Projector, 'eventTypes'>, type: string): boolean {
  return projector.eventTypes === EVERY_EVENT || projector.eventTypes.includes(type);
}

export const REBUILD_SUFFIX = '__rebuild';

/**
 * What a projector holds for one context between `handle` and `flush` (the pending writes of a
 * replay): `of` makes it on first use, `take` hands it to the flush and forgets it (forgotten
 * even if the write then fails: the events are applied again from the store).
 */
export function perContext<T>(create: () => T) {
  const held = new WeakMap<ProjectionContext, T>();
  return {
    of(ctx: ProjectionContext): T {
      let value = held.get(ctx);
      if (value === undefined) {
        value = create();
        held.set(ctx, value);
      }
      return value;
    },
    /** What is held for `ctx`, without creating it. */
    peek(ctx: ProjectionContext): T | undefined {
      return held.get(ctx);
    },
    take(ctx: ProjectionContext): T | undefined {
      const value = held.get(ctx);
      held.delete(ctx);
      return value;
    },
  };
}

export function liveContext(store: ReadStore): ProjectionContext {
  return { collection: handles(store, '') };
}

/** A rebuild's: its collections were dropped before it began (see ProjectionContext). */
export function rebuildContext(store: ReadStore): ProjectionContext {
  return { collection: handles(store, REBUILD_SUFFIX), fromScratch: true };
}

/**
 * Collection handles by logical name, made once: a replay asks for them a few million times,
 * and a handle stays valid through drop and rename (the port's adapters look the name up).
 */
function handles(store: ReadStore, suffix: string): ProjectionContext['collection'] {
  const made = new Map<string, Collection>();
  return <T extends Document = Document>(name: string): Collection<T> => {
    let handle = made.get(name);
    if (!handle) {
      handle = store.collection(`${name}${suffix}`);
      made.set(name, handle);
    }
    return handle as Collection<T>; // made for this name by store.collection<Document>
  };
}

/** Creates every projector's declared indexes on its collections (`suffix`: a rebuild's). */
export async function ensureProjectorIndexes(
  store: ReadStore,
  projectors: readonly Projector[],
  suffix = '',
): Promise<void> {
  for (const projector of projectors) {
    for (const [collection, indexes] of Object.entries(projector.indexes ?? {})) {
      await store.ensureIndexes(`${collection}${suffix}`, indexes);
    }
  }
}
