/**
 * ReadStore in memory (embedded profile): read models live in process memory and are rebuilt
 * from events at boot. Queries use MongoDB's filter and update languages through mingo, so
 * projectors and query functions behave the same as on the MongoDB adapter.
 */
import { applyUpdate, compileQuery, type Query } from './mongo-language';
import type {
  BulkOperation,
  BulkWriteOptions,
  IndexDeclaration,
  Collection,
  Document,
  Filter,
  FindOptions,
  Projection,
  ReadStore,
  Sort,
  Update,
} from './port';
import { StaleLeaseError } from '../lease/port';

/** Documents of one collection by _id: upsert and _id lookups stay O(1). */
type Docs = Map<string, Document>;

/**
 * A deep copy. Read models are JSON-like, and copying plain objects and arrays by hand is
 * several times faster than structuredClone, which still handles anything else.
 */
export function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copy((value as Record<string, unknown>)[key]);
  return out as T;
}

/** Compiled filters are reused: the same few query shapes run on every page view. */
const queryCache = new Map<string, Query>();
const QUERY_CACHE_LIMIT = 500;

function compile(filter: Filter): Query {
  let key: string | undefined;
  try {
    key = JSON.stringify(filter, (_k, v: unknown) => {
      // A RegExp serialises as {}: such filters are not cacheable by their JSON.
      if (v instanceof RegExp) throw new Error('uncacheable');
      return v;
    });
  } catch {
    key = undefined;
  }
  const cached = key === undefined ? undefined : queryCache.get(key);
  if (cached) return cached;
  const query = compileQuery(filter);
  if (key !== undefined) {
    if (queryCache.size >= QUERY_CACHE_LIMIT) queryCache.clear();
    queryCache.set(key, query);
  }
  return query;
}

/**
 * MongoDB's sort order: by BSON type first (empty array < missing/null < numbers < strings < objects <
 * arrays < booleans < dates), then by value; strings by code point (no collation). An array
 * field sorts by its smallest element ascending and its largest descending, as in MongoDB.
 */
const EMPTY_ARRAY = Symbol('empty array');

function typeRank(value: unknown): number {
  if (value === EMPTY_ARRAY) return 0;
  if (value === undefined || value === null) return 1;
  if (typeof value === 'number' || typeof value === 'bigint') return 2;
  if (typeof value === 'string') return 3;
  if (typeof value === 'boolean') return 8;
  if (value instanceof Date) return 9;
  if (value instanceof RegExp) return 11;
  return 4;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra <= 1) return 0;
  if (ra === 9) return (a as Date).getTime() - (b as Date).getTime();
  if (ra === 4) return compareValues(JSON.stringify(a), JSON.stringify(b));
  const x = a as number | string | boolean;
  const y = b as number | string | boolean;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The value a dot path selects; values under arrays on the way are collected into an array. */
function valueAt(doc: unknown, path: string[]): unknown {
  let value: unknown = doc;
  for (let i = 0; i < path.length; i++) {
    if (Array.isArray(value)) {
      const rest = path.slice(i);
      return value.flatMap((item) => {
        const v = valueAt(item, rest);
        return v === undefined ? [] : Array.isArray(v) ? v : [v];
      });
    }
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[path[i] as string];
  }
  return value;
}

function sortKey(value: unknown, direction: 1 | -1): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length === 0) return EMPTY_ARRAY;
  return value.reduce((best: unknown, v: unknown) =>
    compareValues(v, best) * direction < 0 ? v : best,
  );
}

export function comparator(sort: Sort): (a: Document, b: Document) => number {
  const keys = Object.entries(sort).map(([path, dir]) => ({ path: path.split('.'), dir }));
  return (a, b) => {
    for (const { path, dir } of keys) {
      const c = compareValues(sortKey(valueAt(a, path), dir), sortKey(valueAt(b, path), dir));
      if (c !== 0) return c * dir;
    }
    return 0;
  };
}

/**
 * The first `count` documents in `compare` order, without sorting the rest: a page of a large
 * collection (the audit log, a long provider list) costs one pass plus a small sorted buffer,
 * O(n log count), instead of sorting every match for every page. Ties keep insertion order,
 * as Array.prototype.sort does.
 */
export function firstInOrder(
  docs: readonly Document[],
  compare: (a: Document, b: Document) => number,
  count: number,
): Document[] {
  const best: Document[] = [];
  for (const doc of docs) {
    if (best.length === count && compare(doc, best[count - 1]!) >= 0) continue;
    // Binary search for the first element greater than doc (stable for equal keys).
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(best[mid]!, doc) <= 0) low = mid + 1;
      else high = mid;
    }
    best.splice(low, 0, doc);
    if (best.length > count) best.pop();
  }
  return best;
}

