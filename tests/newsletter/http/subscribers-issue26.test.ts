/**
 * Issue 26, subscribers, on the app started for real (embedded profile, a temporary DATA_DIR):
 * - an administrator unsubscribes someone with a reason (400 naming the field, 404, 409), the
 *   row saying when and how, the active count down, reversible by subscribing again;
 * - the list's rows carry each subscriber's signed unsubscribe link and last sent issue;
 * - preferences through the signed link: a tampered link is the 400 page, a bad state a 400
 *   naming the field, saved values read back (form post, 303 to ?saved=1, the page's read);
 * - the medication is sealed in the log like the address: neither is in DATA_DIR's bytes, and
 *   after a deletion both read as erased and a rebuild shows no medication anywhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventStore } from '../../../commands/event-store';
import {
  signPreferencesToken,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from '../../../commands/newsletter';
import { subscriptionStreamId } from '../../../domain/newsletter/events';
import type { Backend } from '../../../workers/bootstrap/composition';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const SECRET = 'subscribers test unsubscribe secret, forty chars';
const PASSWORD = 'a long test password 1';
const ANN = 'ann@example.com';

let site: TestServer;
let backend: Backend;
let base: string;
let session: AdminSession;

beforeEach(async () => {
  site = await startTestServer({
    prefix: 'vial-subscribers26-',
    env: { UNSUBSCRIBE_SECRET: SECRET },
    // Stands in for the server-rendered pages.
    pages: (_req, res) => {
      res.status(200).type('html').send('<h1>page</h1>');
    },
  });
  ({ backend, base } = site);
  await registerAdmin(backend, 'ops@example.com', PASSWORD);
  session = await signIn(base, 'ops@example.com', PASSWORD);
  expect((await request(base, '/api/subscriptions', { json: { email: ANN } })).status).toBe(201);
});

afterEach(() => site.close());

async function idOf(email: string): Promise<string> {
  const id = await backend.subscribers.find(email);
  if (!id) throw new Error(`${email} has no subscription`);
  return id;
}
const activeCount = async () => (await backend.queries.dashboardCounts()).subscriptions;

interface Row {
  _id: string;
  email: string;
  active: boolean;
  inactiveAt?: string;
  inactiveHow?: string;
  inactiveReason?: string;
  medications: string[];
  state: string | null;
  weeklyIssue: boolean;
  priceAlerts: boolean;
  bounces: number;
  unsubscribeUrl: string;
  lastIssue: { issueId: string; sentAt: string } | null;
}
async function rows(): Promise<Row[]> {
  const response = await request(base, '/api/admin/subscriptions', { session });
  expect(response.status).toBe(200);
  return ((await response.json()) as { rows: Row[] }).rows;
}

const unsubscribeByAdmin = async (id: string, body: unknown) =>
  request(base, `/api/admin/subscriptions/${id}/unsubscribe`, { json: body, session });

describe('POST /api/admin/subscriptions/:id/unsubscribe', () => {
  it('makes the subscriber Inactive with the date, how and the reason; the count goes down', async () => {
    const id = await idOf(ANN);
    expect(await activeCount()).toBe(1);
    const response = await unsubscribeByAdmin(id, { reason: ' Asked by mail on 3 May ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const [row] = await rows();
    expect(row).toMatchObject({
      email: ANN,
      active: false,
      inactiveHow: 'administrator',
      inactiveReason: 'Asked by mail on 3 May',
      inactiveAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await activeCount()).toBe(0);
    const audit = await backend.queries.auditLog({ limit: 5 });
    expect(JSON.stringify(audit)).toContain(
      'Unsubscribed a***@example.com: Asked by mail on 3 May',
    );
  });

  it('a second time: 409 "This subscriber is already inactive"; subscribing again reactivates', async () => {
    const id = await idOf(ANN);
    expect((await unsubscribeByAdmin(id, { reason: 'Asked by mail' })).status).toBe(200);
    const again = await unsubscribeByAdmin(id, { reason: 'Asked by mail' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'This subscriber is already inactive' });
    expect((await request(base, '/api/subscriptions', { json: { email: ANN } })).status).toBe(201);
    const [row] = await rows();
    expect(row).toMatchObject({ active: true, bounces: 0 });
    expect(row?.inactiveHow).toBeUndefined();
    expect(row?.inactiveReason).toBeUndefined();
    expect(await activeCount()).toBe(1);
  });

  it.each([
    ['missing', {}, 'Reason is required: say why this subscriber is unsubscribed.'],
    ['blank', { reason: '   ' }, 'Reason is required: say why this subscriber is unsubscribed.'],
    ['two lines', { reason: 'one\ntwo' }, 'Reason must be one line.'],
    ['too long', { reason: 'x'.repeat(201) }, 'Reason must be at most 200 characters.'],
    ['not text', { reason: 42 }, 'Reason is required: say why this subscriber is unsubscribed.'],
  ])('a reason %s: 400 naming the field, nothing recorded', async (_case, body, message) => {
    const before = await backend.eventStore.headPosition();
    const response = await unsubscribeByAdmin(await idOf(ANN), body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { reason: message } });
    expect(await backend.eventStore.headPosition()).toBe(before);
  });

  it('an unknown subscriber: 404; without a session: 401', async () => {
    const unknown = await unsubscribeByAdmin('0'.repeat(32), { reason: 'Asked by mail' });
    expect(unknown.status).toBe(404);
    const anonymous = await request(
      base,
      `/api/admin/subscriptions/${await idOf(ANN)}/unsubscribe`,
      {
        json: { reason: 'x' },
      },
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('the list rows', () => {
  it('carry the signed unsubscribe link, and the last sent issue once the sender kept one', async () => {
    const id = await idOf(ANN);
    const [row] = await rows();
    expect(row?.lastIssue).toBeNull();
    expect(row?.unsubscribeUrl).toMatch(new RegExp(`^${base}/unsubscribe/${id}\\.[\\w-]{43}$`));
    const token = row?.unsubscribeUrl.split('/').at(-1);
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ ok: true, subscriptionId: id });
    await backend.readStore.collection('newsletter_last_sent').bulkWrite([
      {
        kind: 'upsert',
        doc: { _id: id, issueId: 'issue-7', sentAt: '2026-11-20T09:00:00.000Z' },
      },
    ]);
    expect((await rows())[0]?.lastIssue).toEqual({
      issueId: 'issue-7',
      sentAt: '2026-11-20T09:00:00.000Z',
    });
  });
});

const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();
const postPreferences = (token: string, body: string) =>
  request(base, `/preferences/${token}`, {
    method: 'POST',
    raw: body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

describe('preferences by the signed link', () => {
  it('saved by the form (303 to ?saved=1) and read back by the page and the back office', async () => {
    const id = await idOf(ANN);
    const token = signPreferencesToken(SECRET, id);
    expect((await request(base, `/preferences/${token}`)).status).toBe(200);
    const response = await postPreferences(
      token,
      form([
        ['medications', 'tirzepatide'],
        ['medications', 'semaglutide'],
        ['state', 'OH'],
        ['priceAlerts', 'on'],
      ]),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/preferences/${token}?saved=1`);
    const read = await request(base, `/api/newsletter/preferences/${token}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    const view = await read.json();
    expect(view).toEqual({
      email: 'a***@example.com',
      active: true,
      medications: ['semaglutide', 'tirzepatide'],
      state: 'OH',
      weeklyIssue: false,
      priceAlerts: true,
      unsubscribePath: `/unsubscribe/${signUnsubscribeToken(SECRET, id)}`,
    });
    expect(JSON.stringify(view)).not.toContain(ANN);
    expect((await rows())[0]).toMatchObject({
      medications: ['semaglutide', 'tirzepatide'],
      state: 'OH',
      weeklyIssue: false,
      priceAlerts: true,
    });
  });

  it('a tampered link, or the unsubscribe token: the plain 400 page, nothing read or saved', async () => {
    const id = await idOf(ANN);
    const token = signPreferencesToken(SECRET, id);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, signUnsubscribeToken(SECRET, id), 'nonsense']) {
      const page = await request(base, `/preferences/${bad}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('This preferences link is not valid');
      const before = await backend.eventStore.headPosition();
      expect((await postPreferences(bad, form([['state', 'OH']]))).status).toBe(400);
      expect(await backend.eventStore.headPosition()).toBe(before);
      expect((await request(base, `/api/newsletter/preferences/${bad}`)).status).toBe(400);
    }
  });

  it.each([
    [
      'a state not in the list',
      [['state', 'ZZ']],
      'State must be one of the 50 US states, or Any state.',
    ],
    [
      'another medication',
      [['medications', 'liraglutide']],
      'Medications must be semaglutide, tirzepatide or both.',
    ],
  ] as [string, [string, string][], string][])(
    '%s: 400 naming the field, nothing saved',
    async (_case, fields, message) => {
      const token = signPreferencesToken(SECRET, await idOf(ANN));
      const before = await backend.eventStore.headPosition();
      const response = await postPreferences(token, form(fields));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
      expect(await backend.eventStore.headPosition()).toBe(before);
    },
  );
});

/** Every file in DATA_DIR (the SQLite files and their write-ahead logs), as bytes. */
const dataDirBytes = (dataDir: string) =>
  Buffer.concat(readdirSync(dataDir).map((f) => readFileSync(path.join(dataDir, f))));

