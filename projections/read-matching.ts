/**
 * What a read depended on, and whether a written document changes it: the rule by which the
 * page cache (api/ssr/page-cache.ts) drops only the pages an event changed.
 *
 * A read of a collection is one of three kinds (recorded by projections/read-tracking.ts):
 *
 * - **keyed**: a find, findOne or count whose filter is only equalities of top-level fields to
 *   scalar values (`{ _id: 'x' }`, `{ slug: 'a', published: true }`, `{ state: 'TX' }`). Its
 *   answer depends only on the documents the filter matches, so a written document changes it
 *   when the filter matches the document as it was before the write or as it is after it. An
 *   array field matches when one of its elements is equal (as in MongoDB); `null` matches a
 *   missing field.
 * - **fields**: a find that keeps some fields (an inclusion projection), or a count: its answer
 *   depends only on those fields, the filter's and the sort's, of every document. A written
 *   document changes it when one of those top-level fields differs between before and after
 *   (a document that appears or disappears always does).
 * - **whole**: anything else (a list with another filter, an exclusion projection, a checkpoint
 *   read): any written document of the collection changes it.
 *
 * Recorded reads are strings (a set of them dedupes the same lookup asked twice): the
 * collection's name for a whole read, the name and a JSON suffix for the other two.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Document, Filter, FindOptions } from './read-store/port';

/** A value a keyed read compares a field with. */
export type Scalar = string | number | boolean | null;

/** A keyed read's filter: top-level field -> the value it must equal. */
export type Equalities = Readonly<Record<string, Scalar>>;

/** One document a write changed: as it was before the event and as it is after (null: absent). */
export interface DocumentChange {
  collection: string;
  before: Document | null;
  after: Document | null;
}

export type CollectionRead =
  | { collection: string; kind: 'whole' }
  | { collection: string; kind: 'fields'; fields: readonly string[] }
  | { collection: string; kind: 'keyed'; equalities: Equalities };

const SEPARATOR = '\u0001';
const KEYED = `${SEPARATOR}k`;
const FIELDS = `${SEPARATOR}f`;

const isScalar = (value: unknown): value is Scalar =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

/** The filter's equalities when it is only `field: scalar` pairs (no operator, no dot); else null. */
export function equalitiesOf(filter: Filter | undefined): Equalities | null {
  if (!filter) return null;
  const keys = Object.keys(filter);
  if (keys.length === 0) return null;
  for (const key of keys) {
    if (key.startsWith('$') || key.includes('.') || !isScalar(filter[key])) return null;
  }
  return filter as Equalities;
}

/** The top-level fields a filter tests; null when it cannot be told ($where, $expr, $text...). */
export function filterFields(
  filter: Filter | undefined,
  into = new Set<string>(),
): Set<string> | null {
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(value)) return null;
      for (const part of value as unknown[]) {
        if (part === null || typeof part !== 'object' || Array.isArray(part)) return null;
        if (!filterFields(part as Filter, into)) return null;
      }
    } else if (key.startsWith('$')) {
      return null;
    } else {
      into.add(topField(key));
    }
  }
  return into;
}

const topField = (path: string): string => path.split('.')[0] ?? path;

/**
 * What a read of `collection` with `filter` (and, for a find, `options`) depends on, recorded:
 * `count` says it is a count (only the filter's fields matter beyond the keyed case).
 */
export function readOf(
  collection: string,
  filter: Filter | undefined,
  options?: FindOptions | 'count',
): string {
  const equalities = equalitiesOf(filter);
  if (equalities) return keyedRead(collection, equalities);
  if (options === 'count') {
    const fields = filterFields(filter);
    return fields ? fieldsRead(collection, fields) : collection;
  }
  const projection = options?.projection;
  if (!projection) return collection;
  const kept = Object.entries(projection).filter(([field]) => field !== '_id');
  // An exclusion keeps every field but some: read whole.
  if (kept.some(([, keep]) => keep !== 1)) return collection;
  if (kept.length === 0 && projection._id !== 1) return collection;
  const fields = filterFields(filter);
  if (!fields) return collection;
  for (const [field] of kept) fields.add(topField(field));
  for (const field of Object.keys(options.sort ?? {})) fields.add(topField(field));
  return fieldsRead(collection, fields);
}

/** The recorded form of a keyed read (equal filters give equal strings, whatever their order). */
export function keyedRead(collection: string, equalities: Equalities): string {
  const pairs = Object.keys(equalities)
    .sort()
    .map((key) => [key, equalities[key]]);
  return `${collection}${KEYED}${JSON.stringify(pairs)}`;
}

/** The recorded form of a read of some fields of every document (`_id` is always among them). */
export function fieldsRead(collection: string, fields: Iterable<string>): string {
  const sorted = [...new Set(['_id', ...fields])].sort();
  return `${collection}${FIELDS}${JSON.stringify(sorted)}`;
}

/** A recorded read, told apart. */
export function parseRead(read: string): CollectionRead {
  const at = read.indexOf(SEPARATOR);
  if (at < 0) return { collection: read, kind: 'whole' };
  const collection = read.slice(0, at);
  const json = read.slice(at + 2);
  if (read.startsWith(KEYED, at)) {
    const pairs = JSON.parse(json) as Array<[string, Scalar]>;
    return { collection, kind: 'keyed', equalities: Object.fromEntries(pairs) };
  }
  return { collection, kind: 'fields', fields: JSON.parse(json) as string[] };
}

/** The collection a recorded read is of. */
export function collectionOf(read: string): string {
  const at = read.indexOf(SEPARATOR);
  return at < 0 ? read : read.slice(0, at);
}

/** Whether `value` (a document's field) equals `expected` as MongoDB's equality does. */
function fieldEquals(value: unknown, expected: Scalar): boolean {
  if (Array.isArray(value)) {
    // An element equal matches (nested arrays too, and `null` an empty array: more than
    // MongoDB matches, never less).
    if (expected === null && value.length === 0) return true;
    return value.some((element) => fieldEquals(element, expected));
  }
  if (expected === null) return value === null || value === undefined;
  return value === expected;
}

/** Whether a keyed read's filter matches `doc` (never an absent one). */
export function equalitiesMatch(equalities: Equalities, doc: Document | null): boolean {
  if (doc === null) return false;
  for (const key of Object.keys(equalities)) {
    if (!fieldEquals(doc[key], equalities[key] ?? null)) return false;
  }
  return true;
}

/** Whether one of `fields` differs between the two states of a document (or it came or went). */
export function fieldsDiffer(
  fields: readonly string[],
  before: Document | null,
  after: Document | null,
): boolean {
  if (before === null || after === null) return before !== after;
  return fields.some((field) => !isDeepStrictEqual(before[field], after[field]));
}

/** Whether a written document changes what `read` answered (see the top of this file). */
export function changeTouches(read: CollectionRead, change: DocumentChange): boolean {
  if (read.collection !== change.collection) return false;
  switch (read.kind) {
    case 'whole':
      return true;
    case 'fields':
      return fieldsDiffer(read.fields, change.before, change.after);
    case 'keyed':
      return (
        equalitiesMatch(read.equalities, change.before) ||
        equalitiesMatch(read.equalities, change.after)
      );
  }
}
