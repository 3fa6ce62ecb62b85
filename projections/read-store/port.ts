/**
 * The ReadStore port: named collections of JSON documents, queried with MongoDB's filter
 * language. Adapters: memory + mingo (embedded profile) and MongoDB (distributed).
 * Every document has a string `_id`. Returned documents are copies: mutating them changes
 * nothing in the store.
 */
export type Document = { _id: string } & Record<string, unknown>;

/** A MongoDB query filter ({ featured: true, name: { $regex: 'x', $options: 'i' } }). */
export type Filter = Record<string, unknown>;
/** A MongoDB update with operators ($set, $unset, $inc, $push, $pull, $addToSet). */
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;
/**
 * MongoDB's projection: 0/1 fields, and `{ $slice: [skip, limit] }` on a top-level array (a page
 * of it; with no 1 field, every other field comes too, as in MongoDB).
 */
export type Projection = Record<string, 0 | 1 | ArraySlice>;
export type ArraySlice = { $slice: [skip: number, limit: number] };

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export type BulkOperation<T extends Document> =
  | { kind: 'upsert'; doc: T }
  | { kind: 'update'; filter: Filter; update: Update }
  | { kind: 'delete'; filter: Filter };

export interface BulkWriteOptions {
  /**
   * The caller hands the upserted documents over and never changes them afterwards: an
   * in-memory adapter may keep them as they are instead of copying each (a replay writes
   * hundreds of thousands). Other adapters ignore it.
   */
  handOver?: boolean;
}

export interface Collection<T extends Document = Document> {
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  /** Replace the document with the same _id, or insert it. */
  upsert(doc: T): Promise<void>;
  /** Apply an update operator document to every match; returns how many matched. */
  update(filter: Filter, update: Update): Promise<number>;
  /** Delete every match; returns how many were deleted. */
  delete(filter: Filter): Promise<number>;
  /** Apply operations in order. */
  bulkWrite(operations: BulkOperation<T>[], options?: BulkWriteOptions): Promise<void>;
}

/**
 * An index a read model's queries need: the fields in order with their direction, as MongoDB
 * spells them ({ 'subject.id': 1, sortKey: -1 }), and whether values must be unique.
 */
export interface IndexDeclaration {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
}

export interface ReadStore {
  collection<T extends Document = Document>(name: string): Collection<T>;
  /**
   * Creates the declared indexes of a collection when missing (idempotent). MongoDB builds
   * them; the memory adapter accepts and ignores them (see memory.ts).
   */
  ensureIndexes(collection: string, indexes: readonly IndexDeclaration[]): Promise<void>;
  /** Drop a collection (no error if absent). */
  drop(name: string): Promise<void>;
  /** Replace `to` with `from` (used to swap a rebuilt read model in); `from` disappears. */
  rename(from: string, to: string): Promise<void>;
  /** A projection's checkpoint: the last applied event position as a decimal string. */
  getCheckpoint(projection: string): Promise<string | null>;
  /**
   * With a fencing `token` (a projector lease's, distributed profile): refused with a
   * StaleLeaseError when the stored token is larger (a newer holder wrote or claimed it), else
   * written with the token. Without one: written as is (single runner, rebuild swap).
   */
  setCheckpoint(projection: string, position: string, token?: number): Promise<void>;
  /**
   * A new lease holder's claim: stores `token` without moving the position, refused (as
   * above) when a larger one is stored. After it the previous holder's writes are refused.
   */
  claimCheckpoint(projection: string, token: number): Promise<void>;
  /** Several projections' checkpoints in one query (null where none is stored), by name. */
  getCheckpoints(projections: readonly string[]): Promise<Record<string, string | null>>;
  close(): Promise<void>;
}
