/**
 * Deleting a subscription is an erasure (crypto-shredding), checked on the app started for
 * real (embedded profile, a temporary DATA_DIR):
 * - the address never reaches a file in DATA_DIR in the clear: the event log holds it sealed
 *   with the subscriber's own key, which lives in DATA_DIR/subscriber-keys.sqlite;
 * - after deletion, a search of EVERY read model (each projector's collections, the kept
 *   collections) and of the audit log finds nothing; nor after a rebuild, nor after a restart
 *   that replays the whole log into fresh read models;
 * - an event written before sealing existed (plaintext address, the old shape) is upcast: it
 *   still projects, and once its subscription is deleted it reads as erased on every replay.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAPABILITY_LIST } from '../../../workers/bootstrap/capabilities';
import { appProjectors, openBackend, type Backend } from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';
import { openEventStore } from '../../../commands/event-store';
import { legacySubscriptionIdOf, signUnsubscribeToken } from '../../../commands/newsletter';
import { subscriptionStreamId } from '../../../domain/newsletter/events';
import { PLATFORM_COLLECTIONS } from '../../../projections/views';
import { visitorEvent } from '../../support/visitor-event';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const SECRET = 'erasure test unsubscribe secret, forty chars';
const ANN = 'ann@example.com';
const BOB = 'bob@example.com';

let site: TestServer;
let session: AdminSession;

beforeEach(async () => {
  site = await startTestServer({ prefix: 'vial-erasure-', env: { UNSUBSCRIBE_SECRET: SECRET } });
  await registerAdmin(site.backend, 'ops@example.com', 'a long test password 1');
  session = await signIn(site.base, 'ops@example.com', 'a long test password 1');
});
afterEach(() => site.close());

/** Every collection any projector writes, and every kept collection, with their documents. */
async function everyReadModel(backend: Backend): Promise<string> {
  const names = new Set([
    ...appProjectors().flatMap((p) => p.collections),
    ...CAPABILITY_LIST.flatMap((c) => c.keptCollections ?? []),
    ...Object.values(PLATFORM_COLLECTIONS),
  ]);
  const dump: Record<string, unknown> = {};
  for (const name of names) dump[name] = await backend.readStore.collection(name).find({});
  dump.auditLog = await backend.queries.auditLog({ limit: 500 });
  return JSON.stringify(dump);
}

/** Events as text (positions are bigints). */
const logText = (events: readonly unknown[]) =>
  JSON.stringify(events, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );

/** Every file in DATA_DIR (the SQLite files and their write-ahead logs), as bytes. */
function dataDirBytes(dataDir: string): Buffer {
  return Buffer.concat(readdirSync(dataDir).map((f) => readFileSync(path.join(dataDir, f))));
}

const subscribe = (email: string) => request(site.base, '/api/subscriptions', { json: { email } });

/** An address's subscription id (random; linked in the key store), kept once looked up. */
const ids = new Map<string, string>();
async function idOf(email: string): Promise<string> {
  const id = ids.get(email) ?? (await site.backend.subscribers.find(email));
  if (!id) throw new Error(`${email} has no subscription`);
  ids.set(email, id);
  return id;
}
beforeEach(() => ids.clear());

const remove = async (email: string) =>
  request(site.base, `/api/admin/subscriptions/${await idOf(email)}`, {
    method: 'DELETE',
    session,
  });

/**
 * A restart on the same data: a backend opened on a copy of DATA_DIR (the running one keeps
 * its files; two processes on one DATA_DIR would empty the read-model file under each other).
 */
async function openSecondBackend(dataDir: string): Promise<Backend> {
  cpSync(site.dataDir, dataDir, { recursive: true });
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    PUBLIC_URL: site.base,
    UNSUBSCRIBE_SECRET: SECRET,
  });
  return openBackend(config, createLogger({ level: 'error' }));
}

