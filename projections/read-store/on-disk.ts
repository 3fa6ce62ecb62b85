/**
 * Collections kept in a SQLite file instead of process memory (embedded profile): for read
 * models too large to hold in memory, such as the audit log (one entry per event: a million
 * events made ~1 GB of live objects and doubled the garbage collector's work). They are
 * projections like the others: the file is emptied when opened, unless a start from a snapshot
 * keeps it (`keep`), with the checkpoints kept beside the collections (projections/snapshots).
 *
 * One table per collection (id, json); documents are parsed on read, so whatever is returned
 * is a copy. Filters, sorts, projections and updates are the memory adapter's (same MongoDB
 * semantics); SQLite only narrows and orders what is read:
 * - `ensureIndexes` records the declared indexes; each is created (an expression index on
 *   json_extract) by the first query that can use it, not by the write path: a replay writes a
 *   million entries and then swaps them in, and building every index then cost seconds of each
 *   start for pages an administrator may never open;
 * - a filter's equalities (strings, booleans), `$ne` and string ranges on `_id` and declared
 *   fields are given to SQLite; when that is the whole filter SQLite alone decides (counts,
 *   skips and limits too: the subscriber list's pages and the recipients' count at 200,000
 *   read no other row), else the memory tester decides among what SQLite returns. A sort by
 *   one declared field is SQLite's ORDER BY, read until the page is full. Declared fields are
 *   expected to hold scalars (as the audit log's and the subscribers' do): SQLite orders an
 *   array or an object by its JSON text, and an equality would not look inside an array.
 * Anything else reads the collection's rows and sorts in memory, as the memory adapter does.
 */
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { applyUpdate } from './mongo-language';
import type {
  BulkOperation,
  Collection,
  Document,
  Filter,
  FindOptions,
  IndexDeclaration,
  Update,
} from './port';
import {
  assertDocument,
  assertOperators,
  comparator,
  copy,
  exactId,
  firstInOrder,
  plainSet,
  projector,
  tester,
} from './memory';

const TABLE_PREFIX = 'c:';
const tableOf = (name: string) => `"${(TABLE_PREFIX + name).replaceAll('"', '""')}"`;

/** `$."subject"."id"` for 'subject.id'; null when a key cannot be quoted so. */
function jsonPath(field: string): string | null {
  const keys = field.split('.');
  if (keys.some((k) => k === '' || k.includes('"') || k.includes("'") || k.startsWith('$'))) {
    return null;
  }
  return `'$.${keys.map((k) => `"${k}"`).join('.')}'`;
}

const expression = (field: string, path: string) =>
  field === '_id' ? 'id' : `json_extract(json, ${path})`;

/** The ids of `{ _id: { $in: [ids] } }` and nothing else, else undefined. */
function idList(filter: Filter): string[] | undefined {
  const id = filter['_id'];
  if (Object.keys(filter).length !== 1 || id === null || typeof id !== 'object') return undefined;
  const list = (id as Record<string, unknown>)['$in'];
  if (Object.keys(id).length !== 1 || !Array.isArray(list)) return undefined;
  return list.every((one): one is string => typeof one === 'string') ? list : undefined;
}

const SQL_RANGE: Record<string, string> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

/** A bound parameter (booleans are written into the SQL: SQLite has none). */
type Scalar = string;

/** One SQL condition; `equal`: an equality an index led by the field can serve. */
type Condition = { sql: string; param?: string; equal?: boolean };

/**
 * `value` tested on `field` as SQL conditions that match exactly what the memory adapter's
 * tester matches, assuming the field holds a scalar; null when it cannot be said so.
 */
