/**
 * Which documents a projector's live writes changed, as they were before and are after: what
 * the runner tells the page cache after each event, so that a price change of one provider
 * drops the pages that read that provider, not every page that reads a provider
 * (projections/read-matching.ts has the rule).
 *
 *   const ctx = liveContext(recordingStore(readStore)); // the runner's live context
 *   const written = await recordingWrites(async () => {
 *     await projector.handle(event, ctx);
 *     await projector.flush?.(ctx); // what handle deferred is still this event's
 *   });
 *   // written: { documents: [{ collection, before, after }], collections: [] }
 *
 * Each write through the store, while `recordingWrites` runs, first reads the documents it
 * will touch (by its filter: the upserted `_id`, the update's or delete's matches), then writes,
 * then reads them again by `_id`. A document written several times keeps its first `before`
 * and its last `after`; one that ends as it began is left out. What cannot be told precisely
 * (an update or delete matching more than DESCRIBED_LIMIT documents, more than that many
 * documents written in one collection) is told as the whole collection. Writes outside
 * `recordingWrites` (a catch-up, a replay) pass straight through; one the work began but did
 * not wait for, made after it ended, is told on its own (`late`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { DocumentChange } from '../read-matching';
import { decorateCollections } from '../read-store/decorate';
import type {
  BulkOperation,
  BulkWriteOptions,
  Collection,
  Document,
  Filter,
  ReadStore,
  Update,
} from '../read-store/port';

/** Beyond this many documents in one collection, a recording tells the whole collection. */
export const DESCRIBED_LIMIT = 1_000;

/** What the writes of one piece of work changed. */
export interface WrittenChanges {
  /** Changed wholly (not described document by document). */
  collections: string[];
  documents: DocumentChange[];
}

interface Recording {
  /** Per collection: each written document by _id, as it was first seen and last seen. */
  docs: Map<string, Map<string, { before: Document | null; after: Document | null }>>;
  whole: Set<string>;
  /** False once the work has ended (and its changes were summed up). */
  open: boolean;
  late?: ((collection: string) => void) | undefined;
}

const recording = new AsyncLocalStorage<Recording>();

/**
 * Runs `work`, recording the changes of its writes through a recordingStore. A write begun by
 * the work that comes after it ended (a promise it did not wait for) is told to `late` (its
 * collection, as changed wholly).
 */
export async function recordingWrites(
  work: () => Promise<void>,
  late?: (collection: string) => void,
): Promise<WrittenChanges> {
  const current: Recording = { docs: new Map(), whole: new Set(), open: true, late };
  try {
    await recording.run(current, work);
  } finally {
    current.open = false;
  }
  const documents: DocumentChange[] = [];
  for (const [collection, docs] of current.docs) {
    if (current.whole.has(collection)) continue;
    for (const { before, after } of docs.values()) {
      if (!isDeepStrictEqual(before, after)) documents.push({ collection, before, after });
    }
  }
  return { collections: [...current.whole], documents };
}

/** The documents of `collection` this recording describes, or null once it tells it whole. */
function described(rec: Recording, collection: string, adding: number) {
  if (rec.whole.has(collection)) return null;
  let docs = rec.docs.get(collection);
  if (!docs) rec.docs.set(collection, (docs = new Map()));
  if (docs.size + adding > DESCRIBED_LIMIT) {
    rec.whole.add(collection);
    rec.docs.delete(collection);
    return null;
  }
  return docs;
}

/**
 * A write of `name` recorded: the documents it touches (`touched`: their states before, by
 * _id, or null when too many to describe), the write, then their states after.
 */
