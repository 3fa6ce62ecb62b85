/**
 * ReadStore on MongoDB (distributed profile): one collection per read model in one database.
 * Filters and updates are MongoDB's own; this adapter only maps the port's calls onto the
 * official driver. Checkpoints live in the `_checkpoints` collection as decimal strings (an
 * event position can exceed 2^53).
 */
import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type Db,
  type Filter as MongoFilter,
  type UpdateFilter,
} from 'mongodb';
import type {
  BulkOperation,
  Collection,
  Document,
  Filter,
  FindOptions,
  IndexDeclaration,
  ReadStore,
  Update,
} from './port';
import { StaleLeaseError } from '../lease/port';

export const CHECKPOINTS_COLLECTION = '_checkpoints';
const DEFAULT_DATABASE = 'vialcompare';
/** MongoDB's "ns not found" error code (rename or drop of an absent collection). */
const NAMESPACE_NOT_FOUND = 26;

interface CheckpointDoc {
  _id: string;
  position?: string;
  /** The fencing token of the lease holder that wrote or claimed it last. */
  token?: number;
}

/** MongoDB's duplicate key error: an upsert whose filter (the fencing rule) did not match. */
const DUPLICATE_KEY = 11000;

const isNamespaceNotFound = (error: unknown) =>
  error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND;

/** The database named in the connection string's path, if any (mongodb://host/db?opts). */
function databaseInUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

// The driver's Filter/UpdateFilter types are generic over the schema; the port's filters are
// untyped MongoDB JSON, so the casts below only move between the two spellings.
const asFilter = (filter: Filter) => filter as MongoFilter<Document>;
const asUpdate = (update: Update) => update as UpdateFilter<Document>;

class MongoCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly db: Db,
    private readonly name: string,
  ) {}

  private get col() {
    return this.db.collection<Document>(this.name);
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const { sort, skip, limit, projection } = options;
    const cursor = this.col.find(asFilter(filter), {
      ...(sort ? { sort } : {}),
      ...(skip ? { skip } : {}),
      ...(limit ? { limit } : {}),
      ...(projection ? { projection } : {}),
    });
    return (await cursor.toArray()) as T[];
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.col.findOne(asFilter(filter))) as T | null;
  }

  async count(filter: Filter = {}): Promise<number> {
    return this.col.countDocuments(asFilter(filter));
  }

  async upsert(doc: T): Promise<void> {
    await this.col.replaceOne({ _id: doc._id }, doc, { upsert: true });
  }

  async update(filter: Filter, update: Update): Promise<number> {
    const result = await this.col.updateMany(asFilter(filter), asUpdate(update));
    return result.matchedCount;
  }

  async delete(filter: Filter): Promise<number> {
    const result = await this.col.deleteMany(asFilter(filter));
    return result.deletedCount;
  }

  async bulkWrite(operations: BulkOperation<T>[]): Promise<void> {
    // The server rejects an empty batch; an empty list is a no-op on the port.
    if (operations.length === 0) return;
    const ops = operations.map((op): AnyBulkWriteOperation<Document> => {
      if (op.kind === 'upsert') {
        return { replaceOne: { filter: { _id: op.doc._id }, replacement: op.doc, upsert: true } };
      }
      if (op.kind === 'update') {
        return { updateMany: { filter: asFilter(op.filter), update: asUpdate(op.update) } };
      }
      return { deleteMany: { filter: asFilter(op.filter) } };
    });
    await this.col.bulkWrite(ops, { ordered: true });
  }
}

export interface MongoReadStoreOptions {
  url: string;
  /** Defaults to the database in the URL's path, else `vialcompare`. */
  database?: string;
}

export class MongoReadStore implements ReadStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(options: MongoReadStoreOptions): Promise<MongoReadStore> {
    const client = new MongoClient(options.url);
    await client.connect();
    const name = options.database ?? databaseInUrl(options.url) ?? DEFAULT_DATABASE;
    return new MongoReadStore(client, client.db(name));
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db, name);
  }

  async ensureIndexes(collection: string, indexes: readonly IndexDeclaration[]): Promise<void> {
    if (indexes.length === 0) return;
    // createIndexes is idempotent for the same key and options.
    await this.db
      .collection(collection)
      .createIndexes(
        indexes.map((index) => ({ key: index.fields, ...(index.unique ? { unique: true } : {}) })),
      );
  }

  async drop(name: string): Promise<void> {
    try {
      await this.db.dropCollection(name);
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
    }
  }

  async rename(from: string, to: string): Promise<void> {
    if (from === to) return;
    try {
      await this.db.renameCollection(from, to, { dropTarget: true });
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
      // An absent source is an empty read model: replacing `to` with it leaves `to` empty.
      await this.drop(to);
    }
  }

  async getCheckpoint(projection: string): Promise<string | null> {
    const doc = await this.db
      .collection<CheckpointDoc>(CHECKPOINTS_COLLECTION)
      .findOne({ _id: projection });
    return doc?.position ?? null;
  }

  async getCheckpoints(projections: readonly string[]): Promise<Record<string, string | null>> {
    const docs = await this.db
      .collection<CheckpointDoc>(CHECKPOINTS_COLLECTION)
      .find({ _id: { $in: [...projections] } })
      .toArray();
    const found = new Map(docs.map((d) => [d._id, d.position]));
    return Object.fromEntries(projections.map((p) => [p, found.get(p) ?? null]));
  }

  async setCheckpoint(projection: string, position: string, token?: number): Promise<void> {
    const checkpoints = this.db.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
    if (token === undefined) {
      await checkpoints.updateOne({ _id: projection }, { $set: { position } }, { upsert: true });
      return;
    }
    await this.fenced(projection, token, { position, token });
  }

  async claimCheckpoint(projection: string, token: number): Promise<void> {
    await this.fenced(projection, token, { token });
  }

  /**
   * One conditional update: the document matches only while its token is at most ours; an
   * existing document that does not match makes the upsert insert a duplicate _id, refused by
   * the server, which is the refusal.
   */
  private async fenced(projection: string, token: number, set: Partial<CheckpointDoc>) {
    const checkpoints = this.db.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
    try {
      await checkpoints.updateOne(
        { _id: projection, $or: [{ token: { $exists: false } }, { token: { $lte: token } }] },
        { $set: set },
        { upsert: true },
      );
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      const stored = await checkpoints.findOne({ _id: projection });
      throw new StaleLeaseError(projection, token, stored?.token ?? null);
    }
  }

  /** For tests: remove this store's whole database. */
  async dropDatabase(): Promise<void> {
    await this.db.dropDatabase();
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
