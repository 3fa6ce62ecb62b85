/**
 * How read models store a provider's prices: per medication, a list of { dose, price }, so a
 * dose label such as `0.25mg` is a value, never a field name (MongoDB field names with dots
 * cannot be queried or updated by path, and every new label would be a new field).
 *
 * The events keep their shape (a table by dose label: what the editor sent), and so do the API
 * and the code above the read store: `pricedCollection` encodes on write and decodes on read,
 * so queries and projectors keep handling ProviderPrices. Documents written before (tables) are
 * read as they are.
 */
import type { ProviderPrices } from '../../domain/providers/provider';
import type {
  BulkOperation,
  BulkWriteOptions,
  Collection,
  Document,
  Filter,
  FindOptions,
  Update,
} from '../read-store/port';

export interface DosePrice {
  dose: string;
  price: number;
}

export interface StoredPrices {
  semaglutide: DosePrice[];
  tirzepatide: DosePrice[];
}

const MEDICATIONS = ['semaglutide', 'tirzepatide'] as const;

const toList = (table: Record<string, number> | undefined): DosePrice[] =>
  Object.entries(table ?? {}).map(([dose, price]) => ({ dose, price }));

const toTable = (value: unknown): Record<string, number> => {
  if (Array.isArray(value)) {
    const table: Record<string, number> = {};
    for (const item of value as DosePrice[]) table[item.dose] = item.price;
    return table;
  }
  // A document written before the lists: already a table.
  return value !== null && typeof value === 'object'
    ? { ...(value as Record<string, number>) }
    : {};
};

export function toStoredPrices(prices: ProviderPrices): StoredPrices {
  return { semaglutide: toList(prices.semaglutide), tirzepatide: toList(prices.tirzepatide) };
}

export function fromStoredPrices(stored: unknown): ProviderPrices {
  const record = (stored ?? {}) as Record<string, unknown>;
  return {
    semaglutide: toTable(record[MEDICATIONS[0]]),
    tirzepatide: toTable(record[MEDICATIONS[1]]),
  };
}

type Priced = Document & { prices?: ProviderPrices };

// The stored document has the same fields with `prices` in its stored spelling; the casts
// below move between the two spellings of one document type.
const encode = <T extends Priced>(doc: T): T =>
  doc.prices ? ({ ...doc, prices: toStoredPrices(doc.prices) } as unknown as T) : doc;
const decode = <T extends Priced>(doc: T): T =>
  doc.prices ? { ...doc, prices: fromStoredPrices(doc.prices) } : doc;

/** A collection of documents with `prices`, stored as dose lists (see above). */
export function pricedCollection<T extends Priced>(inner: Collection<T>): Collection<T> {
  return {
    find: async (filter?: Filter, options?: FindOptions) =>
      (await inner.find(filter, options)).map(decode),
    findOne: async (filter: Filter) => {
      const doc = await inner.findOne(filter);
      return doc ? decode(doc) : null;
    },
    count: (filter?: Filter) => inner.count(filter),
    upsert: (doc: T) => inner.upsert(encode(doc)),
    update: (filter: Filter, update: Update) => inner.update(filter, update),
    delete: (filter: Filter) => inner.delete(filter),
    bulkWrite: (operations: BulkOperation<T>[], options?: BulkWriteOptions) =>
      inner.bulkWrite(
        operations.map((op) =>
          op.kind === 'upsert' ? { kind: 'upsert', doc: encode(op.doc) } : op,
        ),
        options,
      ),
  };
}
