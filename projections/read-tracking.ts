/**
 * What a piece of work read of the read models: what lets the page cache drop only the pages
 * an event changed (api/ssr/page-cache.ts) instead of every page.
 *
 *   const queries = appQueries(tracingReads(readStore)); // once, in the composition root
 *   const reads: CollectionReads = new Set();
 *   await readingInto(reads, () => queries.stateRanking('TX'));
 *   // reads: { keyedRead('state_provider_rankings', { _id: 'TX' }) }
 *
 * A read is recorded when it is asked (before its answer), in the set of the work it runs for
 * (an AsyncLocalStorage context, so one set of queries serves every render at once), as what
 * its answer depends on (projections/read-matching.ts): a keyed lookup (only equalities of
 * scalars: the documents it matches), some fields of every document (an inclusion projection,
 * a count), or the whole collection (the collection's name, as every read was recorded
 * before). Outside `readingInto` nothing is recorded and the wrapper costs one lookup. Writes
 * are not recorded here: the projection runner says what each event changed
 * (ProjectionRunner.onReadModelsChanged, projections/runner/written.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { EVERY_EVENT, type Projector } from './projector';
import { readOf, type DocumentChange } from './read-matching';
import type { Collection, Document, ReadStore } from './read-store/port';
import { decorateCollections } from './read-store/decorate';

export type { DocumentChange };

/**
 * What a piece of work read: per read, the collection's logical name (read whole) or a keyed
 * or fields read of it (projections/read-matching.ts: readOf, parseRead).
 */
export type CollectionReads = Set<string>;

/**
 * What changed in the read models: collections wholly (any of their documents may differ),
 * documents precisely (as they were and are: the runner's live writes, see runner/written.ts),
 * or anything (a rebuild, a reload).
 */
export type ReadModelChange =
  { collections: readonly string[]; documents?: readonly DocumentChange[] } | { everything: true };

const current = new AsyncLocalStorage<CollectionReads>();

/** Runs `work` recording every read of a `tracingReads` store into `reads`. */
export function readingInto<T>(reads: CollectionReads, work: () => T): T {
  return current.run(reads, work);
}

function tracedCollection<T extends Document>(name: string, inner: Collection<T>): Collection<T> {
  return {
    find(filter, options) {
      current.getStore()?.add(readOf(name, filter, options));
      return inner.find(filter, options);
    },
    findOne(filter) {
      current.getStore()?.add(readOf(name, filter));
      return inner.findOne(filter);
    },
    count(filter) {
      current.getStore()?.add(readOf(name, filter, 'count'));
      return inner.count(filter);
    },
    upsert: (doc) => inner.upsert(doc),
    update: (filter, update) => inner.update(filter, update),
    delete: (filter) => inner.delete(filter),
    bulkWrite: (operations, options) => inner.bulkWrite(operations, options),
  };
}

/**
 * `store`, recording what its reads depend on (see readingInto). A read of a projector's
 * checkpoint (a query that keeps what it built until the projector moves, as the cost ranking
 * does) records the collections that projector writes (`projectors`), whole.
 */
export function tracingReads(
  store: ReadStore,
  projectors: ReadonlyArray<Pick<Projector, 'name' | 'collections'>> = [],
): ReadStore {
  const written = new Map(projectors.map((p) => [p.name, p.collections]));
  const recordCheckpoint = (name: string) => {
    const reads = current.getStore();
    if (reads) for (const collection of written.get(name) ?? []) reads.add(collection);
  };
  return decorateCollections(store, tracedCollection, {
    getCheckpoint(projection) {
      recordCheckpoint(projection);
      return store.getCheckpoint(projection);
    },
    getCheckpoints(projections) {
      for (const projection of projections) recordCheckpoint(projection);
      return store.getCheckpoints(projections);
    },
  });
}

/**
 * The collections an event of each type may change: the declared collections of every
 * projector that reads the type (Projector.collections, eventTypes). What a process that does
 * not run the projectors (an api of the distributed profile) knows of an event it sees in the
 * log. A projector reading every event makes every type change its collections.
 */
export function collectionsByEventType(
  projectors: ReadonlyArray<Pick<Projector, 'collections' | 'eventTypes'>>,
): (type: string) => readonly string[] {
  const byType = new Map<string, Set<string>>();
  const always = new Set<string>();
  for (const projector of projectors) {
    if (projector.eventTypes === EVERY_EVENT) {
      for (const c of projector.collections) always.add(c);
      continue;
    }
    for (const type of projector.eventTypes) {
      const set = byType.get(type) ?? new Set<string>();
      for (const c of projector.collections) set.add(c);
      byType.set(type, set);
    }
  }
  const cached = new Map<string, readonly string[]>();
  return (type) => {
    let collections = cached.get(type);
    if (!collections) {
      collections = [...new Set([...(byType.get(type) ?? []), ...always])];
      cached.set(type, collections);
    }
    return collections;
  };
}
