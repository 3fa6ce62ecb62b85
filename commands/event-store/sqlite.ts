import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { EventMetadata } from '../../domain/shared/envelope';
import { CatchUpSubscription } from './catch-up-subscription';
import { assertAppendable, satisfies } from './expected-revision';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from './port';

export interface SqliteEventStoreOptions {
  /** How often subscribers look for appends made by other processes on the same file. */
  pollIntervalMs?: number;
  /** How long a writer waits for another process's write lock before failing. */
  busyTimeoutMs?: number;
}

/**
 * A row of `events` as an array: reads run in raw mode, which spares an object per row (a
 * replay reads every row of the log).
 */
type EventRow = [
  position: number,
  streamId: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
];
const EVENT_COLUMNS = 'position, stream_id, revision, type, data, metadata';

const DEFAULT_READ_LIMIT = 1000;
/** Appends per group commit: bounds the time the write lock is held. */
const MAX_BATCH = 500;

/** One append or appendMany: its streams are written together or not at all. */
interface PendingAppend {
  appends: readonly StreamAppend[];
  resolve(results: AppendResult[]): void;
  reject(error: unknown): void;
  results?: AppendResult[];
  error?: unknown;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position  INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id TEXT    NOT NULL,
  revision  INTEGER NOT NULL,
  type      TEXT    NOT NULL,
  data      TEXT    NOT NULL,
  metadata  TEXT    NOT NULL,
  UNIQUE (stream_id, revision)
);
CREATE TABLE IF NOT EXISTS store_identity (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  store_id  TEXT    NOT NULL
);`;

/**
 * One string per event type, the one the engine keeps for property names: every row reads its
 * type as a new string, which each projector then looked up (by property or in a Map) afresh.
 * Bounded: forgotten when full.
 */
const eventTypes = new Map<string, string>();
const EVENT_TYPES_KEPT = 1_000;

function eventType(type: string): string {
  let known = eventTypes.get(type);
  if (known === undefined) {
    // A property name is interned: this is the same string as the type's name in the code.
    known = Object.keys({ [type]: true })[0] ?? type;
    if (eventTypes.size >= EVENT_TYPES_KEPT) eventTypes.clear();
    eventTypes.set(type, known);
  }
  return known;
}

/** Read by index, not destructured: a destructured row made an iterator result per column. */
function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row[1],
    revision: row[2],
    position: BigInt(row[0]),
    type: eventType(row[3]),
    data: JSON.parse(row[4]) as unknown,
    metadata: JSON.parse(row[5]) as EventMetadata,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as Error & { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/**
 * The embedded profile's event store: one SQLite file (or ':memory:'), WAL journal and
 * synchronous=FULL, so an append that returned survives a crash or a power loss.
 *
 * Live delivery: appends made through this instance wake its subscribers at once; a light poll
 * of the head position picks up appends other processes made to the same file.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly subscriptions = new Set<CatchUpSubscription>();
  private readonly pollIntervalMs: number;
  private pollTimer: NodeJS.Timeout | undefined;
  private lastSeenHead = 0n;
  private closed = false;

  private readonly currentRevisionStmt: Database.Statement<[string], { revision: number | null }>;
  private readonly insertStmt: Database.Statement<[string, number, string, string, string]>;
  private readonly readStreamStmt: Database.Statement<[string], EventRow>;
  private readonly readAllStmt: Database.Statement<[bigint, number], EventRow>;
  private readonly headStmt: Database.Statement<[], { head: number | null }>;
  private readonly countAfterStmt: Database.Statement<[bigint, number], { n: number }>;
  private readonly identity: string;
  private readonly commitBatch: (appends: PendingAppend[]) => void;
  private pending: PendingAppend[] = [];
  private flushScheduled = false;

  static open(path: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    return new SqliteEventStore(path, options);
  }

  constructor(path: string, options: SqliteEventStoreOptions = {}) {
    if (path !== ':memory:' && path !== '') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    this.db.exec(SCHEMA);
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    // Created with the log: a wiped file (or another one) gets another identity.
    this.db
      .prepare('INSERT OR IGNORE INTO store_identity (singleton, store_id) VALUES (1, ?)')
      .run(randomUUID());
    this.identity =
      this.db
        .prepare<[], { store_id: string }>(
          'SELECT store_id FROM store_identity WHERE singleton = 1',
        )
        .get()?.store_id ?? '';
    this.countAfterStmt = this.db.prepare(
      'SELECT COUNT(*) AS n FROM (SELECT 1 FROM events WHERE position > ? LIMIT ?)',
    );

    this.currentRevisionStmt = this.db.prepare(
      'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
    );
    this.insertStmt = this.db.prepare(
      'INSERT INTO events (stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)',
    );
    this.readStreamStmt = this.db
      .prepare<[string], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? ORDER BY revision`,
      )
      .raw(true);
    this.readAllStmt = this.db
      .prepare<[bigint, number], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
      )
      .raw(true);
    this.headStmt = this.db.prepare('SELECT MAX(position) AS head FROM events');

    const appendStream = ({ streamId, events, expected }: StreamAppend): AppendResult => {
      const current = this.currentRevision(streamId);
      if (!satisfies(expected, current)) {
        throw new ConcurrencyError(streamId, expected, current === -1 ? 'no_stream' : current);
      }
      let revision = current;
      let position = 0n;
      for (const event of events) {
        revision += 1;
        const info = this.insertStmt.run(
          streamId,
          revision,
          event.type,
          JSON.stringify(event.data ?? null),
          JSON.stringify(event.metadata),
        );
        position = BigInt(info.lastInsertRowid);
      }
      return { nextRevision: revision, position };
    };
    // One append or appendMany, run inside the batch transaction below: better-sqlite3 turns a
    // nested transaction into a SAVEPOINT, so a refused stream undoes its whole group alone
    // (every stream of one command), never the other groups of the batch.
    const appendGroup = this.db.transaction((appends: readonly StreamAppend[]) =>
      appends.map(appendStream),
    );
    const batch = this.db.transaction((groups: PendingAppend[]) => {
      for (const pending of groups) {
        try {
          pending.results = appendGroup(pending.appends);
        } catch (error) {
          pending.error = this.mapError(error, pending);
        }
      }
    });
    // IMMEDIATE takes the write lock before the revision checks, so check and insert are atomic
    // across processes too.
    this.commitBatch = (appends) => batch.immediate(appends);
  }

  /** The durability settings of this connection (for health checks and tests). */
  durability(): { journalMode: string; synchronous: 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA' } {
    const levels = ['OFF', 'NORMAL', 'FULL', 'EXTRA'] as const;
    return {
      journalMode: String(this.db.pragma('journal_mode', { simple: true })),
      synchronous: levels[Number(this.db.pragma('synchronous', { simple: true }))] ?? 'OFF',
    };
  }

  private currentRevision(streamId: string): number {
    return this.currentRevisionStmt.get(streamId)?.revision ?? -1;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }

  /**
   * Group commit: appends requested in the same event-loop turn share one transaction and one
   * fsync. Each promise settles only after that commit, so an acknowledged append is durable;
   * each append has its own savepoint, so a conflict rejects only its own promise.
   */
  async append(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const [result] = await this.appendMany([{ streamId, events, expected }]);
    if (!result) throw new Error('The event store answered no result for the append');
    return result;
  }

  /** One transaction (a savepoint of the group commit): every stream or none. */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    try {
      this.assertOpen();
      if (appends.length === 0) throw new RangeError('appendMany needs at least one stream');
      for (const { events, expected } of appends) assertAppendable(events, expected);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<AppendResult[]>((resolve, reject) => {
      this.pending.push({ appends, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    while (this.pending.length > 0) {
      const appends = this.pending.splice(0, MAX_BATCH);
      try {
        this.commitBatch(appends);
      } catch (error) {
        // The commit itself failed (busy, disk full): nothing of the batch was written.
        for (const pending of appends) pending.reject(error);
        continue;
      }
      for (const pending of appends) {
        if (pending.results) pending.resolve(pending.results);
        else pending.reject(pending.error);
      }
      this.wakeSubscribers();
    }
  }

  private mapError(error: unknown, pending: PendingAppend): unknown {
    // Kept as a safety net: the immediate transaction already serialises writers.
    if (!isUniqueViolation(error)) return error;
    // The group was rolled back: name the first stream whose expectation no longer holds.
    const streams = pending.appends.map((a) => ({
      ...a,
      current: this.currentRevision(a.streamId),
    }));
    const refused = streams.find((a) => !satisfies(a.expected, a.current)) ?? streams[0];
    if (!refused) return error;
    const { streamId, expected, current } = refused;
    return new ConcurrencyError(streamId, expected, current === -1 ? 'no_stream' : current);
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.readStreamStmt.all(streamId).map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    return this.readAfter(options.after ?? 0n, options.limit ?? DEFAULT_READ_LIMIT);
  }

  private readAfter(after: bigint, limit: number): RecordedEvent[] {
    return this.readAllStmt.all(after, limit).map(toRecorded);
  }

  async headPosition(): Promise<bigint> {
    this.assertOpen();
    return this.head();
  }

  async storeId(): Promise<string> {
    this.assertOpen();
    return this.identity;
  }

  async countAfter(after: bigint, max: number): Promise<number> {
    this.assertOpen();
    if (max <= 0) return 0;
    return this.countAfterStmt.get(after, Math.trunc(max))?.n ?? 0;
  }

  private head(): bigint {
    const head = this.headStmt.get()?.head;
    return head == null ? 0n : BigInt(head);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    this.assertOpen();
    const subscription = new CatchUpSubscription(
      (after, limit) => this.readAfter(after, limit),
      options,
      (s) => {
        this.subscriptions.delete(s);
        if (this.subscriptions.size === 0) this.stopPolling();
      },
    );
    this.subscriptions.add(subscription);
    this.startPolling();
    // Deferred so that the caller holds the subscription before the first event arrives.
    setImmediate(() => subscription.wake());
    return subscription;
  }

  private wakeSubscribers(): void {
    for (const subscription of this.subscriptions) subscription.wake();
  }

  private startPolling(): void {
    if (this.pollTimer) return;
    this.pollTimer = setInterval(() => {
      if (this.closed) return;
      try {
        const head = this.head();
        if (head > this.lastSeenHead) {
          this.lastSeenHead = head;
          this.wakeSubscribers();
        }
      } catch {
        // A busy or briefly unavailable file: the next tick tries again.
      }
    }, this.pollIntervalMs);
    this.pollTimer.unref();
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Appends already accepted are committed, not dropped.
    this.flush();
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.stopPolling();
    this.closed = true;
    this.db.close();
  }
}
