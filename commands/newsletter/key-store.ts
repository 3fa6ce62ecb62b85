/**
 * Per-subscriber encryption keys, kept OUTSIDE the event log (crypto-shredding): a subscriber's
 * address is stored in the log encrypted with its own key, and deleting the subscription
 * destroys the key, after which no copy of the log can be read for it.
 *
 * A destroyed key leaves a tombstone (the id, no key): events of a subscription whose key was
 * destroyed read as erased, including events written before encryption existed (plaintext,
 * see sealed-event-store.ts). Subscribing again after a deletion makes a new key; the events
 * sealed with the old one stay unreadable.
 *
 * Adapters: SQLite in DATA_DIR (embedded) and a MongoDB collection (distributed). Both pass
 * tests/contract/key-store.contract.ts.
 */
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Binary, Collection, MongoClient } from 'mongodb';

export const SUBSCRIBER_KEY_BYTES = 32;

export interface SubscriberKeyStore {
  /** The subscription's key, made (and stored durably) when it has none or was destroyed. */
  keyFor(subscriptionId: string): Promise<Buffer>;
  /** The key, or null when there is none: 'erased' tells a destroyed key from a missing one. */
  find(subscriptionId: string): Promise<Buffer | null | 'erased'>;
  /** `find` for many at once (a replay opens a page of events with one call). */
  findMany(subscriptionIds: readonly string[]): Promise<Map<string, Buffer | 'erased'>>;
  /** Destroys the key for good (a tombstone remains). Idempotent. */
  destroy(subscriptionId: string): Promise<void>;
  close(): Promise<void>;
}

const newKey = () => randomBytes(SUBSCRIBER_KEY_BYTES);

/** SQLite (embedded profile): DATA_DIR/subscriber-keys.sqlite, synchronous=FULL. */
export class SqliteSubscriberKeyStore implements SubscriberKeyStore {
  private constructor(private readonly db: Database.Database) {}

  static open(filename: string): SqliteSubscriberKeyStore {
    const db = new Database(filename);
    if (filename !== ':memory:') db.pragma('journal_mode = WAL');
    // A key is written before the event that needs it: it must survive a power loss too.
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.exec(`CREATE TABLE IF NOT EXISTS subscriber_keys (
      subscription_id TEXT PRIMARY KEY,
      key             BLOB,
      destroyed_at    TEXT
    )`);
    return new SqliteSubscriberKeyStore(db);
  }

  async keyFor(subscriptionId: string): Promise<Buffer> {
    const run = this.db.transaction((id: string): Buffer => {
      const row = this.db
        .prepare('SELECT key FROM subscriber_keys WHERE subscription_id = ?')
        .get(id) as { key: Buffer | null } | undefined;
      if (row?.key) return row.key;
      const key = newKey();
      this.db
        .prepare(
          `INSERT INTO subscriber_keys (subscription_id, key, destroyed_at) VALUES (?, ?, NULL)
           ON CONFLICT(subscription_id) DO UPDATE SET key = excluded.key, destroyed_at = NULL`,
        )
        .run(id, key);
      return key;
    });
    return run.immediate(subscriptionId);
  }

  async find(subscriptionId: string): Promise<Buffer | null | 'erased'> {
    const row = this.db
      .prepare('SELECT key FROM subscriber_keys WHERE subscription_id = ?')
      .get(subscriptionId) as { key: Buffer | null } | undefined;
    if (!row) return null;
    return row.key ?? 'erased';
  }

  async findMany(subscriptionIds: readonly string[]): Promise<Map<string, Buffer | 'erased'>> {
    const out = new Map<string, Buffer | 'erased'>();
    if (subscriptionIds.length === 0) return out;
    // One query for a page of events (a replay asks for hundreds of thousands of ids).
    const rows = this.db
      .prepare(
        'SELECT subscription_id AS id, key FROM subscriber_keys WHERE subscription_id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify([...new Set(subscriptionIds)])) as { id: string; key: Buffer | null }[];
    for (const row of rows) out.set(row.id, row.key ?? 'erased');
    return out;
  }

  async destroy(subscriptionId: string): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO subscriber_keys (subscription_id, key, destroyed_at) VALUES (?, NULL, ?)
         ON CONFLICT(subscription_id) DO UPDATE SET key = NULL, destroyed_at = excluded.destroyed_at`,
      )
      .run(subscriptionId, new Date().toISOString());
    // The key's bytes must not linger in free pages of the file or in the WAL.
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

interface KeyDoc {
  _id: string;
  key: Binary | null;
  destroyedAt: Date | null;
}

/** MongoDB (distributed profile): one document per subscription in `subscriber_keys`. */
export class MongoSubscriberKeyStore implements SubscriberKeyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDoc>,
    private readonly ownsClient: boolean,
  ) {}

  static async connect(options: {
    url: string;
    database: string;
    collection?: string;
  }): Promise<MongoSubscriberKeyStore> {
    const { MongoClient } = await import('mongodb');
    const client = new MongoClient(options.url);
    await client.connect();
    const keys = client
      .db(options.database)
      .collection<KeyDoc>(options.collection ?? 'subscriber_keys', {
        // A key is written before the event that needs it: acknowledged by a majority, on disk.
        writeConcern: { w: 'majority', journal: true },
      });
    return new MongoSubscriberKeyStore(client, keys, true);
  }

  async keyFor(subscriptionId: string): Promise<Buffer> {
    const { Binary } = await import('mongodb');
    // Keep a live key; set one where there is none (new, or a tombstone). Two racing callers
    // both end on the one key stored: the loser's upsert finds a live key and is refused.
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.keys.findOne({ _id: subscriptionId });
      if (existing?.key) return Buffer.from(existing.key.buffer);
      try {
        await this.keys.updateOne(
          { _id: subscriptionId, key: null },
          { $set: { key: new Binary(newKey()), destroyedAt: null } },
          { upsert: true },
        );
      } catch (error) {
        // Duplicate _id: another caller stored a live key first; read it.
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    }
    const stored = await this.keys.findOne({ _id: subscriptionId });
    if (!stored?.key) throw new Error(`No key could be stored for subscription ${subscriptionId}`);
    return Buffer.from(stored.key.buffer);
  }

  async find(subscriptionId: string): Promise<Buffer | null | 'erased'> {
    const doc = await this.keys.findOne({ _id: subscriptionId });
    if (!doc) return null;
    return doc.key ? Buffer.from(doc.key.buffer) : 'erased';
  }

  async findMany(subscriptionIds: readonly string[]): Promise<Map<string, Buffer | 'erased'>> {
    const out = new Map<string, Buffer | 'erased'>();
    const ids = [...new Set(subscriptionIds)];
    if (ids.length === 0) return out;
    for await (const doc of this.keys.find({ _id: { $in: ids } })) {
      out.set(doc._id, doc.key ? Buffer.from(doc.key.buffer) : 'erased');
    }
    return out;
  }

  async destroy(subscriptionId: string): Promise<void> {
    await this.keys.updateOne(
      { _id: subscriptionId },
      { $set: { key: null, destroyedAt: new Date() } },
      { upsert: true },
    );
  }

  /** Tests: removes the collection. */
  async drop(): Promise<void> {
    await this.keys.drop().catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }
}
