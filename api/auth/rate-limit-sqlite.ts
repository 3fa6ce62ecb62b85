import type Database from 'better-sqlite3';
import { rateLimitResult, type RateLimiter, type RateLimitResult } from './rate-limit';
import { openSqlite } from './session-store-sqlite';

export interface SqliteRateLimiterOptions {
  /** A database file path or ':memory:'. Ignored when `db` is given. */
  filename?: string;
  /** Share an open database; the caller closes it. */
  db?: Database.Database;
  /** How often finished windows are deleted; 0 turns the timer off (default 10 minutes). */
  purgeIntervalMs?: number;
  now?: () => number;
}

export interface SqliteRateLimiter extends RateLimiter {
  purgeExpired(): number;
}

interface Row {
  count: number;
  reset_at: number;
}

export function createSqliteRateLimiter(options: SqliteRateLimiterOptions = {}): SqliteRateLimiter {
  const ownsDb = !options.db;
  const db = options.db ?? openSqlite(options.filename ?? ':memory:');
  const now = options.now ?? Date.now;

  db.exec(`
    CREATE TABLE IF NOT EXISTS rate_limits (
      key      TEXT PRIMARY KEY,
      count    INTEGER NOT NULL,
      reset_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rate_limits_reset ON rate_limits (reset_at);
  `);

  // One statement does "start a new window or count in the current one", so concurrent
  // processes sharing the file cannot lose a hit between a read and a write.
  const upsert = db.prepare<[{ key: string; now: number; window: number }], Row>(`
    INSERT INTO rate_limits (key, count, reset_at) VALUES (@key, 1, @now + @window)
    ON CONFLICT (key) DO UPDATE SET
      count    = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END,
      reset_at = CASE WHEN reset_at <= @now THEN @now + @window ELSE reset_at END
    RETURNING count, reset_at
  `);
  const remove = db.prepare('DELETE FROM rate_limits WHERE key = ?');
  const purge = db.prepare('DELETE FROM rate_limits WHERE reset_at <= ?');

  const purgeIntervalMs = options.purgeIntervalMs ?? 10 * 60_000;
  const timer =
    purgeIntervalMs > 0 ? setInterval(() => purge.run(now()), purgeIntervalMs) : undefined;
  timer?.unref();

  return {
    async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
      const at = now();
      const row = upsert.get({ key, now: at, window: Math.max(1, Math.ceil(windowMs)) });
      if (!row) throw new Error('rate_limits upsert returned no row');
      return rateLimitResult(row.count, limit, row.reset_at - at);
    },
    async reset(key: string) {
      remove.run(key);
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
