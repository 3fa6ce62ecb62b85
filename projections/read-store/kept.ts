/**
 * The embedded profile's read store with some collections kept on disk. Read models are
 * rebuilt from the events (and a snapshot: projections/snapshots), so memory is enough for
 * them; a few collections are
 * not projections of events (the Reddit snapshots the jobs write: see docs/architecture.md) and
 * would be lost on a restart. Those named here are written through to a SQLite file and
 * loaded back when the store opens. Reads are the memory store's; every write to a kept
 * collection also writes the documents it touched, in one transaction.
 *
 * Collections named in `onDisk` are not held in memory at all but live in another SQLite file
 * (./on-disk.ts), emptied at every start: read models too large for memory (the audit log).
 * Collections named in `keptOnDisk` are kept like the first kind but are too large for memory
 * (a newsletter's deliveries: one row per recipient): they live only in a third, durable file.
 * A rebuild's `{name}__rebuild` collections follow their live collection's place.
 */
import Database from 'better-sqlite3';
import type {
  BulkOperation,
  BulkWriteOptions,
  IndexDeclaration,
  Collection,
  Document,
  Filter,
  FindOptions,
  ReadStore,
  Update,
} from './port';
import { MemoryReadStore } from './memory';
import { OnDiskCollections } from './on-disk';

export interface KeptCollectionsOptions {
  /** The SQLite file (created when missing). */
  path: string;
  /** The collections written through to it; `'*'`: every collection (the contract tests). */
  collections: readonly string[] | '*';
  /**
   * Read models kept in a SQLite file instead of memory, emptied when the store opens
   * (`'*'`: every collection, the contract tests).
   */
  onDisk?: {
    path: string;
    collections: readonly string[] | '*';
    /**
     * Open the file as it is instead of emptied (a rebuild's other thread: RebuildElsewhere; a
     * start from a snapshot, which keeps the audit log: projections/snapshots).
     */
    keep?: boolean;
    /**
     * Checkpoints written to the file as well as memory (the projectors whose collections all
     * live there, and the log's identity), and loaded back when the file is kept.
     */
    checkpoints?: readonly string[];
  };
  /** Kept collections read and written in this durable file instead of memory. */
  keptOnDisk?: { path: string; collections: readonly string[] | '*' };
}

const named = (names: readonly string[] | '*') =>
  names === '*'
    ? () => true
    : (name: string) => names.some((n) => name === n || name.startsWith(`${n}__`));

type Row = { collection: string; id: string; json: string };

export class KeptReadStore implements ReadStore {
  private readonly memory = new MemoryReadStore();
  private readonly db: Database.Database;
  private readonly kept: (name: string) => boolean;
  private readonly disk: OnDiskCollections | null;
  private readonly onDisk: (name: string) => boolean;
  private readonly diskCheckpoints: ReadonlySet<string>;
  private readonly keptDisk: OnDiskCollections | null;
  private readonly keptOnDisk: (name: string) => boolean;
  private readonly put: Database.Statement<[string, string, string]>;
  private readonly remove: Database.Statement<[string, string]>;