function translate(field: string, path: string, value: unknown): Condition[] | null {
  const expr = expression(field, path);
  const type = field === '_id' ? null : `json_type(json, ${path})`;
  const equalTo = (v: unknown): Condition[] | null => {
    if (typeof v === 'string') return [{ sql: `${expr} = ?`, param: v, equal: true }];
    if (typeof v === 'boolean' && type) {
      return [{ sql: `${expr} = ${v ? 1 : 0}`, equal: true }, { sql: `${type} = '${String(v)}'` }];
    }
    return null;
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return equalTo(value);
  const conditions: Condition[] = [];
  for (const [op, operand] of Object.entries(value as Record<string, unknown>)) {
    if (op === '$eq') {
      const eq = equalTo(operand);
      if (!eq) return null;
      conditions.push(...eq);
    } else if (op === '$ne' && typeof operand === 'string') {
      conditions.push({ sql: `${expr} IS NOT ?`, param: operand });
    } else if (op === '$ne' && typeof operand === 'boolean' && type) {
      conditions.push({ sql: `${type} IS NOT '${String(operand)}'` });
    } else if (SQL_RANGE[op] && typeof operand === 'string') {
      conditions.push({ sql: `${expr} ${SQL_RANGE[op]} ?`, param: operand });
      // A number sorts before any text in SQLite; MongoDB compares a string with strings only.
      if (type) conditions.push({ sql: `${type} = 'text'` });
    } else return null;
  }
  return conditions.length > 0 ? conditions : null;
}

/** Upserts written by one statement (a bulk write's per-row calls cost as much as SQLite's work). */
const PUT_CHUNK = 64;

interface Statements {
  get: Database.Statement<[string], string>;
  put: Database.Statement<[string, string]>;
  /** PUT_CHUNK upserts: (id, json) pairs. */
  putMany: Database.Statement<string[]>;
  remove: Database.Statement<[string]>;
  count: Database.Statement<[], number>;
}

export class OnDiskCollections {
  private readonly db: Database.Database;
  private readonly tables = new Set<string>();
  private readonly statements = new Map<string, Statements>();
  /** Declared index fields per collection (moved along on rename). */
  private readonly indexed = new Map<string, Set<string>>();
  private readonly tableExists: Database.Statement<[string], number>;
  /** Declared indexes per collection not created yet (see above), by their column list. */
  private readonly uncreated = new Map<string, Map<string, { fields: string[]; sql: string }>>();

  /**
   * Opens `path` emptied (what it held was a previous run's projection), or as it is with
   * `keep` (a rebuild's other thread writing beside this one: RebuildElsewhere). `durable`:
   * collections no event rebuilds (a newsletter's deliveries), kept as they are and safe from a
   * crash of this process at any moment.
   */
  constructor(path: string, options: { keep?: boolean; durable?: boolean } = {}) {
    if (path !== ':memory:' && !options.keep && !options.durable) {
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
    }
    this.db = new Database(path);
    // Pages of 16 KiB (applies to a new file): a replay appends a million entries of ~500
    // bytes, and SQLite wrote them 28 % faster than with the default 4 KiB. A durable file
    // commits one small row at a time, each commit writing its pages whole to the WAL: 4 KiB.
    this.db.pragma(`page_size = ${options.durable ? 4096 : 16384}`);
    if (options.durable) {
      // A WAL: each commit is one append, atomic, and written to the OS before the call
      // returns, so a killed process loses nothing it was told was written. NORMAL syncs at
      // checkpoints only: a power cut may lose the last commits, a crash of the process not.
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      // Checkpoints (the only syncs) every ~40 MB of WAL instead of 4 MB: a send writes one
      // small row per message, and the default's checkpoints made each write 2x slower.
      this.db.pragma('wal_autocheckpoint = 10000');
    } else {
      // A projection: no sync (a power cut may cost the file, which is then replayed from the
      // events), but a rollback journal on disk, so that a process killed during a commit
      // leaves the file as it was before it (rolled back when next opened): the file is kept
      // across starts with its own checkpoints (see `checkpoint`). Appends (the audit log's
      // entries) journal only the few pages they change. Not locked to this connection: a
      // rebuild's thread writes its own tables through another (a WAL would write every entry
      // twice), waiting its turn.
      this.db.pragma('journal_mode = TRUNCATE');
      this.db.pragma('synchronous = OFF');
      // Subscribers live here (sealed: ./sealed.ts): a deleted row is overwritten where it was,
      // and the journal holding a page's old content is truncated at each commit. FAST, not ON:
      // ON would also write zeros over every page of a table a rebuild's swap drops.
      this.db.pragma('secure_delete = FAST');
    }
    this.db.pragma('busy_timeout = 10000');
    this.db.pragma('temp_store = MEMORY');
    // A page cache of 16 MB (8 MB for a durable file, written more than read): the OS caches
    // the file as well, and each MB here is the process's own memory (64 MB per file made a
    // newsletter send to 200,000 grow by ~100 MB as the subscriber list and deliveries went by).
    this.db.pragma(`cache_size = ${options.durable ? -8000 : -16000}`);
    this.tableExists = this.db
      .prepare<[string], number>("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .pluck();
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)',
    );
    this.putCheckpoint = this.db.prepare(
      'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
    );
  }

  private readonly putCheckpoint: Database.Statement<[string, string]>;

  /**
   * The checkpoints kept with these collections (a projector whose read models all live in
   * this file: the audit log), so that a start which keeps the file knows what it holds.
   */
  checkpoints(): Record<string, string> {
    const rows = this.db.prepare('SELECT name, position FROM checkpoints').all() as Array<{
      name: string;
      position: string;
    }>;
    return Object.fromEntries(rows.map((row) => [row.name, row.position]));
  }

  /** Written after the documents it covers (a crash in between re-applies their events). */
  setCheckpoint(name: string, position: string): void {
    this.putCheckpoint.run(name, position);
  }

  collection<T extends Document>(name: string): Collection<T> {
    return new OnDiskCollection<T>(this, name);
  }

  /** Whether the table exists: known here, or created by another connection to the file. */
  private has(name: string): boolean {
    if (this.tables.has(name)) return true;
    if (this.tableExists.get(TABLE_PREFIX + name) === undefined) return false;
    this.tables.add(name);
    return true;
  }

  /** @internal The collection's statements, its table created when `create`. */
  stmts(name: string, create: boolean): Statements | null {
    const cached = this.statements.get(name);
    if (cached) return cached;
    if (!this.has(name)) {
      if (!create) return null;
      this.db.exec(
        `CREATE TABLE IF NOT EXISTS ${tableOf(name)} (id TEXT PRIMARY KEY, json TEXT NOT NULL)`,
      );
      this.tables.add(name);
    }
    const table = tableOf(name);
    const stmts: Statements = {
      get: this.db.prepare<[string], string>(`SELECT json FROM ${table} WHERE id = ?`).pluck(),
      put: this.db.prepare(
        `INSERT INTO ${table} (id, json) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json`,
      ),
      putMany: this.db.prepare(
        `INSERT INTO ${table} (id, json) VALUES ${new Array<string>(PUT_CHUNK).fill('(?, ?)').join(', ')} ON CONFLICT (id) DO UPDATE SET json = excluded.json`,
      ),
      remove: this.db.prepare(`DELETE FROM ${table} WHERE id = ?`),
      count: this.db.prepare<[], number>(`SELECT COUNT(*) FROM ${table}`).pluck(),
    };
    this.statements.set(name, stmts);
    return stmts;
  }

  /**
   * The filter as SQL conditions over the collection's table: each key on `_id` or on a
   * declared field (holding scalars: see the top of this file) whose value is a string, a
   * boolean, or an object of `$eq`/`$ne` with such a value and string ranges, is translated
   * exactly; `exact` says whether every key was (then SQLite alone decides what matches).
   */
  private where(
    name: string,
    filter: Filter,
  ): { where: string[]; params: Scalar[]; equal: Set<string>; exact: boolean } {
    const indexed = this.indexed.get(name);
    const where: string[] = [];
    const params: Scalar[] = [];
    const equal = new Set<string>();
    let exact = true;
    for (const [field, value] of Object.entries(filter)) {
      const path = field === '_id' || indexed?.has(field) ? jsonPath(field) : null;
      const conditions = path ? translate(field, path, value) : null;
      if (!conditions) {
        exact = false;
        continue;
      }
      for (const c of conditions) {
        where.push(c.sql);
        if (c.param !== undefined) params.push(c.param);
        if (c.equal) equal.add(field);
      }
    }
    return { where, params, equal, exact };
  }

  /**
   * The documents `filter` may match, as JSON, in `order` (an ORDER BY over declared fields)
   * or the table's, and whether SQLite decided the whole filter (`exact`: no document needs
   * testing again, and `page` was applied as LIMIT/OFFSET); null when the collection does not
   * exist.
   */
  /** @internal */
  candidates(
    name: string,
    filter: Filter,
    sortField: string | null,
    direction: 1 | -1,
    page: { skip: number; limit: number | undefined } | null = null,
  ): { rows: IterableIterator<string>; exact: boolean } | null {
    if (!this.has(name)) return null;
    const { where, params, equal, exact } = this.where(name, filter);
    this.createIndexFor(name, equal, sortField);
    let order = '';
    if (sortField !== null) {
      const path = jsonPath(sortField);
      if (path)
        order = ` ORDER BY ${expression(sortField, path)} ${direction === 1 ? 'ASC' : 'DESC'}`;
    }
    let limit = '';
    if (exact && page && (page.limit !== undefined || page.skip > 0)) {
      limit = ` LIMIT ${page.limit ?? -1} OFFSET ${page.skip}`;
    }
    const sql = `SELECT json FROM ${tableOf(name)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}${order}${limit}`;
    return {
      rows: this.db
        .prepare<Scalar[], string>(sql)
        .pluck()
        .iterate(...params),
      exact,
    };
  }

  /** @internal Whether SQLite decides the whole filter (see `where`). */
  isExact(name: string, filter: Filter): boolean {
    return this.where(name, filter).exact;
  }

  /** @internal How many documents match, when SQLite can decide the whole filter; else null. */
  countExact(name: string, filter: Filter): number | null {
    if (!this.has(name)) return 0;
    const { where, params, equal, exact } = this.where(name, filter);
    if (!exact) return null;
    this.createIndexFor(name, equal, null);
    const sql = `SELECT COUNT(*) FROM ${tableOf(name)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
    return this.db
      .prepare<Scalar[], number>(sql)
      .pluck()
      .get(...params)!;
  }

  /** @internal The single declared field a sort may be left to SQLite for, else null. */
  sortable(name: string, sort: Record<string, 1 | -1> | undefined): string | null {
    if (!sort) return null;
    const keys = Object.keys(sort);
    if (keys.length !== 1) return null;
    const field = keys[0]!;
    return this.indexed.get(name)?.has(field) && jsonPath(field) ? field : null;
  }

  /**
   * @internal Runs `work` in one transaction, taking the write lock at its start: begun as a
   * read, a transaction that then writes while another connection (a rebuild's worker thread)
   * holds the lock fails at once instead of waiting its turn.
   */
  transaction(work: () => void): void {
    this.db.transaction(work).immediate();
  }

  /** Records the declared indexes (created when a query can use them; unique ones now). */
  ensureIndexes(name: string, indexes: readonly IndexDeclaration[]): void {
    const declared = this.indexed.get(name) ?? new Set<string>();
    this.indexed.set(name, declared);
    const uncreated =
      this.uncreated.get(name) ?? new Map<string, { fields: string[]; sql: string }>();
    this.uncreated.set(name, uncreated);
    this.stmts(name, true);
    const existing = this.db
      .prepare<[string], string>(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
      )
      .pluck()
      .all(TABLE_PREFIX + name);
    for (const index of indexes) {
      const columns: string[] = [];
      const fields: string[] = [];
      for (const [field, direction] of Object.entries(index.fields)) {
        const path = jsonPath(field);
        if (!path) break;
        fields.push(field);
        columns.push(`${expression(field, path)} ${direction === 1 ? 'ASC' : 'DESC'}`);
      }
      if (columns.length === 0) continue;
      for (const field of fields) declared.add(field);
      const list = `(${columns.join(', ')})`;
      if (existing.some((sql) => sql.endsWith(list))) continue;
      // Index names are global in SQLite and stay with a renamed table: unique ones.
      const indexName = `"ix_${Math.random().toString(36).slice(2)}_${Date.now().toString(36)}"`;
      const sql = `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${indexName} ON ${tableOf(name)} ${list}`;
      // A unique index is a constraint on writes: created at once.
      if (index.unique) this.db.exec(sql);
      else uncreated.set(list, { fields, sql });
    }
  }

  /**
   * Creates the first uncreated declared index led by one of the `equal` fields, else by the
   * `sortField` (the index a query on them uses).
   */
  private createIndexFor(name: string, equal: Set<string>, sortField: string | null): void {
    const uncreated = this.uncreated.get(name);
    if (!uncreated || uncreated.size === 0) return;
    const pick = (test: (lead: string) => boolean) => {
      for (const [list, index] of uncreated)
        if (test(index.fields[0]!)) return [list, index] as const;
      return null;
    };
    const chosen = pick((lead) => equal.has(lead)) ?? pick((lead) => lead === sortField);
    if (!chosen) return;
    uncreated.delete(chosen[0]);
    this.statements.delete(name);
    this.db.exec(chosen[1].sql);
  }

  drop(name: string): void {
    this.statements.delete(name);
    this.indexed.delete(name);
    this.uncreated.delete(name);
    this.tables.delete(name);
    this.db.exec(`DROP TABLE IF EXISTS ${tableOf(name)}`);
  }

  rename(from: string, to: string): void {
    if (from === to) return;
    this.drop(to);
    const indexed = this.indexed.get(from);
    const uncreated = this.uncreated.get(from);
    const had = this.has(from);
    this.statements.delete(from);
    this.indexed.delete(from);
    this.uncreated.delete(from);
    this.tables.delete(from);
    if (!had) return;
    this.db.exec(`ALTER TABLE ${tableOf(from)} RENAME TO ${tableOf(to)}`);
    this.tables.add(to);
    if (indexed) this.indexed.set(to, indexed);
    // Not created yet: created on the renamed table when a query needs them.
    if (uncreated) {
      const [before, after] = [tableOf(from), tableOf(to)];
      this.uncreated.set(
        to,
        new Map(
          [...uncreated].map(([list, i]) => [
            list,
            { ...i, sql: i.sql.replace(` ON ${before} `, ` ON ${after} `) },
          ]),
        ),
      );
    }
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}

class OnDiskCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly store: OnDiskCollections,
    private readonly name: string,
  ) {}

  /** The documents matching `filter`, in the SQLite order of `sortField` when given. */
  private *matches(
    filter: Filter,
    sortField: string | null = null,
    direction: 1 | -1 = 1,
    page: { skip: number; limit: number | undefined } | null = null,
  ): Generator<Document> {
    const id = exactId(filter);
    if (id !== undefined) {
      const json = this.store.stmts(this.name, false)?.get.get(id);
      if (json !== undefined) yield JSON.parse(json) as Document;
      return;
    }
    const ids = sortField === null ? idList(filter) : undefined;
    if (ids !== undefined) {
      // A page's rows by their ids (the subscriber list's last issues): read each, no scan.
      const get = this.store.stmts(this.name, false)?.get;
      for (const one of new Set(ids)) {
        const json = get?.get(one);
        if (json !== undefined) yield JSON.parse(json) as Document;
      }
      return;
    }
    const found = this.store.candidates(this.name, filter, sortField, direction, page);
    if (!found) return;
    const test = found.exact ? null : tester(filter);
    for (const json of found.rows) {
      const doc = JSON.parse(json) as Document;
      if (!test || test(doc)) yield doc;
    }
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const { sort, skip, limit, projection } = options;
    const start = skip ?? 0;
    const sortField = this.store.sortable(this.name, sort);
    let page: Document[];
    if (sortField !== null || !sort) {
      // In order already: read until the page is full.
      page = [];
      const direction = sortField ? sort![sortField]! : 1;
      // Not for ids (read one by one below, never by SQL pages).
      const exact =
        exactId(filter) === undefined &&
        idList(filter) === undefined &&
        this.store.isExact(this.name, filter);
      if (exact) {
        // SQLite skips and limits: no document before the page is read.
        for (const doc of this.matches(filter, sortField, direction, { skip: start, limit })) {
          page.push(doc);
        }
      } else {
        const end = limit ? start + limit : Infinity;
        let seen = 0;
        for (const doc of this.matches(filter, sortField, direction)) {
          if (seen++ >= start) page.push(doc);
          if (seen >= end) break;
        }
      }
    } else {
      const all = [...this.matches(filter)];
      const sorted =
        limit && start + limit < all.length / 4
          ? firstInOrder(all, comparator(sort), start + limit)
          : all.sort(comparator(sort));
      page = sorted.slice(start, limit ? start + limit : undefined);
    }
    return (projection ? page.map(projector(projection)) : page) as T[];
  }

  async findOne(filter: Filter): Promise<T | null> {
    for (const doc of this.matches(filter)) return doc as T;
    return null;
  }

  async count(filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) {
      return this.store.stmts(this.name, false)?.count.get() ?? 0;
    }
    const exact = this.store.countExact(this.name, filter);
    if (exact !== null) return exact;
    let n = 0;
    for (const _doc of this.matches(filter)) n++;
    return n;
  }

  async upsert(doc: T): Promise<void> {
    assertDocument(doc);
    this.store.stmts(this.name, true)!.put.run(doc._id, JSON.stringify(doc));
  }

  async update(filter: Filter, update: Update): Promise<number> {
    let n = 0;
    this.store.transaction(() => {
      n = this.updateNow(filter, update);
    });
    return n;
  }

  async delete(filter: Filter): Promise<number> {
    let n = 0;
    this.store.transaction(() => {
      n = this.deleteNow(filter);
    });
    return n;
  }

  async bulkWrite(operations: BulkOperation<T>[]): Promise<void> {
    if (operations.length === 0) return;
    this.store.transaction(() => {
      /** Consecutive upserts as (id, json) pairs, written PUT_CHUNK at a time. */
      let rows: string[] = [];
      const writeRows = () => {
        const stmts = this.store.stmts(this.name, true)!;
        let i = 0;
        for (; i + 2 * PUT_CHUNK <= rows.length; i += 2 * PUT_CHUNK) {
          stmts.putMany.run(...rows.slice(i, i + 2 * PUT_CHUNK));
        }
        for (; i < rows.length; i += 2) stmts.put.run(rows[i]!, rows[i + 1]!);
        rows = [];
      };
      for (const op of operations) {
        if (op.kind === 'upsert') {
          assertDocument(op.doc);
          rows.push(op.doc._id, JSON.stringify(op.doc));
          continue;
        }
        writeRows();
        if (op.kind === 'update') this.updateNow(op.filter, op.update);
        else this.deleteNow(op.filter);
      }
      writeRows();
    });
  }

  private updateNow(filter: Filter, update: Update): number {
    assertOperators(update);
    // Read first (no write while a read is open), then write each document back.
    const targets = [...this.matches(filter)];
    if (targets.length === 0) return 0;
    const set = plainSet(update);
    const put = this.store.stmts(this.name, true)!.put;
    for (const doc of targets) {
      let next: Document;
      if (set) next = { ...doc, ...copy(set) };
      else {
        next = doc;
        applyUpdate(next, update);
      }
      put.run(next._id, JSON.stringify(next));
    }
    return targets.length;
  }

  private deleteNow(filter: Filter): number {
    const ids = [...this.matches(filter)].map((doc) => doc._id);
    const remove = this.store.stmts(this.name, false)?.remove;
    if (remove) for (const id of ids) remove.run(id);
    return ids.length;
  }
}
