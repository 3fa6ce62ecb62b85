/**
 * The kept pages by what their renders read (api/ssr/page-cache.ts): which pages a change of
 * the read models drops. A change names collections (changed wholly: every page that read
 * them in any way is dropped) and documents, as they were and are (a page is dropped when one
 * of its reads depends on the document: projections/read-matching.ts). A page whose render
 * recorded no read is dropped by any change.
 *
 * Keyed reads by `_id` (a city's state, a provider's record) are found by the written
 * document's `_id`; other keyed reads of the collection are each tested.
 */
import {
  changeTouches,
  collectionOf,
  parseRead,
  type CollectionRead,
  type DocumentChange,
  type Equalities,
} from '../../projections/read-matching';

/** A change of some collections and documents (ReadModelChange without `everything`). */
export interface PartialChange {
  collections: readonly string[];
  documents?: readonly DocumentChange[];
}

interface Keyed {
  equalities: Equalities;
  pages: Set<string>;
}

interface Readers {
  /** Every page that read the collection, in any way. */
  every: Set<string>;
  whole: Set<string>;
  fields: Map<string, { fields: readonly string[]; pages: Set<string> }>;
  keyed: Map<string, Keyed>;
  /** The keyed reads with a string `_id` among their equalities, by it; the others. */
  keyedById: Map<string, Set<string>>;
  keyedOther: Set<string>;
}

const newReaders = (): Readers => ({
  every: new Set(),
  whole: new Set(),
  fields: new Map(),
  keyed: new Map(),
  keyedById: new Map(),
  keyedOther: new Set(),
});

const idOf = (read: CollectionRead): string | null =>
  read.kind === 'keyed' && typeof read.equalities._id === 'string' ? read.equalities._id : null;

export class PageReaders {
  private readonly byCollection = new Map<string, Readers>();
  private readonly unrecorded = new Set<string>();
  private readonly readsOf = new Map<string, Array<[string, CollectionRead]> | null>();

  /** Keeps `page` as having read `reads` (none recorded: dropped by any change). */
  add(page: string, reads: ReadonlySet<string>): void {
    this.remove(page);
    if (reads.size === 0) {
      this.unrecorded.add(page);
      this.readsOf.set(page, null);
      return;
    }
    const parsed: Array<[string, CollectionRead]> = [];
    for (const read of reads) {
      const what = parseRead(read);
      parsed.push([read, what]);
      let readers = this.byCollection.get(what.collection);
      if (!readers) this.byCollection.set(what.collection, (readers = newReaders()));
      readers.every.add(page);
      if (what.kind === 'whole') {
        readers.whole.add(page);
      } else if (what.kind === 'fields') {
        let entry = readers.fields.get(read);
        if (!entry) readers.fields.set(read, (entry = { fields: what.fields, pages: new Set() }));
        entry.pages.add(page);
      } else {
        let entry = readers.keyed.get(read);
        if (!entry) {
          readers.keyed.set(read, (entry = { equalities: what.equalities, pages: new Set() }));
          const id = idOf(what);
          if (id === null) readers.keyedOther.add(read);
          else {
            let reads = readers.keyedById.get(id);
            if (!reads) readers.keyedById.set(id, (reads = new Set()));
            reads.add(read);
          }
        }
        entry.pages.add(page);
      }
    }
    this.readsOf.set(page, parsed);
  }

  remove(page: string): void {
    const reads = this.readsOf.get(page);
    if (reads === undefined) return;
    this.readsOf.delete(page);
    if (reads === null) {
      this.unrecorded.delete(page);
      return;
    }
    for (const [read, what] of reads) {
      const readers = this.byCollection.get(what.collection);
      if (!readers) continue;
      readers.every.delete(page);
      if (what.kind === 'whole') readers.whole.delete(page);
      else if (what.kind === 'fields') {
        const entry = readers.fields.get(read);
        entry?.pages.delete(page);
        if (entry?.pages.size === 0) readers.fields.delete(read);
      } else {
        const entry = readers.keyed.get(read);
        entry?.pages.delete(page);
        if (entry?.pages.size === 0) {
          readers.keyed.delete(read);
          const id = idOf(what);
          if (id === null) readers.keyedOther.delete(read);
          else {
            const byId = readers.keyedById.get(id);
            byId?.delete(read);
            if (byId?.size === 0) readers.keyedById.delete(id);
          }
        }
      }
      if (readers.every.size === 0) this.byCollection.delete(what.collection);
    }
  }

  /** The kept pages `change` drops. */
  touched(change: PartialChange): Set<string> {
    const dropped = new Set(this.unrecorded);
    for (const collection of change.collections) {
      for (const page of this.byCollection.get(collection)?.every ?? []) dropped.add(page);
    }
    for (const doc of change.documents ?? []) {
      const readers = this.byCollection.get(doc.collection);
      if (!readers) continue;
      for (const page of readers.whole) dropped.add(page);
      for (const { fields, pages } of readers.fields.values()) {
        if (changeTouches({ collection: doc.collection, kind: 'fields', fields }, doc)) {
          for (const page of pages) dropped.add(page);
        }
      }
      const id = doc.before?._id ?? doc.after?._id;
      const byId = id === undefined ? undefined : readers.keyedById.get(id);
      for (const candidates of [byId ?? [], readers.keyedOther]) {
        for (const read of candidates) {
          const entry = readers.keyed.get(read);
          if (!entry) continue;
          const keyed = {
            collection: doc.collection,
            kind: 'keyed',
            equalities: entry.equalities,
          } as const;
          if (changeTouches(keyed, doc)) for (const page of entry.pages) dropped.add(page);
        }
      }
    }
    return dropped;
  }

  clear(): void {
    this.byCollection.clear();
    this.unrecorded.clear();
    this.readsOf.clear();
  }
}

/**
 * Whether a render that has read `reads` so far (a render in flight) may show something
 * `change` changed as it was. Nothing read yet: false (what it reads next is read as it is).
 */
export function readsTouched(reads: ReadonlySet<string>, change: PartialChange): boolean {
  if (reads.size === 0) return false;
  const collections = new Set(change.collections);
  const documents = change.documents ?? [];
  for (const read of reads) {
    const collection = collectionOf(read);
    if (collections.has(collection)) return true;
    let parsed: CollectionRead | null = null;
    for (const doc of documents) {
      if (doc.collection !== collection) continue;
      parsed ??= parseRead(read);
      if (changeTouches(parsed, doc)) return true;
    }
  }
  return false;
}
