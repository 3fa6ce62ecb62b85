/**
 * The embedded profile's click counts: one SQLite file in DATA_DIR (clicks.sqlite, WAL), a row
 * per provider per day, each batch added in one transaction (`clicks = clicks + ?`).
 * synchronous=NORMAL: in WAL mode a power loss can lose the last batches, never corrupt the file;
 * counts are not worth an fsync per second.
 */
import Database from 'better-sqlite3';
import type { ClickCount } from '../../domain/clicks/rules';
import { bufferedClickCounter, type ClickStoreWrites } from './buffered';
import type { ClickCounter, FlushPolicy } from './port';

export interface SqliteClickCounterOptions {
  /** The SQLite file (created when missing). */
  path: string;
  policy?: FlushPolicy;
  onError?: (error: unknown) => void;
}

export function sqliteClickStore(path: string): ClickStoreWrites {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS click_days (
    day TEXT NOT NULL, provider_id TEXT NOT NULL, clicks INTEGER NOT NULL,
    PRIMARY KEY (day, provider_id)) WITHOUT ROWID`);
  const upsert = db.prepare<[string, string, number]>(
    'INSERT INTO click_days (day, provider_id, clicks) VALUES (?, ?, ?) ' +
      'ON CONFLICT (day, provider_id) DO UPDATE SET clicks = clicks + excluded.clicks',
  );
  const select = db.prepare<[string, string], { day: string; provider_id: string; clicks: number }>(
    'SELECT day, provider_id, clicks FROM click_days WHERE day >= ? AND day <= ? ORDER BY day, provider_id',
  );
  const addAll = db.transaction((increments: readonly ClickCount[]) => {
    for (const item of increments) upsert.run(item.day, item.providerId, item.clicks);
  });
  return {
    async add(increments) {
      addAll(increments);
    },
    async read(fromDay, toDay) {
      return select
        .all(fromDay, toDay)
        .map((row) => ({ day: row.day, providerId: row.provider_id, clicks: row.clicks }));
    },
    async close() {
      if (db.open) db.close();
    },
  };
}

export function createSqliteClickCounter(options: SqliteClickCounterOptions): ClickCounter {
  return bufferedClickCounter(sqliteClickStore(options.path), options.policy, options.onError);
}
