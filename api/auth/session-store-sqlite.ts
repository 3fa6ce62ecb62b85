import Database from 'better-sqlite3';
import {
  hashSessionId,
  isWellFormedSessionId,
  newSessionId,
  parseSessionData,
  type SessionData,
  type SessionStore,
  type StoredSession,
} from './session-store';

export interface SqliteSessionStoreOptions {
  /** A database file path or ':memory:'. Ignored when `db` is given. */
  filename?: string;
  /** Share an open database (e.g. one file for sessions and rate limits); the caller closes it. */
  db?: Database.Database;
  /** How often expired rows are deleted; 0 turns the timer off (default 10 minutes). */
  purgeIntervalMs?: number;
  now?: () => number;
}

export interface SqliteSessionStore extends SessionStore {
  /** Deletes expired rows; returns how many. */
  purgeExpired(): number;
}

interface Row {
  data: string;
  expires_at: number;
}

/** Opens a better-sqlite3 file the way every embedded-profile adapter here wants it. */
export function openSqlite(filename: string): Database.Database {
  const db = new Database(filename);
  if (filename !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  return db;
}

export function createSqliteSessionStore(
  options: SqliteSessionStoreOptions = {},
): SqliteSessionStore {
  const ownsDb = !options.db;
  const db = options.db ?? openSqlite(options.filename ?? ':memory:');
  const now = options.now ?? Date.now;

  db.exec(`
    CREATE TABLE IF NOT EXISTS admin_sessions (
      id_hash    TEXT PRIMARY KEY,
      admin_id   TEXT NOT NULL,
      data       TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS admin_sessions_admin ON admin_sessions (admin_id);
    CREATE INDEX IF NOT EXISTS admin_sessions_expiry ON admin_sessions (expires_at);
  `);

  const insert = db.prepare(
    'INSERT INTO admin_sessions (id_hash, admin_id, data, expires_at) VALUES (?, ?, ?, ?)',
  );
  const select = db.prepare<[string, number], Row>(
    'SELECT data, expires_at FROM admin_sessions WHERE id_hash = ? AND expires_at > ?',
  );
  const extend = db.prepare(
    'UPDATE admin_sessions SET expires_at = ? WHERE id_hash = ? AND expires_at > ?',
  );
  const remove = db.prepare('DELETE FROM admin_sessions WHERE id_hash = ?');
  const removeAdmin = db.prepare('DELETE FROM admin_sessions WHERE admin_id = ?');
  const purge = db.prepare('DELETE FROM admin_sessions WHERE expires_at <= ?');

  const purgeIntervalMs = options.purgeIntervalMs ?? 10 * 60_000;
  const timer =
    purgeIntervalMs > 0 ? setInterval(() => purge.run(now()), purgeIntervalMs) : undefined;
  timer?.unref();

  return {
    async create(data: SessionData, ttlMs: number) {
      const id = newSessionId();
      insert.run(hashSessionId(id), data.adminId, JSON.stringify(data), now() + ttlMs);
      return id;
    },
    async get(id: string): Promise<StoredSession | null> {
      if (!isWellFormedSessionId(id)) return null;
      const row = select.get(hashSessionId(id), now());
      if (!row) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(row.data);
      } catch {
        return null;
      }
      const data = parseSessionData(parsed);
      return data ? { ...data, expiresAt: row.expires_at } : null;
    },
    async touch(id: string, ttlMs: number) {
      if (!isWellFormedSessionId(id)) return;
      const at = now();
      extend.run(at + ttlMs, hashSessionId(id), at);
    },
    async destroy(id: string) {
      if (!isWellFormedSessionId(id)) return;
      remove.run(hashSessionId(id));
    },
    async destroyAllFor(adminId: string) {
      removeAdmin.run(adminId);
    },
    purgeExpired() {
      return purge.run(now()).changes;
    },
    async close() {
      if (timer) clearInterval(timer);
      if (ownsDb) db.close();
    },
  };
}
