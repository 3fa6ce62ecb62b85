/**
 * Migration of the embedded event log (events.sqlite): erased subscriptions made before ids
 * were random still have the stream `subscription-{sha256 of the address}`, so anyone with the
 * file could confirm the address was a subscriber by hashing it. Each such stream (a 64-hex id
 * whose last event is SubscriptionDeleted) gets a random id instead: its stream id and the
 * `subscriptionId` in its events' data are rewritten, a plaintext address of the old shape is
 * dropped from the data, and its tombstone in the key store moves to the new id.
 *
 * Run at start before the log is opened and replayed (the read models are rebuilt from it
 * after). Idempotent: a renamed stream no longer looks legacy. Live legacy subscriptions keep
 * their id (subscriber-ids.ts links them); erasing one later is completed by the next start.
 * The log position scanned through is kept in the file (SCANNED_TABLE), in the renames'
 * transaction: a start looks only at the deletions appended since. Searching every
 * subscription stream took 0.1-0.2 s of each start with 200,000 subscribers, growing with them.
 * Order for a crash: the tombstone under the new id first, then the old one removed, then the
 * log in one transaction; a crash before the log's commit leaves the stream to the next run
 * (with another id), never a readable address.
 *
 * EventStoreDB cannot rename streams: README.md says what an operator does there.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SUBSCRIPTION_STREAM_PREFIX, subscriptionStreamId } from '../../domain/newsletter/events';
import type { SubscriberKeyStore } from './key-store';
import { isLegacySubscriptionId, newSubscriptionId } from './streams';

/** Where the last search stopped: the log's head when it began (one row). */
const SCANNED_TABLE = 'legacy_subscription_scan';
/** Events since the last search read one by one; more: every subscription stream searched. */
const POSITION_SCAN_MAX = 20_000;

/** Renames the erased legacy subscription streams of `eventsFile`; answers how many. */
export async function renameErasedLegacyStreams(
  eventsFile: string,
  keys: SubscriberKeyStore,
): Promise<number> {
  if (!existsSync(eventsFile)) return 0;
  const db = new Database(eventsFile);
  try {
    db.pragma('busy_timeout = 5000');
    // The old stream ids must not survive in free pages of the file.
    db.pragma('secure_delete = ON');
    const hasEvents = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'")
      .get();
    if (!hasEvents) return 0;
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${SCANNED_TABLE} (
         singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
         position  INTEGER NOT NULL
       )`,
    );
    const scanned = db
      .prepare<[], number>(`SELECT position FROM ${SCANNED_TABLE} WHERE singleton = 1`)
      .pluck()
      .get();
    // Read before the search: what is appended meanwhile is searched by the next start.
    const head =
      db.prepare<[], number | null>('SELECT MAX(position) FROM events').pluck().get() ?? 0;
    const markScanned = db.prepare(
      `INSERT INTO ${SCANNED_TABLE} (singleton, position) VALUES (1, ?)
       ON CONFLICT (singleton) DO UPDATE SET position = excluded.position`,
    );
    const range = [
      SUBSCRIPTION_STREAM_PREFIX,
      `${SUBSCRIPTION_STREAM_PREFIX.slice(0, -1)}.`, // '-' + 1: every 'subscription-…'
      SUBSCRIPTION_STREAM_PREFIX.length + 64,
    ] as const;
    const lastEventDeleted = `e.type = 'SubscriptionDeleted'
      AND e.revision = (SELECT MAX(x.revision) FROM events x WHERE x.stream_id = e.stream_id)`;
    // Few events since the last search: those, by position. Else (never searched, or a long
    // run since) every subscription stream, by the (stream_id, revision) index: a row scan of
    // 100,000 events took 0.2 s, a search of 200,000 subscription streams 0.1 s.
    const sinceLast = scanned !== undefined && head - scanned <= POSITION_SCAN_MAX;
    const rows = (
      sinceLast
        ? // `+` keeps SQLite off the stream_id index, which it would scan whole for this.
          db
            .prepare(
              `SELECT e.stream_id AS streamId FROM events e
               WHERE e.position > ? AND +e.stream_id > ? AND +e.stream_id < ?
                 AND length(e.stream_id) = ? AND ${lastEventDeleted}`,
            )
            .all(scanned, ...range)
        : db
            .prepare(
              `SELECT e.stream_id AS streamId FROM events e
               WHERE e.stream_id > ? AND e.stream_id < ? AND length(e.stream_id) = ?
                 AND ${lastEventDeleted}`,
            )
            .all(...range)
    ) as { streamId: string }[];
    const renames = rows
      .map(({ streamId }) => streamId.slice(SUBSCRIPTION_STREAM_PREFIX.length))
      .filter(isLegacySubscriptionId)
      .map((oldId) => ({ oldId, newId: newSubscriptionId() }));
    if (renames.length === 0) {
      if (scanned !== head) markScanned.run(head);
      return 0;
    }

    for (const { oldId, newId } of renames) {
      await keys.destroy(newId); // a tombstone: its events read as erased
      await keys.forget(oldId);
    }
    const rename = db.prepare(
      `UPDATE events
         SET stream_id = ?,
             data = json_remove(json_set(data, '$.subscriptionId', ?), '$.email')
       WHERE stream_id = ?`,
    );
    db.transaction(() => {
      for (const { oldId, newId } of renames) {
        rename.run(subscriptionStreamId(newId), newId, subscriptionStreamId(oldId));
      }
      markScanned.run(head);
    }).immediate();
    db.pragma('wal_checkpoint(TRUNCATE)');
    return renames.length;
  } finally {
    db.close();
  }
}
