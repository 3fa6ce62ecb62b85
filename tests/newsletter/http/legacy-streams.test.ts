/**
 * The embedded log written with the old naming (`subscription-{sha256 of the address}`), then
 * started: erased legacy subscriptions get random stream ids (no sha256 of their address left
 * in events.sqlite, the key store's tombstone moved), live legacy ones keep working through
 * the link made on their next lookup, already migrated ones are left alone; the read models
 * replayed after agree, and a second start changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBackend, type Backend } from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';
import { openEventStore, type EventStore, type NewEvent } from '../../../commands/event-store';
import {
  legacySubscriptionIdOf,
  newSubscriptionId,
  SqliteSubscriberKeyStore,
  withSealedSubscriberEmails,
} from '../../../commands/newsletter';
import { NEWSLETTER_MESSAGES } from '../../../domain/newsletter/rules';

const LIVE = 'live@example.com';
const LIVE_PLAIN = 'plain@example.com';
const ERASED = 'gone@example.com';
const ERASED_PLAIN = 'gone-plain@example.com';
const MIGRATED_ID = newSubscriptionId();
const VISITOR = { kind: 'visitor', id: 'anonymous' } as const;

let dataDir: string;
let lines: Record<string, unknown>[];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vial-legacy-'));
  lines = [];
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    actor: VISITOR,
    correlationId: 'legacy',
    causationId: 'legacy',
    schemaVersion: 1,
  },
});

/** A log as the old code wrote it: sealed and plaintext (older still) subscriptions. */
async function writeLegacyLog(): Promise<void> {
  const raw = await openEventStore({ kind: 'sqlite', path: path.join(dataDir, 'events.sqlite') });
  const keys = SqliteSubscriberKeyStore.open(path.join(dataDir, 'subscriber-keys.sqlite'));
  const sealed: EventStore = withSealedSubscriberEmails(raw, keys);
  const subscribed = async (log: EventStore, id: string, email: string) =>
    log.append(
      `subscription-${id}`,
      [event('VisitorSubscribed', { subscriptionId: id, email })],
      'no_stream',
    );
  const deleted = async (id: string) =>
    sealed.append(
      `subscription-${id}`,
      [event('SubscriptionDeleted', { subscriptionId: id, wasActive: true })],
      0,
    );
  await subscribed(sealed, legacySubscriptionIdOf(LIVE), LIVE);
  await subscribed(raw, legacySubscriptionIdOf(LIVE_PLAIN), LIVE_PLAIN);
  await subscribed(sealed, legacySubscriptionIdOf(ERASED), ERASED);
  await deleted(legacySubscriptionIdOf(ERASED));
  await subscribed(raw, legacySubscriptionIdOf(ERASED_PLAIN), ERASED_PLAIN);
  await deleted(legacySubscriptionIdOf(ERASED_PLAIN));
  await subscribed(sealed, MIGRATED_ID, 'migrated@example.com');
  await deleted(MIGRATED_ID);
  await sealed.close();
}

const start = () =>
  openBackend(
    loadConfig({ PROFILE: 'embedded', DATA_DIR: dataDir, SEED_DEMO: 'false', NODE_ENV: 'test' }),
    createLogger({
      level: 'info',
      write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
    }),
  );

function rawRows(): { stream_id: string; type: string; data: string }[] {
  const db = new Database(path.join(dataDir, 'events.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT stream_id, type, data FROM events ORDER BY position').all() as {
      stream_id: string;
      type: string;
      data: string;
    }[];
  } finally {
    db.close();
  }
}

const migrationLines = () =>
  lines.filter((l) => l.msg === 'erased legacy subscription streams renamed');

