/**
 * The keys that seal a snapshot's personal part (the read models of projectors with
 * `sealedData`: subscribers' addresses and preferences), kept OUTSIDE the snapshot file in a
 * small SQLite file of their own (DATA_DIR/snapshot-keys.sqlite): one random key per snapshot,
 * with the log position the snapshot was taken at. An erasure destroys every key of a snapshot
 * taken before it, so any copy of such a snapshot (a backup, a file the process did not get to
 * delete) no longer opens: the same crypto-shredding the log's sealed events rely on. Deleted
 * rows are overwritten (secure_delete), and a key is durable before its snapshot is written.
 */
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';

export const SNAPSHOT_KEY_BYTES = 32;

export class SnapshotKeys {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement<[string, string, Buffer]>;
  private readonly select: Database.Statement<[string], Buffer>;
  private readonly removeBefore: Database.Statement<[string]>;
  /** The oldest position a key is kept for (null: none): an erasure after none costs nothing. */
  private oldest: bigint | null;

  private constructor(file: string) {
    this.db = new Database(file);
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('secure_delete = ON');
    this.db.exec(`CREATE TABLE IF NOT EXISTS snapshot_keys (
      snapshot_id TEXT PRIMARY KEY,
      position    TEXT NOT NULL,
      key         BLOB NOT NULL
    )`);
    this.insert = this.db.prepare(
      'INSERT INTO snapshot_keys (snapshot_id, position, key) VALUES (?, ?, ?)',
    );
    this.select = this.db
      .prepare<[string], Buffer>('SELECT key FROM snapshot_keys WHERE snapshot_id = ?')
      .pluck();
    // Positions are stored as decimal text: compared as integers.
    this.removeBefore = this.db.prepare(
      'DELETE FROM snapshot_keys WHERE CAST(position AS INTEGER) < CAST(? AS INTEGER)',
    );
    this.oldest = this.findOldest();
  }

  static open(file: string): SnapshotKeys {
    return new SnapshotKeys(file);
  }

  private findOldest(): bigint | null {
    const row = this.db
      .prepare<[], string | null>('SELECT MIN(CAST(position AS INTEGER)) FROM snapshot_keys')
      .pluck()
      .get();
    return row == null ? null : BigInt(row);
  }

  /** A new key for the snapshot `id` taken at `position`, stored (and synced) before returning. */
  create(id: string, position: bigint): Buffer {
    const key = randomBytes(SNAPSHOT_KEY_BYTES);
    this.insert.run(id, position.toString(), key);
    if (this.oldest === null || position < this.oldest) this.oldest = position;
    return key;
  }

  /** The snapshot's key, or null when it was destroyed (an erasure) or never made. */
  find(id: string): Buffer | null {
    return this.select.get(id) ?? null;
  }

  /** An erasure at `position`: destroys the keys of every snapshot taken before it. */
  destroyBefore(position: bigint): number {
    if (this.oldest === null || this.oldest >= position) return 0;
    const removed = this.removeBefore.run(position.toString()).changes;
    this.oldest = this.findOldest();
    return removed;
  }

  /** Destroys every key but those of `ids` (snapshots deleted, or never finished). */
  keepOnly(ids: readonly string[]): void {
    const rows = this.db.prepare<[], string>('SELECT snapshot_id FROM snapshot_keys').pluck().all();
    const remove = this.db.prepare('DELETE FROM snapshot_keys WHERE snapshot_id = ?');
    for (const id of rows) if (!ids.includes(id)) remove.run(id);
    this.oldest = this.findOldest();
  }

  close(): void {
    this.db.close();
  }
}