async function rawStream(streamId: string) {
  const raw = await openEventStore({
    kind: 'sqlite',
    path: path.join(site.dataDir, 'events.sqlite'),
  });
  try {
    return await raw.readStream(streamId);
  } finally {
    await raw.close();
  }
}

describe('the medication is sealed with the address', () => {
  it('not in the stored bytes; after deletion both read as erased, and a rebuild shows no medication', async () => {
    const id = await idOf(ANN);
    const token = signPreferencesToken(SECRET, id);
    const saved = await postPreferences(
      token,
      form([
        ['medications', 'tirzepatide'],
        ['state', 'WY'],
        ['weeklyIssue', 'on'],
      ]),
    );
    expect(saved.status).toBe(303);

    const stored = await rawStream(subscriptionStreamId(id));
    const changed = stored.find((e) => e.type === 'SubscriberPreferencesChanged');
    expect(changed?.data).toEqual({
      subscriptionId: id,
      sealed: expect.stringMatching(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    const bytes = dataDirBytes(site.dataDir);
    expect(bytes.includes(ANN)).toBe(false);
    expect(bytes.includes('tirzepatide')).toBe(false);

    // Read through the sealed store: the logical event, opened.
    const opened = await backend.eventStore.readStream(subscriptionStreamId(id));
    expect(opened.find((e) => e.type === 'SubscriberPreferencesChanged')?.data).toEqual({
      subscriptionId: id,
      medications: ['tirzepatide'],
      state: 'WY',
      weeklyIssue: true,
      priceAlerts: false,
    });

    const removed = await request(base, `/api/admin/subscriptions/${id}`, {
      method: 'DELETE',
      session,
    });
    expect(removed.status).toBe(200);
    const after = await backend.eventStore.readStream(subscriptionStreamId(id));
    expect(after.find((e) => e.type === 'VisitorSubscribed')?.data).toEqual({
      subscriptionId: id,
      email: null,
      erased: true,
    });
    expect(after.find((e) => e.type === 'SubscriberPreferencesChanged')?.data).toEqual({
      subscriptionId: id,
      erased: true,
    });

    await backend.rebuildProjections();
    const dump = JSON.stringify(await backend.readStore.collection('subscriptions').find({}));
    expect(dump).not.toContain('tirzepatide');
    expect(dump).not.toContain(ANN);
    const audit = JSON.stringify(await backend.queries.auditLog({ limit: 50 }));
    expect(audit).not.toContain('tirzepatide');
    expect(audit).not.toContain('WY');
    // The preferences page of an erased subscriber: gone, not a 5xx.
    expect((await request(base, `/api/newsletter/preferences/${token}`)).status).toBe(404);
  });
});