describe('starting on a log with sha256-named subscription streams', () => {
  it.each([
    ['erased (sealed)', ERASED],
    ['erased (plaintext, the oldest shape)', ERASED_PLAIN],
  ])(
    'an %s legacy subscription loses every trace of the hash of its address',
    async (_case, email) => {
      await writeLegacyLog();
      const before = rawRows();
      const backend = await start();
      await backend.close();
      const after = rawRows();
      const legacyId = legacySubscriptionIdOf(email);
      expect(JSON.stringify(before)).toContain(legacyId);
      expect(JSON.stringify(after)).not.toContain(legacyId);
      expect(JSON.stringify(after)).not.toContain(email);
      // Same events in the same order, only renamed.
      expect(after.map((r) => r.type)).toEqual(before.map((r) => r.type));
      const keys = SqliteSubscriberKeyStore.open(path.join(dataDir, 'subscriber-keys.sqlite'));
      try {
        expect(await keys.find(legacyId)).toBeNull();
        const renamed = after.find((r, i) => before[i]?.stream_id === `subscription-${legacyId}`);
        const newId = renamed?.stream_id.slice('subscription-'.length) ?? '';
        expect(newId).toMatch(/^[0-9a-f]{32}$/);
        expect(JSON.parse(renamed?.data ?? '{}')).toMatchObject({ subscriptionId: newId });
        expect(await keys.find(newId)).toBe('erased');
      } finally {
        await keys.close();
      }
    },
  );

  it('logs the count once, leaves live and migrated streams alone, and a second start changes nothing', async () => {
    await writeLegacyLog();
    const before = rawRows();
    let backend: Backend = await start();
    try {
      expect(migrationLines()).toHaveLength(1);
      expect(migrationLines()[0]).toMatchObject({ streams: 2 });
      const after = rawRows();
      for (const id of [
        legacySubscriptionIdOf(LIVE),
        legacySubscriptionIdOf(LIVE_PLAIN),
        MIGRATED_ID,
      ]) {
        expect(after.filter((r) => r.stream_id === `subscription-${id}`)).toEqual(
          before.filter((r) => r.stream_id === `subscription-${id}`),
        );
      }
      // The read models replayed from the renamed log: the two live ones, nothing erased.
      await backend.waitForProjections((await backend.eventStore.headPosition()).toString());
      expect((await backend.queries.subscriptions()).map((s) => s.email).sort()).toEqual([
        LIVE,
        LIVE_PLAIN,
      ]);
      expect((await backend.queries.dashboardCounts()).subscriptions).toBe(2);
    } finally {
      await backend.close();
    }
    const once = rawRows();
    lines = [];
    backend = await start();
    await backend.close();
    expect(migrationLines()).toHaveLength(0);
    expect(rawRows()).toEqual(once);
  });

  it('a live legacy subscription erased after a start is renamed at the next start', async () => {
    // Given a start that renamed the erased streams and left the live ones
    await writeLegacyLog();
    let backend = await start();
    const liveId = legacySubscriptionIdOf(LIVE);
    try {
      // When an administrator erases a live legacy subscription
      await backend.bus.dispatch(
        { type: 'DeleteSubscription', subscriptionId: liveId },
        { actor: { kind: 'system', id: 'test' }, correlationId: randomUUID() },
      );
    } finally {
      await backend.close();
    }
    expect(JSON.stringify(rawRows())).toContain(liveId);

    // Then the next start renames its stream (found among the events since the last start)
    lines = [];
    backend = await start();
    await backend.close();
    expect(migrationLines()).toEqual([expect.objectContaining({ streams: 1 })]);
    expect(JSON.stringify(rawRows())).not.toContain(liveId);
    expect(JSON.stringify(rawRows())).not.toContain(LIVE);
    // and the plaintext live one, never erased, keeps its id
    expect(JSON.stringify(rawRows())).toContain(legacySubscriptionIdOf(LIVE_PLAIN));
  });

  it('a live legacy subscription keeps its id: already subscribed, unsubscribed by its id', async () => {
    await writeLegacyLog();
    const backend = await start();
    try {
      for (const email of [LIVE, LIVE_PLAIN]) {
        const legacyId = legacySubscriptionIdOf(email);
        expect(await backend.subscribers.idFor(email.toUpperCase())).toBe(legacyId);
        const context = { actor: VISITOR, correlationId: randomUUID() };
        await expect(
          backend.bus.dispatch(
            {
              type: 'SubscribeToNewsletter',
              email,
              subscriptionId: await backend.subscribers.idFor(email),
            },
            context,
          ),
        ).rejects.toThrow(NEWSLETTER_MESSAGES.duplicate);
        await backend.bus.dispatch(
          { type: 'UnsubscribeFromNewsletter', subscriptionId: legacyId },
          context,
        );
      }
      // An erased legacy address starts over with a new, random subscription.
      const fresh = await backend.subscribers.idFor(ERASED);
      expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await backend.close();
    }
  });
});
