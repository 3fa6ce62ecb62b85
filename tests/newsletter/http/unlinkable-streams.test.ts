/**
 * A subscription's stream says nothing about its address (embedded profile, started for real):
 * its id is random, the link from the address to it is a keyed hash (HMAC with a secret kept
 * in the key store, outside the log), and an erasure removes that link with the key. So after
 * subscribe + erase, neither the event log nor any file in DATA_DIR holds a hash of the address
 * anyone could compute without the secret; and one address still has one subscription.
 */
import { createHash, createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUnsubscribeToken, SqliteSubscriberKeyStore } from '../../../commands/newsletter';
import { NEWSLETTER_MESSAGES } from '../../../domain/newsletter/rules';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const SECRET = 'unlinkable test unsubscribe secret, 40 ch';
const ANN = 'ann@example.com';

let site: TestServer;
let session: AdminSession;

beforeEach(async () => {
  site = await startTestServer({ prefix: 'vial-unlinkable-', env: { UNSUBSCRIBE_SECRET: SECRET } });
  await registerAdmin(site.backend, 'ops@example.com', 'a long test password 1');
  session = await signIn(site.base, 'ops@example.com', 'a long test password 1');
});
afterEach(() => site.close());

const subscribe = (email: string) => request(site.base, '/api/subscriptions', { json: { email } });

/** The subscription id the back office lists for an address (its read model row). */
async function idOf(email: string): Promise<string> {
  const rows = await site.backend.queries.subscriptions();
  const row = rows.find((r) => r.email === email);
  if (!row) throw new Error(`${email} is not listed`);
  return row._id;
}

/** Every unkeyed hash of the address (and its spellings) in hex, base64 and base64url. */
function hashesOf(email: string): string[] {
  const spellings = [email, email.toUpperCase(), ` ${email} `];
  return spellings.flatMap((text) =>
    ['md5', 'sha1', 'sha256', 'sha512'].flatMap((algorithm) => {
      const digest = createHash(algorithm).update(text, 'utf8').digest();
      return [digest.toString('hex'), digest.toString('base64'), digest.toString('base64url')];
    }),
  );
}

/** The raw rows of events.sqlite (stream ids, data, metadata), as text. */
function rawEvents(dataDir: string): string {
  const db = new Database(path.join(dataDir, 'events.sqlite'), { readonly: true });
  try {
    return JSON.stringify(db.prepare('SELECT stream_id, data, metadata FROM events').all());
  } finally {
    db.close();
  }
}

const dataDirBytes = (dataDir: string) =>
  Buffer.concat(readdirSync(dataDir).map((f) => readFileSync(path.join(dataDir, f))));

describe('subscription streams are not keyed by the address', () => {
  it('after subscribe + erase, no file holds a hash of the address computable without the secret', async () => {
    expect((await subscribe(ANN)).status).toBe(201);
    const id = await idOf(ANN);
    const keys = SqliteSubscriberKeyStore.open(path.join(site.dataDir, 'subscriber-keys.sqlite'));
    const secret = await keys.linkSecret();
    const keyed = createHmac('sha256', secret).update(`subscriber-link:v1:${ANN}`).digest('hex');
    expect(await keys.linked(keyed)).toBe(id); // the link, while it is a subscription
    expect(
      (await request(site.base, `/api/admin/subscriptions/${id}`, { method: 'DELETE', session }))
        .status,
    ).toBe(200);

    const events = rawEvents(site.dataDir);
    expect(events).toContain(`subscription-${id}`);
    const bytes = dataDirBytes(site.dataDir).toString('latin1');
    for (const hash of hashesOf(ANN)) {
      expect(events).not.toContain(hash);
      expect(bytes).not.toContain(hash);
    }

    // Nor does the key store, even read with its own secret, link the address any more.
    try {
      expect(await keys.linked(keyed)).toBeNull();
      expect(bytes).not.toContain(keyed);
    } finally {
      await keys.close();
    }
  });

  it('concurrent subscriptions of one address: one subscribed, the others already subscribed', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => subscribe(i % 2 ? ANN : ` ${ANN.toUpperCase()}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(await answer.json()).toEqual({ error: NEWSLETTER_MESSAGES.duplicate });
    }
    expect(await site.backend.queries.subscriptions()).toHaveLength(1);
    const subscriptionEvents = (await site.backend.eventStore.readAll()).filter((e) =>
      e.streamId.startsWith('subscription-'),
    );
    expect(subscriptionEvents.map((e) => e.type)).toEqual(['VisitorSubscribed']);
  });

  it('the unsubscribe link and subscribing again still reach the one subscription', async () => {
    expect((await subscribe(ANN)).status).toBe(201);
    const id = await idOf(ANN);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const token = signUnsubscribeToken(SECRET, id);
    expect(
      (
        await request(site.base, `/unsubscribe/${token}`, {
          method: 'POST',
          headers: { Origin: null },
        })
      ).status,
    ).toBe(200);
    expect(await site.backend.queries.subscription(id)).toMatchObject({ active: false });
    expect((await subscribe(ANN)).status).toBe(201); // reactivated, same subscription
    expect(await site.backend.queries.subscription(id)).toMatchObject({ active: true });
    expect(await site.backend.queries.subscriptions()).toHaveLength(1);
  });

  it('after an erasure the address subscribes again under a new, unrelated id', async () => {
    expect((await subscribe(ANN)).status).toBe(201);
    const first = await idOf(ANN);
    await request(site.base, `/api/admin/subscriptions/${first}`, { method: 'DELETE', session });
    expect((await subscribe(ANN)).status).toBe(201);
    const second = await idOf(ANN);
    expect(second).not.toBe(first);
    expect(await site.backend.queries.subscription(first)).toBeNull();
  });
});
