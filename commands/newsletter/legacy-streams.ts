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
    // A range on stream_id (the (stream_id, revision) index), the last event of each stream.
    const rows = db
      .prepare(
        `SELECT e.stream_id AS streamId FROM events e
         WHERE e.stream_id > ? AND e.stream_id < ? AND length(e.stream_id) = ?
           AND e.type = 'SubscriptionDeleted'
           AND e.revision = (SELECT MAX(x.revision) FROM events x WHERE x.stream_id = e.stream_id)`,
      )
      .all(
        SUBSCRIPTION_STREAM_PREFIX,
        `${SUBSCRIPTION_STREAM_PREFIX.slice(0, -1)}.`, // '-' + 1: every 'subscription-…'
        SUBSCRIPTION_STREAM_PREFIX.length + 64,
      ) as { streamId: string }[];
    const renames = rows
      .map(({ streamId }) => streamId.slice(SUBSCRIPTION_STREAM_PREFIX.length))
      .filter(isLegacySubscriptionId)
      .map((oldId) => ({ oldId, newId: newSubscriptionId() }));
    if (renames.length === 0) return 0;

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
    }).immediate();
    db.pragma('wal_checkpoint(TRUNCATE)');
    return renames.length;
  } finally {
    db.close();
  }
}