describe('deleting a subscription erases the address', () => {
  it('sealed in the log; after deletion in no read model or audit entry, even after a rebuild or a restart', async () => {
    expect((await subscribe(ANN)).status).toBe(201);
    expect((await subscribe(BOB)).status).toBe(201);
    // Unsubscribed, then subscribed again: more events about ann.
    await request(site.base, `/unsubscribe/${signUnsubscribeToken(SECRET, await idOf(ANN))}`, {
      method: 'POST',
    });
    expect((await subscribe(ANN)).status).toBe(201);
    const annId = await idOf(ANN);

    // Never in the clear on disk; sealed in the log.
    expect(dataDirBytes(site.dataDir).includes(ANN)).toBe(false);
    const [subscribed] = await openRaw(site.dataDir, (raw) =>
      raw.readStream(subscriptionStreamId(annId)),
    );
    expect(subscribed?.data).toEqual({
      subscriptionId: annId,
      sealedEmail: expect.stringMatching(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    // Through the application the log reads in the clear, and the read models have it.
    expect(await everyReadModel(site.backend)).toContain(ANN);

    expect((await remove(ANN)).status).toBe(200);

    const check = async (backend: Backend, when: string) => {
      const models = await everyReadModel(backend);
      expect(models, `${when}: ann is gone`).not.toContain(ANN);
      expect(models, `${when}: bob is there (the search works)`).toContain(BOB);
      const events = logText(await backend.eventStore.readAll({ limit: 10_000 }));
      expect(events, `${when}: the log reads ann as erased`).not.toContain(ANN);
    };
    await check(site.backend, 'after the deletion');
    expect((await site.backend.queries.dashboardCounts()).subscriptions).toBe(1);
    const audit = await site.backend.queries.auditLog({ subjectId: annId });
    expect(audit.map((e) => e.summary)).toEqual([
      'Deleted the subscription of a***@example.com (erasure)',
      'a***@example.com subscribed again',
      'a***@example.com unsubscribed by the link',
      'Subscribed a***@example.com to the newsletter',
    ]);

    await site.backend.rebuildProjections();
    await check(site.backend, 'after a rebuild');
    expect(
      (await site.backend.queries.auditLog({ subjectId: annId })).map((e) => e.subject.name),
    ).toEqual(['Erased subscriber', 'Erased subscriber', 'Erased subscriber', 'Erased subscriber']);

    const copy = mkdtempSync(path.join(tmpdir(), 'vial-erasure-restart-'));
    const restarted = await openSecondBackend(copy);
    try {
      await restarted.waitForProjections(
        (await restarted.eventStore.headPosition()).toString(),
        5000,
      );
      await check(restarted, 'after a restart (a full replay)');
      expect((await restarted.queries.dashboardCounts()).subscriptions).toBe(1);
    } finally {
      await restarted.close();
    }
    expect(dataDirBytes(copy).includes(ANN)).toBe(false);
    rmSync(copy, { recursive: true, force: true });
    expect(dataDirBytes(site.dataDir).includes(ANN)).toBe(false);

    // The same address may subscribe again: a new key, a new subscription.
    expect((await subscribe(ANN)).status).toBe(201);
    expect(await everyReadModel(site.backend)).toContain(ANN);
  });

  it('an event of the old shape (plaintext address) still projects, and is erased by a deletion', async () => {
    const OLD = 'old@example.com';
    const id = legacySubscriptionIdOf(OLD);
    await openRaw(site.dataDir, (raw) =>
      raw.append(
        subscriptionStreamId(id),
        [visitorEvent('VisitorSubscribed', { subscriptionId: id, email: OLD })],
        'no_stream',
      ),
    );
    // The server picks up the other connection's append by polling its log.
    const deadline = Date.now() + 5000;
    while (!(await site.backend.queries.subscription(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await site.backend.queries.subscription(id)).toMatchObject({ email: OLD, active: true });
    // A duplicate of an old-shape subscription is still refused.
    expect((await subscribe(OLD)).status).toBe(409);

    expect((await remove(OLD)).status).toBe(200);
    await site.backend.rebuildProjections();
    expect(await everyReadModel(site.backend)).not.toContain(OLD);
    expect(logText(await site.backend.eventStore.readAll({ limit: 10_000 }))).not.toContain(OLD);
  });

  it('deleting twice: 404, and the key stays destroyed', async () => {
    expect((await subscribe(ANN)).status).toBe(201);
    expect((await remove(ANN)).status).toBe(200);
    expect((await remove(ANN)).status).toBe(404);
    expect(await everyReadModel(site.backend)).not.toContain(ANN);
  });
});

/** The event log file without the sealing decorator: what is really on disk. */
async function openRaw<T>(
  dataDir: string,
  use: (raw: Awaited<ReturnType<typeof openEventStore>>) => Promise<T>,
): Promise<T> {
  const raw = await openEventStore({ kind: 'sqlite', path: path.join(dataDir, 'events.sqlite') });
  try {
    return await use(raw);
  } finally {
    await raw.close();
  }
}