async function recorded<R>(
  rec: Recording,
  name: string,
  inner: Collection,
  touched: () => Promise<Map<string, Document | null> | null>,
  write: () => Promise<R>,
): Promise<R> {
  if (!rec.open) {
    // Begun after the work ended (it did not wait): told once written.
    const result = await write();
    rec.late?.(name);
    return result;
  }
  const before = rec.whole.has(name) ? null : await touched();
  const docs = before ? described(rec, name, before.size) : null;
  let result: R;
  if (!before || !docs) {
    wholly(name);
    result = await write();
  } else {
    for (const [id, doc] of before) {
      if (!docs.has(id)) docs.set(id, { before: doc, after: doc });
    }
    result = await write();
    for (const id of before.keys()) {
      const entry = docs.get(id);
      if (entry) entry.after = await inner.findOne({ _id: id });
    }
  }
  // Not waited for by the work: its changes were summed up without (all of) this write.
  if (!rec.open) rec.late?.(name);
  return result;
}

/** The documents `filter` matches now by _id; null when more than DESCRIBED_LIMIT. */
async function matches(
  inner: Collection,
  filter: Filter,
  into = new Map<string, Document | null>(),
): Promise<Map<string, Document | null> | null> {
  const found = await inner.find(filter, { limit: DESCRIBED_LIMIT + 1 });
  if (found.length > DESCRIBED_LIMIT) return null;
  for (const doc of found) into.set(doc._id, doc);
  return into;
}

function recordingCollection(name: string, inner: Collection): Collection {
  return {
    find: (filter, options) => inner.find(filter, options),
    findOne: (filter) => inner.findOne(filter),
    count: (filter) => inner.count(filter),
    upsert(doc: Document) {
      const rec = recording.getStore();
      if (!rec) return inner.upsert(doc);
      return recorded(
        rec,
        name,
        inner,
        async () => new Map([[doc._id, await inner.findOne({ _id: doc._id })]]),
        () => inner.upsert(doc),
      );
    },
    update(filter: Filter, update: Update) {
      const rec = recording.getStore();
      if (!rec) return inner.update(filter, update);
      return recorded(
        rec,
        name,
        inner,
        () => matches(inner, filter),
        () => inner.update(filter, update),
      );
    },
    delete(filter: Filter) {
      const rec = recording.getStore();
      if (!rec) return inner.delete(filter);
      return recorded(
        rec,
        name,
        inner,
        () => matches(inner, filter),
        () => inner.delete(filter),
      );
    },
    bulkWrite(operations: BulkOperation<Document>[], options?: BulkWriteOptions) {
      const rec = recording.getStore();
      if (!rec) return inner.bulkWrite(operations, options);
      // Every document an operation touches matched its filter before the batch, or was
      // written by an earlier operation of it (an upsert's _id, an update's earlier match).
      const touched = async () => {
        const before = new Map<string, Document | null>();
        for (const op of operations) {
          if (op.kind === 'upsert') {
            if (!before.has(op.doc._id)) {
              before.set(op.doc._id, await inner.findOne({ _id: op.doc._id }));
            }
          } else if (!(await matches(inner, op.filter, before))) {
            return null;
          }
          if (before.size > DESCRIBED_LIMIT) return null;
        }
        return before;
      };
      return recorded(rec, name, inner, touched, () => inner.bulkWrite(operations, options));
    },
  };
}

/** Tells `names` as changed wholly by the recording under way, if any. */
function wholly(...names: string[]): void {
  const rec = recording.getStore();
  if (!rec) return;
  if (!rec.open) {
    for (const name of names) rec.late?.(name);
    return;
  }
  for (const name of names) {
    rec.whole.add(name);
    rec.docs.delete(name);
  }
}

/**
 * `store`, recording what its collections' writes change while `recordingWrites` runs (see
 * the top of this file). A collection dropped or renamed meanwhile is told whole.
 */
export function recordingStore(store: ReadStore): ReadStore {
  return decorateCollections(store, recordingCollection, {
    async drop(name) {
      await store.drop(name);
      wholly(name);
    },
    async rename(from, to) {
      await store.rename(from, to);
      wholly(from, to);
    },
  });
}