  private constructor(options: KeptCollectionsOptions) {
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS kept_documents (
      collection TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL,
      PRIMARY KEY (collection, id))`);
    const names = options.collections;
    this.kept = names === '*' ? () => true : (name) => names.includes(name);
    this.disk = options.onDisk
      ? new OnDiskCollections(options.onDisk.path, { keep: options.onDisk.keep ?? false })
      : null;
    this.onDisk = options.onDisk ? named(options.onDisk.collections) : () => false;
    this.diskCheckpoints = new Set(this.disk ? (options.onDisk?.checkpoints ?? []) : []);
    this.keptDisk = options.keptOnDisk
      ? new OnDiskCollections(options.keptOnDisk.path, { durable: true })
      : null;
    this.keptOnDisk = options.keptOnDisk ? named(options.keptOnDisk.collections) : () => false;
    this.put = this.db.prepare(
      'INSERT INTO kept_documents (collection, id, json) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET json = excluded.json',
    );
    this.remove = this.db.prepare('DELETE FROM kept_documents WHERE collection = ? AND id = ?');
  }

  /** Opens the file and loads what it keeps into memory. */
  static async open(options: KeptCollectionsOptions): Promise<KeptReadStore> {
    const store = new KeptReadStore(options);
    const rows = store.db
      .prepare('SELECT collection, id, json FROM kept_documents ORDER BY collection')
      .all() as Row[];
    const byCollection = new Map<string, Document[]>();
    const moved = new Map<string, Document[]>();
    for (const row of rows) {
      if (store.keptDisk && store.keptOnDisk(row.collection)) {
        // Kept here by an earlier version: moved to the durable file once (below).
        const docs = moved.get(row.collection) ?? [];
        docs.push(JSON.parse(row.json) as Document);
        moved.set(row.collection, docs);
        continue;
      }
      if (!store.kept(row.collection)) continue;
      const docs = byCollection.get(row.collection) ?? [];
      docs.push(JSON.parse(row.json) as Document);
      byCollection.set(row.collection, docs);
    }
    for (const [name, docs] of byCollection) {
      await store.memory.collection(name).bulkWrite(docs.map((doc) => ({ kind: 'upsert', doc })));
    }
    if (store.disk && options.onDisk?.keep) {
      for (const [name, position] of Object.entries(store.disk.checkpoints())) {
        if (store.diskCheckpoints.has(name)) await store.memory.setCheckpoint(name, position);
      }
    }
    for (const [name, docs] of moved) {
      // Written there before removed here: a crash between the two moves them again.
      await store
        .keptDisk!.collection(name)
        .bulkWrite(docs.map((doc) => ({ kind: 'upsert', doc })));
      store.db.prepare('DELETE FROM kept_documents WHERE collection = ?').run(name);
    }
    return store;
  }

  /** The file a collection lives in instead of memory, if any. */
  private fileOf(name: string): OnDiskCollections | null {
    if (this.keptDisk && this.keptOnDisk(name)) return this.keptDisk;
    if (this.disk && this.onDisk(name)) return this.disk;
    return null;
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    const file = this.fileOf(name);
    if (file) return file.collection<T>(name);
    const inMemory = this.memory.collection<T>(name);
    return this.kept(name) ? new KeptCollection(inMemory, name, this) : inMemory;
  }

  /** @internal Writes the current state of these documents of a kept collection. */
  async keep(name: string, ids: Iterable<string>): Promise<void> {
    const collection = this.memory.collection(name);
    const states: Array<[string, Document | null]> = [];
    for (const id of new Set(ids)) states.push([id, await collection.findOne({ _id: id })]);
    this.db.transaction(() => {
      for (const [id, doc] of states) {
        if (doc) this.put.run(name, id, JSON.stringify(doc));
        else this.remove.run(name, id);
      }
    })();
  }

  async drop(name: string): Promise<void> {
    const file = this.fileOf(name);
    if (file) return file.drop(name);
    await this.memory.drop(name);
    if (this.kept(name))
      this.db.prepare('DELETE FROM kept_documents WHERE collection = ?').run(name);
  }

  async rename(from: string, to: string): Promise<void> {
    if (from === to) return;
    const file = this.fileOf(from);
    if (file || this.fileOf(to)) {
      if (!file || file !== this.fileOf(to)) {
        throw new Error(`Cannot rename ${from} to ${to}: they are not kept in the same place`);
      }
      return file.rename(from, to);
    }
    await this.memory.rename(from, to);
    if (!this.kept(from) && !this.kept(to)) return;
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM kept_documents WHERE collection = ?').run(to);
      if (this.kept(to)) {
        this.db
          .prepare('UPDATE kept_documents SET collection = ? WHERE collection = ?')
          .run(to, from);
      }
      this.db.prepare('DELETE FROM kept_documents WHERE collection = ?').run(from);
    })();
  }

  async ensureIndexes(collection: string, indexes: readonly IndexDeclaration[]): Promise<void> {
    const file = this.fileOf(collection);
    if (file) return file.ensureIndexes(collection, indexes);
    return this.memory.ensureIndexes(collection, indexes);
  }

  getCheckpoint(projection: string): Promise<string | null> {
    return this.memory.getCheckpoint(projection);
  }

  async setCheckpoint(projection: string, position: string, token?: number): Promise<void> {
    await this.memory.setCheckpoint(projection, position, token);
    if (this.diskCheckpoints.has(projection)) this.disk?.setCheckpoint(projection, position);
  }

  /** MemoryReadStore.arriveLater, for a collection held in memory only (no kept one). */
  arriveLater(name: string, load: () => Promise<Document[]>): void {
    if (this.fileOf(name) || this.kept(name)) {
      throw new Error(`The documents of ${name} are kept in a file: they cannot arrive later`);
    }
    this.memory.arriveLater(name, load);
  }

  loadArriving(): Promise<void> {
    return this.memory.loadArriving();
  }

  /** MemoryReadStore.capture of the collections held in memory (those kept in a file: not). */
  capture(collections: readonly string[], checkpoints: readonly string[]) {
    return this.memory.capture(
      collections.filter((name) => !this.fileOf(name)),
      checkpoints,
    );
  }

  claimCheckpoint(projection: string, token: number): Promise<void> {
    return this.memory.claimCheckpoint(projection, token);
  }

  getCheckpoints(projections: readonly string[]) {
    return this.memory.getCheckpoints(projections);
  }

  async close(): Promise<void> {
    await this.memory.close();
    this.disk?.close();
    this.keptDisk?.close();
    this.db.close();
  }
}

/** A memory collection whose writes are also written to the file. */
class KeptCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly inMemory: Collection<T>,
    private readonly name: string,
    private readonly store: KeptReadStore,
  ) {}

  private async idsOf(filter: Filter): Promise<string[]> {
    const docs = await this.inMemory.find(filter, { projection: { _id: 1 } });
    return docs.map((doc) => doc._id);
  }

  find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    return this.inMemory.find(filter, options);
  }

  findOne(filter: Filter): Promise<T | null> {
    return this.inMemory.findOne(filter);
  }

  count(filter?: Filter): Promise<number> {
    return this.inMemory.count(filter);
  }

  async upsert(doc: T): Promise<void> {
    await this.inMemory.upsert(doc);
    await this.store.keep(this.name, [doc._id]);
  }

  async update(filter: Filter, update: Update): Promise<number> {
    const ids = await this.idsOf(filter);
    const matched = await this.inMemory.update(filter, update);
    await this.store.keep(this.name, ids);
    return matched;
  }

  async delete(filter: Filter): Promise<number> {
    const ids = await this.idsOf(filter);
    const deleted = await this.inMemory.delete(filter);
    await this.store.keep(this.name, ids);
    return deleted;
  }

  async bulkWrite(operations: BulkOperation<T>[], options?: BulkWriteOptions): Promise<void> {
    const touched: string[] = [];
    for (const op of operations) {
      if (op.kind === 'upsert') touched.push(op.doc._id);
      else touched.push(...(await this.idsOf(op.filter)));
    }
    await this.inMemory.bulkWrite(operations, options);
    await this.store.keep(this.name, touched);
  }
}
