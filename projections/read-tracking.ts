/**
 * Which read-model collections a piece of work read: what lets the page cache drop only the
 * pages an event changed (api/ssr/page-cache.ts) instead of every page.
 *
 *   const queries = appQueries(tracingReads(readStore)); // once, in the composition root
 *   const reads: CollectionReads = new Set();
 *   await readingInto(reads, () => queries.featuredProviderCards()); // reads: {public_provider_ranking}
 *
 * A read is recorded when it is asked (before its answer), by the logical collection name, in
 * the set of the work it runs for (an AsyncLocalStorage context, so one set of queries serves
 * every render at once). Outside `readingInto` nothing is recorded and the wrapper costs one
 * lookup. Writes are not recorded here: the projection runner says what each event changed
 * (ProjectionRunner.onReadModelsChanged).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { EVERY_EVENT, type Projector } from './projector';
import type { Collection, Document, ReadStore } from './read-store/port';

/** The collections a piece of work read (logical names). */
export type CollectionReads = Set<string>;

/** What changed in the read models: some collections, or anything (a rebuild, a reload). */
export type ReadModelChange = { collections: readonly string[] } | { everything: true };

const current = new AsyncLocalStorage<CollectionReads>();

/** Runs `work` recording every read of a `tracingReads` store into `reads`. */
export function readingInto<T>(reads: CollectionReads, work: () => T): T {
  return current.run(reads, work);
}

function tracedCollection<T extends Document>(name: string, inner: Collection<T>): Collection<T> {
  const record = () => current.getStore()?.add(name);
  return {
    find(filter, options) {
      record();
      return inner.find(filter, options);
    },
    findOne(filter) {
      record();
      return inner.findOne(filter);
    },
    count(filter) {
      record();
      return inner.count(filter);
    },
    upsert: (doc) => inner.upsert(doc),
    update: (filter, update) => inner.update(filter, update),
    delete: (filter) => inner.delete(filter),
    bulkWrite: (operations, options) => inner.bulkWrite(operations, options),
  };
}

/**
 * `store`, recording the collections its reads touch (see readingInto). A read of a
 * projector's checkpoint (a query that keeps what it built until the projector moves, as the
 * cost ranking does) records the collections that projector writes (`projectors`).
 */
export function tracingReads(
  store: ReadStore,
  projectors: ReadonlyArray<Pick<Projector, 'name' | 'collections'>> = [],
): ReadStore {
  const handles = new Map<string, Collection>();
  const written = new Map(projectors.map((p) => [p.name, p.collections]));
  const recordCheckpoint = (name: string) => {
    const reads = current.getStore();
    if (reads) for (const collection of written.get(name) ?? []) reads.add(collection);
  };
  return {
    collection<T extends Document = Document>(name: string): Collection<T> {
      let handle = handles.get(name);
      if (!handle) {
        handle = tracedCollection(name, store.collection(name));
        handles.set(name, handle);
      }
      return handle as Collection<T>; // made for this name over store.collection<Document>
    },
    ensureIndexes: (collection, indexes) => store.ensureIndexes(collection, indexes),
    drop: (name) => store.drop(name),
    rename: (from, to) => store.rename(from, to),
    getCheckpoint(projection) {
      recordCheckpoint(projection);
      return store.getCheckpoint(projection);
    },
    setCheckpoint: (projection, position, token) =>
      store.setCheckpoint(projection, position, token),
    claimCheckpoint: (projection, token) => store.claimCheckpoint(projection, token),
    getCheckpoints(projections) {
      for (const projection of projections) recordCheckpoint(projection);
      return store.getCheckpoints(projections);
    },
    close: () => store.close(),
  };
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