/**
 * MongoDB's projection of 0/1 fields: an inclusion keeps the listed paths (and _id unless
 * `_id: 0`), an exclusion removes them; a path through an array applies to each element.
 * `{ $slice: [skip, limit] }` on a top-level array keeps that part of it (only that part is
 * copied: a city page reads 15 of a state's 285 cards); with no 1 field, every other field
 * is kept, as in MongoDB.
 * Returns a function giving each document's copy: the projection is read once, since a find
 * applies it to every document it returns (read again for each, it cost 2.7 µs a record of
 * the 2,000 the /providers index projects).
 */
export function projector(projection: Projection): (doc: Document) => Document {
  const slices: Array<[field: string, skip: number, limit: number]> = [];
  const fields: Array<[path: string, value: 0 | 1]> = [];
  for (const [path, value] of Object.entries(projection)) {
    if (typeof value === 'object') {
      if (path.includes('.')) throw new Error(`$slice applies to a top-level array: ${path}`);
      const [skip, limit] = value.$slice;
      slices.push([path, skip, limit]);
    } else fields.push([path, value]);
  }
  const withoutId = projection._id === 0;
  const paths = fields.filter(([k]) => k !== '_id');
  const inclusion = paths.length > 0 ? paths[0]![1] === 1 : projection._id === 1;
  if (paths.some(([, v]) => (v === 1) !== inclusion)) {
    throw new Error('A projection cannot mix inclusion and exclusion');
  }
  const sliceInto = (doc: Document, out: Record<string, unknown>) => {
    for (const [field, skip, limit] of slices) {
      const value = doc[field];
      if (Array.isArray(value)) out[field] = copy(value.slice(skip, skip + limit));
      else if (field in doc) out[field] = copy(value);
    }
  };
  if (!inclusion) {
    const removed = fields.filter(([, v]) => v === 0).map(([path]) => path.split('.'));
    // A removed top-level field is not copied at all (nor a sliced one: sliceInto adds its
    // part); only deeper paths are removed from the copy.
    const notCopied = new Set([
      ...slices.map(([field]) => field),
      ...removed.flatMap((path) => (path.length === 1 ? path : [])),
    ]);
    const nested = removed.filter((path) => path.length > 1);
    return (doc) => {
      const out: Record<string, unknown> = {};
      for (const key in doc) if (!notCopied.has(key)) out[key] = copy(doc[key]);
      for (const path of nested) removePath(out, path);
      sliceInto(doc, out);
      return out as Document;
    };
  }
  const included = paths.map(([path]) => path.split('.'));
  return (doc) => {
    const out: Record<string, unknown> = withoutId ? {} : { _id: doc._id };
    for (const path of included) includePath(doc, out, path);
    sliceInto(doc, out);
    return out as Document;
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function includePath(from: unknown, into: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (from === null || typeof from !== 'object' || !(head in from)) return;
  const value = (from as Record<string, unknown>)[head];
  if (rest.length === 0) {
    into[head] = copy(value);
  } else if (Array.isArray(value)) {
    const existing = Array.isArray(into[head]) ? (into[head] as unknown[]) : undefined;
    // As MongoDB: only the objects in the array remain, each with the included paths.
    const objects = value.filter((item: unknown) => isRecord(item));
    into[head] = objects.map((item, i) => {
      const target = (existing?.[i] as Record<string, unknown> | undefined) ?? {};
      includePath(item, target, rest);
      return target;
    });
  } else if (value !== null && typeof value === 'object') {
    const target = (into[head] as Record<string, unknown> | undefined) ?? {};
    includePath(value, target, rest);
    into[head] = target;
  }
}

function removePath(from: unknown, path: string[]): void {
  if (from === null || typeof from !== 'object') return;
  if (Array.isArray(from)) {
    for (const item of from) removePath(item, path);
    return;
  }
  const [head, ...rest] = path as [string, ...string[]];
  const record = from as Record<string, unknown>;
  if (rest.length === 0) delete record[head];
  else removePath(record[head], rest);
}

/** The _id of a filter of the form { _id: 'x' }, for a direct lookup instead of a scan. */
export function exactId(filter: Filter): string | undefined {
  const id = filter['_id'];
  return typeof id === 'string' && Object.keys(filter).length === 1 ? id : undefined;
}

type Scalar = string | boolean | number;
const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));

/** Comparison operators tested without mingo when their operand is a string or a number. */
const RANGE_OPERATORS: Record<string, (a: Scalar, b: Scalar) => boolean> = {
  $lt: (a, b) => a < b,
  $lte: (a, b) => a <= b,
  $gt: (a, b) => a > b,
  $gte: (a, b) => a >= b,
};

