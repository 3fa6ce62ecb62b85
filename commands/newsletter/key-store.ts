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
 * It also keeps the links from an address to its subscription (subscriber-ids.ts): a keyed hash
 * of the address (HMAC-SHA256 with `linkSecret`, made once and kept only here) -> the
 * subscription's random id, so the event log alone names no address, not even as a hash
 * anyone could compute. Destroying a subscription's key removes its links in the same step:
 * after an erasure nothing, not even this store with its secret, leads from the address to
 * the stream.
 *
 * Adapters: SQLite in DATA_DIR (embedded) and MongoDB collections (distributed). Both pass
 * tests/newsletter/contract/key-store.contract.ts.
 */
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Binary, Collection, MongoClient } from 'mongodb';
import { SUBSCRIBER_KEY_BYTES } from './seal';

export { SUBSCRIBER_KEY_BYTES } from './seal';

export interface SubscriberKeyStore {
  /** The subscription's key, made (and stored durably) when it has none or was destroyed. */
  keyFor(subscriptionId: string): Promise<Buffer>;
  /** The key, or null when there is none: 'erased' tells a destroyed key from a missing one. */
  find(subscriptionId: string): Promise<Buffer | null | 'erased'>;
  /** `find` for many at once (a replay opens a page of events with one call). */
  findMany(subscriptionIds: readonly string[]): Promise<Map<string, Buffer | 'erased'>>;
  /** Destroys the key for good (a tombstone remains) and the links to it. Idempotent. */
  destroy(subscriptionId: string): Promise<void>;
  /** Removes the subscription's row altogether, key or tombstone (a renamed stream). */
  forget(subscriptionId: string): Promise<void>;
  /** The secret the links' keyed hashes are made with: made on first use, then always the same. */
  linkSecret(): Promise<Buffer>;
  /** The subscription `lookup` (a keyed hash of an address) is linked to, or null. */
  linked(lookup: string): Promise<string | null>;
  /** Links `lookup` to `subscriptionId` unless it is linked already: the id it is linked to. */
  link(lookup: string, subscriptionId: string): Promise<string>;
  close(): Promise<void>;
}

const newKey = () => randomBytes(SUBSCRIBER_KEY_BYTES);
/**
 * The name of the row holding the link secret (random bytes made on first use, never a
 * literal): a key in subscriber_secrets, not the secret itself.
 */
const LINK_SECRET_ROW = 'link';

/** SQLite (embedded profile): DATA_DIR/subscriber-keys.sqlite, synchronous=FULL. */
export class SqliteSubscriberKeyStore implements SubscriberKeyStore {
  private constructor(private readonly db: Database.Database) {}

