/**
 * Read models holding personal data, kept on disk with that data sealed (embedded profile).
 *
 * The subscriber list lives in the on-disk projection file (200,000 subscribers were ~140 MB
 * of the process's heap), and a subscriber's address and preferences are never written there
 * in the clear: each document's personal fields are sealed together, under `sealed`, with a
 * key of that document (the subscriber's own key, which an erasure destroys: what lingers in
 * the file's free pages or a journal then opens no more, as with the event log). The other
 * fields stay in the clear, so that SQLite filters, counts, sorts and pages by them.
 *
 * Reads open the documents they return; a filter on a sealed field (the back office's search
 * by address) reads the clear part's matches, opens each and tests it here. A document whose
 * key is gone reads as absent. Updates of clear fields only are the store's own; others read,
 * update and write back the documents they match. Indexes on sealed fields are not made (the
 * key store keeps an address's subscription: commands/newsletter/key-store.ts).
 */
import { applyUpdate } from './mongo-language';
import type {
  BulkOperation,
  BulkWriteOptions,
  Collection,
  Document,
  Filter,
  FindOptions,
  ReadStore,
  Update,
} from './port';
import { assertOperators, comparator, copy, projector, tester } from './memory';
import { decorateCollections } from './decorate';

/** Seals and opens one collection's personal fields with a key per document. */
export interface DocumentSealer {
  /** The keys of these documents to read them (absent: none, or destroyed). */
  keysToRead(ids: readonly string[]): Promise<Map<string, Buffer>>;
  /**
   * The keys to write these documents with (made for one that never had a key); null for one
   * whose key was destroyed: it is erased, and is not written again.
   */
  keysToWrite(ids: readonly string[]): Promise<Map<string, Buffer | null>>;
  seal(key: Buffer, id: string, text: string): string;
  /** The text, or null when it does not open with this key. */
  open(key: Buffer, id: string, sealed: string): string | null;
}

export const isDocumentSealer = (value: unknown): value is DocumentSealer =>
  typeof value === 'object' &&
  value !== null &&
  ['keysToRead', 'keysToWrite', 'seal', 'open'].every(
    (name) => typeof (value as Record<string, unknown>)[name] === 'function',
  );

export interface SealedCollectionSpec {
  /** The personal fields, sealed together. */
  fields: readonly string[];
  sealer: DocumentSealer;
}

const SEALED = 'sealed';

/** `store` with the named collections (and their `{name}__rebuild` copies) sealed as above. */
export function withSealedCollections<S extends ReadStore>(
  store: S,
  specs: ReadonlyMap<string, SealedCollectionSpec>,
): S {
  const specOf = (name: string) => specs.get(name.split('__')[0]!);
  return decorateCollections(
    store,
    (name, inner) => {
      const spec = specOf(name);
      return spec ? new SealedCollection(inner, spec) : null;
    },
    {
      ensureIndexes(name, indexes) {
        // An index over a sealed field would index ciphertext: only the clear ones are made.
        const spec = specOf(name);
        const clear = spec
          ? indexes.filter((i) => Object.keys(i.fields).every((f) => !spec.fields.includes(f)))
          : indexes;
        return store.ensureIndexes(name, clear);
      },
    },
  );
}

class SealedCollection<T extends Document> implements Collection<T> {
  private readonly sealedFields: ReadonlySet<string>;

  constructor(
    private readonly inner: Collection<Document>,
    private readonly spec: SealedCollectionSpec,
  ) {
    this.sealedFields = new Set(spec.fields);
  }

  /** The filter split into what the store can test (clear fields) and what is tested here. */
  private split(filter: Filter): { clear: Filter; sealed: Filter | null } {
    const clear: Filter = {};
    const sealed: Filter = {};
    let testedHere = false;
    for (const [key, value] of Object.entries(filter)) {
      // An operator over several fields ($or, $and…) may name a sealed one: tested here.
      if (this.sealedFields.has(key.split('.')[0]!) || key.startsWith('$')) {
        sealed[key] = value;
        testedHere = true;
      } else clear[key] = value;
    }
    return { clear, sealed: testedHere ? sealed : null };
  }

  /** The stored documents, opened; those whose key is gone are left out. */
  private async open(stored: Document[]): Promise<Document[]> {
    if (stored.length === 0) return [];
    const keys = await this.spec.sealer.keysToRead(stored.map((d) => d._id));
    const opened: Document[] = [];
    for (const doc of stored) {
      const key = keys.get(doc._id);
      const text =
        key && typeof doc[SEALED] === 'string'
          ? this.spec.sealer.open(key, doc._id, doc[SEALED])
          : null;
      if (text === null) continue;
      const { [SEALED]: _sealed, ...clear } = doc;
      opened.push({ ...clear, ...(JSON.parse(text) as Record<string, unknown>) } as Document);
    }
    return opened;
  }