/** `{ $lt: 'x', $gte: 'a' }` with string or number operands, as [test, operand] pairs; else null. */
function rangeOf(value: unknown): [(a: Scalar, b: Scalar) => boolean, Scalar][] | null {
  if (!isRecord(value)) return null;
  const pairs = Object.entries(value);
  if (pairs.length === 0) return null;
  const out: [(a: Scalar, b: Scalar) => boolean, Scalar][] = [];
  for (const [op, operand] of pairs) {
    const test = RANGE_OPERATORS[op];
    if (!test || !(typeof operand === 'string' || typeof operand === 'number')) return null;
    out.push([test, operand]);
  }
  return out;
}

/**
 * `{ $regex: 'text', $options?: 'i' }` (a string pattern; options i, m, s) as a RegExp; else
 * null. Tested without mingo: a search over a large collection (200,000 subscribers) costs a
 * RegExp test per document instead of mingo's evaluation (about ten times faster).
 */
function regexOf(value: unknown): RegExp | null {
  if (!isRecord(value) || typeof value.$regex !== 'string') return null;
  const keys = Object.keys(value);
  if (keys.some((k) => k !== '$regex' && k !== '$options')) return null;
  const options = value.$options ?? '';
  if (typeof options !== 'string' || !/^[ims]*$/.test(options)) return null;
  try {
    return new RegExp(value.$regex, options);
  } catch {
    return null;
  }
}

/**
 * A filter of fields (dot paths too) equal to strings, booleans or numbers, or compared with
 * $lt/$lte/$gt/$gte to a string or number ({ featured: true, 'subject.kind': 'provider',
 * sortKey: { $lt: '…' } }), is tested without mingo: a scalar field matches by === or the
 * comparison, when both sides have the same type (MongoDB compares only within a type). A
 * field holding an array or object, or any other filter, is left to mingo.
 */
export function tester(filter: Filter): (doc: Document) => boolean {
  const entries = Object.entries(filter).map(([key, value]) => ({
    key,
    path: key.split('.'),
    value,
    range: isScalar(value) ? null : rangeOf(value),
    regex: isScalar(value) ? null : regexOf(value),
  }));
  if (entries.every((e) => !e.key.startsWith('$') && (isScalar(e.value) || e.range || e.regex))) {
    let query: Query | undefined;
    return (doc) => {
      for (const { path, value, range, regex } of entries) {
        const field = path.length === 1 ? doc[path[0]!] : valueAt(doc, path);
        if (field !== null && typeof field === 'object') {
          query ??= compile(filter);
          return query.test(doc);
        }
        if (regex) {
          // As MongoDB: a $regex matches strings only.
          if (typeof field !== 'string' || !regex.test(field)) return false;
          continue;
        }
        if (range) {
          if (!isScalar(field)) return false;
          for (const [test, operand] of range) {
            if (typeof field !== typeof operand || !test(field, operand)) return false;
          }
          continue;
        }
        if (field !== value) return false;
      }
      return true;
    };
  }
  const query = compile(filter);
  return (doc) => query.test(doc);
}

function matching(docs: Docs, filter: Filter): Document[] {
  const id = exactId(filter);
  if (id !== undefined) {
    const doc = docs.get(id);
    return doc ? [doc] : [];
  }
  if (Object.keys(filter).length === 0) return [...docs.values()];
  const test = tester(filter);
  const out: Document[] = [];
  for (const doc of docs.values()) if (test(doc)) out.push(doc);
  return out;
}

export function assertOperators(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((k) => !k.startsWith('$'))) {
    throw new Error('An update must use update operators ($set, $inc, …), not a replacement');
  }
}

/**
 * The fields of an update that only `$set`s top-level fields other than _id
 * ({ $set: { status: 'x', updatedAt: '…' } }, the projectors' usual update), else null: such
 * an update is applied without mingo (whose deep-cloning update costs ~100 µs a document).
 */
export function plainSet(update: Update): Record<string, unknown> | null {
  const keys = Object.keys(update);
  if (keys.length !== 1 || keys[0] !== '$set') return null;
  const set = update.$set;
  if (!isRecord(set)) return null;
  for (const key of Object.keys(set)) {
    if (key === '_id' || key.includes('.') || key.startsWith('$')) return null;
  }
  return set;
}

export function assertDocument(doc: Document): void {
  if (typeof doc._id !== 'string' || doc._id === '') {
    throw new Error('A read-model document needs a non-empty string _id');
  }
}

