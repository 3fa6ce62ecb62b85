import type Database from 'better-sqlite3';
import { RateLimiterSQLite } from 'rate-limiter-flexible';
import type { RateLimiter } from './rate-limit';
import { flexibleRateLimiter } from './rate-limit-flexible';
import { openSqlite } from './session-store-sqlite';

export interface SqliteRateLimiterOptions {
  /** A database file path or ':memory:'. Ignored when `db` is given. */
  filename?: string;
  /** Share an open database; the caller closes it. */
  db?: Database.Database;
  /** How often finished windows are deleted; 0 turns the timer off (default 10 minutes). */
  purgeIntervalMs?: number;
}

export interface SqliteRateLimiter extends RateLimiter {
  purgeExpired(): number;
}

const TABLE = 'rate_limit_windows';

/**
 * rate-limiter-flexible's SQLite store on better-sqlite3: one upsert in a transaction starts or
 * counts a window, so processes sharing the file lose no hit. The table is created here (the
 * store's columns, plus an index for the purge) because the store creates it asynchronously;
 * the purge is ours too, on a timer close() stops, where the store's own would outlive the db.
 */
export function createSqliteRateLimiter(options: SqliteRateLimiterOptions = {}): SqliteRateLimiter {
  const ownsDb = !options.db;
  const db = options.db ?? openSqlite(options.filename ?? ':memory:');
  // The hand-written store's counters; they lasted an hour at most, so nothing is lost.
  db.exec('DROP TABLE IF EXISTS rate_limits');

  db.exec(`
    CREATE TABLE IF NOT EXISTS ${TABLE} (
      key    TEXT PRIMARY KEY,
      points INTEGER NOT NULL DEFAULT 0,
      expire INTEGER
    );
    CREATE INDEX IF NOT EXISTS ${TABLE}_expire ON ${TABLE} (expire);
  `);

  const purge = db.prepare(`DELETE FROM ${TABLE} WHERE expire <= ?`);
  const purgeIntervalMs = options.purgeIntervalMs ?? 10 * 60_000;
  const timer =
    purgeIntervalMs > 0 ? setInterval(() => purge.run(Date.now()), purgeIntervalMs) : undefined;
  timer?.unref();

  const limiter = flexibleRateLimiter(
    (points, duration) =>
      new RateLimiterSQLite({
        storeClient: db,
        storeType: 'better-sqlite3',
        tableName: TABLE,
        tableCreated: true,
        points,
        duration,
      }),
    async () => {
      if (timer) clearInterval(timer);
      if (ownsDb) db.close();
    },
  );
  return { ...limiter, purgeExpired: () => purge.run(Date.now()).changes };
}