  /** The documents as stored (null: erased, not written), in order. */
  private async sealAll(docs: readonly Document[]): Promise<Array<Document | null>> {
    const keys = await this.spec.sealer.keysToWrite(docs.map((d) => d._id));
    return docs.map((doc) => {
      const key = keys.get(doc._id);
      if (!key) return null;
      const personal: Record<string, unknown> = {};
      const stored: Document = { _id: doc._id };
      for (const [field, value] of Object.entries(doc)) {
        if (field === '_id') continue;
        if (this.sealedFields.has(field)) personal[field] = value;
        else stored[field] = value;
      }
      stored[SEALED] = this.spec.sealer.seal(key, doc._id, JSON.stringify(personal));
      return stored;
    });
  }

  /** Whether a projection names clear fields only (then nothing needs opening). */
  private clearOnly(projection: FindOptions['projection']): boolean {
    if (!projection) return false;
    const entries = Object.entries(projection);
    return (
      entries.length > 0 &&
      entries.every(([field, on]) => on === 1 && !this.sealedFields.has(field.split('.')[0]!))
    );
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const { clear, sealed } = this.split(filter);
    const sortsSealed = Object.keys(options.sort ?? {}).some((f) =>
      this.sealedFields.has(f.split('.')[0]!),
    );
    if (sealed === null && !sortsSealed) {
      if (this.clearOnly(options.projection)) return (await this.inner.find(clear, options)) as T[];
      const { projection, ...rest } = options;
      const opened = await this.open(await this.inner.find(clear, rest));
      return (projection ? opened.map(projector(projection)) : opened) as T[];
    }
    // A filter or a sort on sealed fields: every clear match opened, tested and sorted here.
    const opened = await this.open(await this.inner.find(clear));
    const matches = sealed ? opened.filter(tester(sealed)) : opened;
    const { sort, skip, limit, projection } = options;
    if (sort) matches.sort(comparator(sort));
    const start = skip ?? 0;
    const page = matches.slice(start, limit ? start + limit : undefined);
    return (projection ? page.map(projector(projection)) : page) as T[];
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter = {}): Promise<number> {
    const { clear, sealed } = this.split(filter);
    if (sealed === null) return this.inner.count(clear);
    return (await this.find(filter)).length;
  }

  async upsert(doc: T): Promise<void> {
    await this.bulkWrite([{ kind: 'upsert', doc }]);
  }

  async update(filter: Filter, update: Update): Promise<number> {
    assertOperators(update);
    const touchesSealed = Object.values(update).some((fields) =>
      Object.keys(fields as object).some((f) => this.sealedFields.has(f.split('.')[0]!)),
    );
    const { sealed } = this.split(filter);
    if (!touchesSealed && sealed === null) return this.inner.update(filter, update);
    // Read, update and write back: the sealed fields are one sealed value.
    const docs = await this.find(filter);
    const next = docs.map((doc) => {
      const copied = copy(doc);
      applyUpdate(copied, update);
      return copied;
    });
    await this.writeDocs(next);
    return docs.length;
  }

  async delete(filter: Filter): Promise<number> {
    const { sealed } = this.split(filter);
    if (sealed === null) return this.inner.delete(filter);
    const ids = (await this.find(filter)).map((d) => d._id);
    return ids.length === 0 ? 0 : this.inner.delete({ _id: { $in: ids } });
  }

  async bulkWrite(operations: BulkOperation<T>[], options?: BulkWriteOptions): Promise<void> {
    // Consecutive upserts are sealed together (one key lookup) and written in one bulk write.
    let upserts: Document[] = [];
    const flush = async () => {
      if (upserts.length === 0) return;
      const batch = upserts;
      upserts = [];
      await this.writeDocs(batch, options);
    };
    for (const op of operations) {
      if (op.kind === 'upsert') {
        upserts.push(op.doc);
        continue;
      }
      await flush();
      if (op.kind === 'update') await this.update(op.filter, op.update);
      else await this.delete(op.filter);
    }
    await flush();
  }

  private async writeDocs(docs: readonly Document[], options?: BulkWriteOptions): Promise<void> {
    const stored = (await this.sealAll(docs)).filter((d): d is Document => d !== null);
    if (stored.length === 0) return;
    await this.inner.bulkWrite(
      stored.map((doc) => ({ kind: 'upsert' as const, doc })),
      options,
    );
  }
}