/** Documents to come (MemoryReadStore.arriveLater): loaded once, by the first to ask. */
interface Arriving {
  load: () => Promise<void>;
  started: Promise<void> | null;
}

class MemoryCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly store: MemoryReadStore,
    private readonly name: string,
  ) {}

  /** Looked up on every call so that a handle survives drop and rename of its collection. */
  private get docs(): Docs | undefined {
    return this.store.docsOf(this.name);
  }

  private get docsForWrite(): Docs {
    return this.store.docsOf(this.name, true) as Docs;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const arriving = this.store.arrival(this.name);
    if (arriving) await arriving;
    const docs = this.docs;
    if (!docs) return [];
    const candidates = matching(docs, filter);
    const { sort, skip, limit, projection } = options;
    // Sorted here (mingo's cursor sort costs ~10 µs a document); mingo projects the page only.
    const start = skip ?? 0;
    const sorted = sort
      ? limit && start + limit < candidates.length / 4
        ? firstInOrder(candidates, comparator(sort), start + limit)
        : [...candidates].sort(comparator(sort))
      : candidates;
    const page = sorted.slice(start, limit ? start + limit : undefined);
    return page.map((projection ? projector(projection) : copy) as (doc: Document) => T);
  }

  async findOne(filter: Filter): Promise<T | null> {
    const arriving = this.store.arrival(this.name);
    if (arriving) await arriving;
    const docs = this.docs;
    if (!docs) return null;
    const id = exactId(filter);
    if (id !== undefined) {
      const doc = docs.get(id);
      return doc ? (copy(doc) as T) : null;
    }
    const test = tester(filter);
    for (const doc of docs.values()) if (test(doc)) return copy(doc) as T;
    return null;
  }

  async count(filter: Filter = {}): Promise<number> {
    const arriving = this.store.arrival(this.name);
    if (arriving) await arriving;
    const docs = this.docs;
    if (!docs) return 0;
    return Object.keys(filter).length === 0 ? docs.size : matching(docs, filter).length;
  }

  async upsert(doc: T): Promise<void> {
    const arriving = this.store.arrival(this.name);
    if (arriving) await arriving;
    this.upsertNow(doc);
  }

  async update(filter: Filter, update: Update): Promise<number> {
    const arriving = this.store.arrival(this.name);
    if (arriving) await arriving;
    return this.updateNow(filter, update);
  }

  async delete(filter: Filter): Promise<number> {
    const arriving = this.store.arrival(this.name);
    if (arriving) await arriving;
    return this.deleteNow(filter);
  }

  async bulkWrite(operations: BulkOperation<T>[], options: BulkWriteOptions = {}): Promise<void> {
    const arriving = this.store.arrival(this.name);
    if (arriving) await arriving;
    const handedOver = options.handOver === true;
    // Looked up once for the batch (a replay writes hundreds of thousands of documents in
    // batches): nothing runs in between to drop or rename it.
    let docs: Docs | undefined;
    for (const op of operations) {
      if (op.kind === 'upsert') {
        assertDocument(op.doc);
        docs ??= this.docsForWrite;
        docs.set(op.doc._id, handedOver ? op.doc : copy(op.doc));
      } else if (op.kind === 'update') this.updateNow(op.filter, op.update);
      else this.deleteNow(op.filter);
    }
  }

  private upsertNow(doc: T, handedOver = false): void {
    assertDocument(doc);
    this.docsForWrite.set(doc._id, handedOver ? doc : copy(doc));
  }

  private updateNow(filter: Filter, update: Update): number {
    assertOperators(update);
    const docs = this.docs;
    if (!docs) return 0;
    const targets = matching(docs, filter);
    const set = plainSet(update);
    if (set) {
      for (const doc of targets) docs.set(doc._id, { ...doc, ...copy(set) });
      return targets.length;
    }
    for (const doc of targets) {
      // Update a copy and swap it in: a rejected update (e.g. on _id) leaves the doc intact.
      const next = copy(doc);
      applyUpdate(next, update);
      docs.set(next._id, next);
    }
    return targets.length;
  }

  private deleteNow(filter: Filter): number {
    const docs = this.docs;
    if (!docs) return 0;
    const targets = matching(docs, filter);
    for (const doc of targets) docs.delete(doc._id);
    return targets.length;
  }
}

export class MemoryReadStore implements ReadStore {
  private readonly collections = new Map<string, Docs>();
  private readonly checkpoints = new Map<string, string>();
  /** Fencing tokens of the checkpoints written under a lease. */
  private readonly tokens = new Map<string, number>();
  /** Collections whose documents arrive later (arriveLater), by name. */
  private readonly arriving = new Map<string, Arriving>();