  static open(filename: string): SqliteSubscriberKeyStore {
    const db = new Database(filename);
    if (filename !== ':memory:') db.pragma('journal_mode = WAL');
    // A key is written before the event that needs it: it must survive a power loss too.
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    // Deleted rows (a link, a key) are overwritten with zeros, not left in free pages.
    db.pragma('secure_delete = ON');
    db.exec(`CREATE TABLE IF NOT EXISTS subscriber_keys (
      subscription_id TEXT PRIMARY KEY,
      key             BLOB,
      destroyed_at    TEXT
    );
    CREATE TABLE IF NOT EXISTS subscriber_links (
      lookup          TEXT PRIMARY KEY,
      subscription_id TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS subscriber_links_by_subscription
      ON subscriber_links (subscription_id);
    CREATE TABLE IF NOT EXISTS subscriber_secrets (
      name  TEXT PRIMARY KEY,
      value BLOB NOT NULL
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
    const run = this.db.transaction((id: string) => {
      this.db
        .prepare(
          `INSERT INTO subscriber_keys (subscription_id, key, destroyed_at) VALUES (?, NULL, ?)
           ON CONFLICT(subscription_id) DO UPDATE SET key = NULL, destroyed_at = excluded.destroyed_at`,
        )
        .run(id, new Date().toISOString());
      this.db.prepare('DELETE FROM subscriber_links WHERE subscription_id = ?').run(id);
    });
    run.immediate(subscriptionId);
    // The key's and the link's bytes must not linger in the file's free pages or in the WAL.
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async forget(subscriptionId: string): Promise<void> {
    this.db.prepare('DELETE FROM subscriber_keys WHERE subscription_id = ?').run(subscriptionId);
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async linkSecret(): Promise<Buffer> {
    this.db
      .prepare('INSERT OR IGNORE INTO subscriber_secrets (name, value) VALUES (?, ?)')
      .run(LINK_SECRET_ROW, randomBytes(32));
    const row = this.db
      .prepare('SELECT value FROM subscriber_secrets WHERE name = ?')
      .get(LINK_SECRET_ROW) as { value: Buffer };
    return row.value;
  }

  async linked(lookup: string): Promise<string | null> {
    const row = this.db
      .prepare('SELECT subscription_id AS id FROM subscriber_links WHERE lookup = ?')
      .get(lookup) as { id: string } | undefined;
    return row?.id ?? null;
  }

  async link(lookup: string, subscriptionId: string): Promise<string> {
    const run = this.db.transaction((key: string, id: string): string => {
      this.db
        .prepare(
          'INSERT INTO subscriber_links (lookup, subscription_id) VALUES (?, ?) ON CONFLICT(lookup) DO NOTHING',
        )
        .run(key, id);
      const row = this.db
        .prepare('SELECT subscription_id AS id FROM subscriber_links WHERE lookup = ?')
        .get(key) as { id: string };
      return row.id;
    });
    return run.immediate(lookup, subscriptionId);
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

/** A link (`_id` the lookup) or, under SECRET_ID, the link secret. */
interface LinkDoc {
  _id: string;
  subscriptionId?: string;
  secret?: Binary;
}
const SECRET_ID = '$secret';

/**
 * MongoDB (distributed profile): one document per subscription in `subscriber_keys`, the links
 * and the link secret in `subscriber_keys_links`.
 */
export class MongoSubscriberKeyStore implements SubscriberKeyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDoc>,
    private readonly links: Collection<LinkDoc>,
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
    const name = options.collection ?? 'subscriber_keys';
    // A key is written before the event that needs it: acknowledged by a majority, on disk.
    const writeConcern = { w: 'majority' as const, journal: true };
    const db = client.db(options.database);
    const keys = db.collection<KeyDoc>(name, { writeConcern });
    const links = db.collection<LinkDoc>(`${name}_links`, { writeConcern });
    await links.createIndex({ subscriptionId: 1 });
    return new MongoSubscriberKeyStore(client, keys, links, true);
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
    await this.links.deleteMany({ subscriptionId });
  }

  async forget(subscriptionId: string): Promise<void> {
    await this.keys.deleteOne({ _id: subscriptionId });
  }

  /** Inserts `fields` under `_id` unless a document is there (a racing duplicate is fine). */
  private async insertIfAbsent(_id: string, fields: Omit<LinkDoc, '_id'>): Promise<LinkDoc> {
    try {
      await this.links.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
    } catch (error) {
      // Duplicate _id: another caller inserted first; read theirs.
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    const doc = await this.links.findOne({ _id });
    if (!doc) throw new Error('A link document could not be stored');
    return doc;
  }

  async linkSecret(): Promise<Buffer> {
    const { Binary } = await import('mongodb');
    const doc = await this.insertIfAbsent(SECRET_ID, { secret: new Binary(randomBytes(32)) });
    if (!doc.secret) throw new Error('The link secret document has no secret');
    return Buffer.from(doc.secret.buffer);
  }

  async linked(lookup: string): Promise<string | null> {
    const doc = await this.links.findOne({ _id: lookup });
    return doc?.subscriptionId ?? null;
  }

  async link(lookup: string, subscriptionId: string): Promise<string> {
    const doc = await this.insertIfAbsent(lookup, { subscriptionId });
    if (!doc.subscriptionId) throw new Error('A link document has no subscription');
    return doc.subscriptionId;
  }

  /** Tests: removes the collections. */
  async drop(): Promise<void> {
    await this.keys.drop().catch(() => undefined);
    await this.links.drop().catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.close();
  }
}