  /**
   * `name`'s documents are put in later by `load` (a start from a snapshot loads the back
   * office's read models once the site is ready: projections/snapshots). Until they are in,
   * every use of the collection (a read, a write, a drop, a rename) waits for them, and the
   * first such use starts `load` if nothing has yet (loadArriving).
   */
  arriveLater(name: string, load: () => Promise<Document[]>): void {
    if (this.arriving.has(name)) throw new Error(`The documents of ${name} are already arriving`);
    this.collections.delete(name);
    const arriving: Arriving = {
      load: async () => {
        const docs = await load();
        const byId: Docs = new Map();
        for (const doc of docs) {
          assertDocument(doc);
          byId.set(doc._id, doc);
        }
        this.collections.set(name, byId);
        this.arriving.delete(name);
      },
      started: null,
    };
    this.arriving.set(name, arriving);
  }

  /**
   * @internal for MemoryCollection: waits for `name`'s documents if they are arriving (started
   * now if not yet). Without an arrival it does not wait (no extra turn of the event loop).
   */
  arrival(name: string): Promise<void> | undefined {
    const arriving = this.arriving.get(name);
    if (!arriving) return undefined;
    arriving.started ??= arriving.load();
    return arriving.started;
  }

  /** Starts loading every collection whose documents are arriving; resolves once all are in. */
  async loadArriving(): Promise<void> {
    await Promise.all([...this.arriving.keys()].map((name) => this.arrival(name)));
  }

  /** @internal for MemoryCollection */
  docsOf(name: string, create = false): Docs | undefined {
    let docs = this.collections.get(name);
    if (!docs && create) {
      docs = new Map();
      this.collections.set(name, docs);
    }
    return docs;
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return new MemoryCollection<T>(this, name);
  }

  /**
   * A snapshot's read (projections/snapshots): the documents of `collections` as stored and the
   * `checkpoints`, at one instant (synchronously: no event is applied in between), without a
   * copy. Stored documents are never changed in place (every write stores a new object), so
   * they stay as they were while the snapshot is written.
   */
  capture(
    collections: readonly string[],
    checkpoints: readonly string[],
  ): { documents: Map<string, Document[]>; checkpoints: Record<string, string | null> } {
    const early = collections.find((name) => this.arriving.has(name));
    if (early) throw new Error(`Captured before the documents of ${early} arrived (loadArriving)`);
    const documents = new Map<string, Document[]>();
    for (const name of collections) documents.set(name, [...(this.docsOf(name)?.values() ?? [])]);
    return {
      documents,
      checkpoints: Object.fromEntries(checkpoints.map((p) => [p, this.checkpoints.get(p) ?? null])),
    };
  }

  /**
   * Accepted and ignored: a collection here is a Map by _id (O(1) lookups) and queries scan it
   * with a compiled test and a partial sort of the page (top-k), which stays in milliseconds for
   * the tens of thousands of documents the embedded profile holds; keeping secondary indexes
   * current would add a cost to each of the hundreds of thousands of writes a start's replay
   * makes, for reads that are already cheap.
   */
  async ensureIndexes(_collection: string, _indexes: readonly IndexDeclaration[]): Promise<void> {}

  async drop(name: string): Promise<void> {
    const arriving = this.arrival(name);
    if (arriving) await arriving;
    this.collections.delete(name);
  }

  async rename(from: string, to: string): Promise<void> {
    if (from === to) return;
    await Promise.all([this.arrival(from), this.arrival(to)]);
    const docs = this.collections.get(from);
    this.collections.delete(from);
    if (docs) this.collections.set(to, docs);
    else this.collections.delete(to);
  }

  async getCheckpoint(projection: string): Promise<string | null> {
    return this.checkpoints.get(projection) ?? null;
  }

  async getCheckpoints(projections: readonly string[]): Promise<Record<string, string | null>> {
    return Object.fromEntries(projections.map((p) => [p, this.checkpoints.get(p) ?? null]));
  }

  async setCheckpoint(projection: string, position: string, token?: number): Promise<void> {
    if (token !== undefined) this.fence(projection, token);
    this.checkpoints.set(projection, position);
  }

  async claimCheckpoint(projection: string, token: number): Promise<void> {
    this.fence(projection, token);
  }

  /** The fencing rule: a token at least the stored one is stored; an older one is refused. */
  private fence(projection: string, token: number): void {
    const stored = this.tokens.get(projection);
    if (stored !== undefined && stored > token) {
      throw new StaleLeaseError(projection, token, stored);
    }
    this.tokens.set(projection, token);
  }

  async close(): Promise<void> {}
}
