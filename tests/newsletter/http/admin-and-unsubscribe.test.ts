/**
 * Subscribers over HTTP on the app started for real (embedded profile, a temporary DATA_DIR):
 * the back office's page (search, status, paging, bad parameters), the CSV export (streamed,
 * quoted, formula-safe), delete (an erasure: the row goes, the count goes down, 404 after),
 * and the one-click unsubscribe link (GET checks it, POST unsubscribes by form or RFC 8058
 * one-click, without an Origin; a bad or tampered token is a 400 page, never a 5xx), then
 * subscribing again reactivates.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../../workers/bootstrap/composition';
import { newSubscriptionId, signUnsubscribeToken } from '../../../commands/newsletter';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const SECRET = 'test unsubscribe secret of forty characters';
const PASSWORD = 'a long test password 1';

let site: TestServer;
let backend: Backend;
let base: string;
let session: AdminSession;

beforeEach(async () => {
  site = await startTestServer({
    prefix: 'vial-subscribers-',
    env: { UNSUBSCRIBE_SECRET: SECRET },
    // Stands in for the server-rendered confirmation page.
    pages: (_req, res) => {
      res.status(200).type('html').send('<h1>confirmation page</h1>');
    },
  });
  ({ backend, base } = site);
  await registerAdmin(backend, 'ops@example.com', PASSWORD);
  session = await signIn(base, 'ops@example.com', PASSWORD);
});

afterEach(() => site.close());

const subscribe = (email: string) => request(base, '/api/subscriptions', { json: { email } });
const head = () => backend.eventStore.headPosition();
const activeCount = async () => (await backend.queries.dashboardCounts()).subscriptions;

interface Page {
  rows: Array<{ _id: string; email: string; active: boolean; subscribedAt: string }>;
  total: number;
}
async function list(query = ''): Promise<Page> {
  const response = await request(base, `/api/admin/subscriptions${query}`, { session });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

/** An address's subscription id (random, linked in the key store). */
async function idOf(email: string): Promise<string> {
  const id = await backend.subscribers.find(email);
  if (!id) throw new Error(`${email} has no subscription`);
  return id;
}
const tokenOf = async (email: string) => signUnsubscribeToken(SECRET, await idOf(email));

describe('GET /api/admin/subscriptions', () => {
  beforeEach(async () => {
    for (const email of ['ann@example.com', 'bob@example.org', 'cy@example.com', 'dee@example.com'])
      expect((await subscribe(email)).status).toBe(201);
  });

  it('pages newest first, with the total', async () => {
    expect((await list()).rows.map((r) => r.email)).toEqual([
      'dee@example.com',
      'cy@example.com',
      'bob@example.org',
      'ann@example.com',
    ]);
    const second = await list('?page=2&pageSize=10');
    expect(second).toEqual({ rows: [], total: 4 });
    expect((await list('?pageSize=10&page=1')).total).toBe(4);
  });

  it('searches part of the e-mail, any case, and filters by status', async () => {
    expect((await list('?q=EXAMPLE.ORG')).rows.map((r) => r.email)).toEqual(['bob@example.org']);
    expect(await list('?q=nobody')).toEqual({ rows: [], total: 0 });
    const post = await request(base, `/unsubscribe/${await tokenOf('cy@example.com')}`, {
      method: 'POST',
    });
    expect(post.status).toBe(200);
    expect((await list('?status=inactive')).rows.map((r) => r.email)).toEqual(['cy@example.com']);
    expect((await list('?status=active')).total).toBe(3);
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?pageSize=7', 'pageSize'],
    ['?status=gone', 'status'],
    [`?q=${'x'.repeat(300)}`, 'q'],
  ])('%s is a 400 naming %s', async (query, field) => {
    const response = await request(base, `/api/admin/subscriptions${query}`, { session });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields)).toContain(field);
  });

  it('is for administrators only (the list and the export)', async () => {
    expect((await request(base, '/api/admin/subscriptions')).status).toBe(401);
    expect((await request(base, '/api/admin/subscriptions.csv')).status).toBe(401);
  });
});

describe('GET /api/admin/subscriptions.csv', () => {
  it('streams the filtered list: header, quoted and formula-safe cells, every row once', async () => {
    const emails = Array.from({ length: 1500 }, (_, i) => `reader${i}@example.com`);
    for (const email of emails) {
      await backend.bus.dispatch(
        {
          type: 'SubscribeToNewsletter',
          email,
          subscriptionId: await backend.subscribers.idFor(email),
        },
        { actor: { kind: 'system', id: 'test' }, correlationId: 't' },
      );
    }
    await subscribe('+tag@example.com');
    await subscribe('-dash@example.com');
    await request(base, `/unsubscribe/${await tokenOf('reader7@example.com')}`, { method: 'POST' });

    const response = await request(base, '/api/admin/subscriptions.csv', { session });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="subscriptions.csv"',
    );
    // Written in chunks as the rows come, not one string with a length.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    const lines = (await response.text()).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('Email,Subscribed at,Status,Source');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(1502);
    expect(rows[0]).toMatch(/^reader0@example\.com,\d{4}-\d\d-\d\dT[\d:.]+Z,Active,system$/);
    expect(rows[7]).toMatch(/^reader7@example\.com,.*,Inactive,system$/);
    expect(rows.at(-2)).toMatch(/^'\+tag@example\.com,.*,Active,visitor$/);
    expect(rows.at(-1)).toMatch(/^'-dash@example\.com,/);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(1502);

    const filtered = await request(base, '/api/admin/subscriptions.csv?status=inactive', {
      session,
    });
    expect((await filtered.text()).split('\r\n').slice(1, -1)).toEqual([
      expect.stringMatching(/^reader7@example\.com,/),
    ]);
    const bad = await request(base, '/api/admin/subscriptions.csv?status=nope', { session });
    expect(bad.status).toBe(400);
  }, 60_000);
});

describe('DELETE /api/admin/subscriptions/:id', () => {
  it('erases one: gone from the list, the active count down by one, 404 the second time', async () => {
    await subscribe('ann@example.com');
    await subscribe('bob@example.com');
    expect(await activeCount()).toBe(2);
    const id = await idOf('ann@example.com');
    const response = await request(base, `/api/admin/subscriptions/${id}`, {
      method: 'DELETE',
      session,
    });
    expect(response.status).toBe(200);
    expect((await list()).rows.map((r) => r.email)).toEqual(['bob@example.com']);
    expect(await activeCount()).toBe(1);
    const again = await request(base, `/api/admin/subscriptions/${id}`, {
      method: 'DELETE',
      session,
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: 'Subscription not found' });
    // The address may subscribe again afterwards.
    expect((await subscribe('ann@example.com')).status).toBe(201);
    expect(await activeCount()).toBe(2);
  });

  it('an inactive one: deleted without moving the active count', async () => {
    await subscribe('ann@example.com');
    await request(base, `/unsubscribe/${await tokenOf('ann@example.com')}`, { method: 'POST' });
    expect(await activeCount()).toBe(0);
    const id = await idOf('ann@example.com');
    expect(
      (await request(base, `/api/admin/subscriptions/${id}`, { method: 'DELETE', session })).status,
    ).toBe(200);
    expect(await activeCount()).toBe(0);
  });

  it('a malformed id is a 400, and needs the CSRF token', async () => {
    const bad = await request(base, '/api/admin/subscriptions/not-an-id', {
      method: 'DELETE',
      session,
    });
    expect(bad.status).toBe(400);
    const noCsrf = await request(base, `/api/admin/subscriptions/${'a'.repeat(64)}`, {
      method: 'DELETE',
      headers: { Cookie: session.cookie },
    });
    expect(noCsrf.status).toBe(403);
  });
});

describe('the unsubscribe link', () => {
  beforeEach(async () => {
    expect((await subscribe('Ann@Example.com')).status).toBe(201);
  });

  it('GET with a good token renders the confirmation page (and changes nothing)', async () => {
    const before = await head();
    const response = await request(base, `/unsubscribe/${await tokenOf('ann@example.com')}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('confirmation page');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await head()).toBe(before);
  });

  it('POST from the page: Inactive, the active count down by one, 303 to /unsubscribed', async () => {
    expect(await activeCount()).toBe(1);
    const response = await request(
      base,
      `/unsubscribe/${await tokenOf('ann@example.com')}?via=page`,
      {
        method: 'POST',
        raw: '',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/unsubscribed');
    expect((await list()).rows).toEqual([
      expect.objectContaining({ email: 'ann@example.com', active: false }),
    ]);
    expect(await activeCount()).toBe(0);
    const events = await backend.eventStore.readAll();
    expect(events.at(-1)).toMatchObject({
      type: 'VisitorUnsubscribed',
      data: { subscriptionId: await idOf('ann@example.com') },
    });
  });

  it('RFC 8058 one-click POST from a mail program (no Origin): 200; twice changes nothing', async () => {
    const oneClick = async () =>
      request(base, `/unsubscribe/${await tokenOf('ann@example.com')}`, {
        method: 'POST',
        raw: 'List-Unsubscribe=One-Click',
        headers: { Origin: null, 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('Unsubscribed');
    const after = await head();
    expect((await oneClick()).status).toBe(200);
    expect(await head()).toBe(after);
    expect(await activeCount()).toBe(0);
  });

  it('subscribing again reactivates it: Active, counted again, one subscriber', async () => {
    await request(base, `/unsubscribe/${await tokenOf('ann@example.com')}`, { method: 'POST' });
    expect((await subscribe('ann@example.com')).status).toBe(201);
    const page = await list();
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ email: 'ann@example.com', active: true });
    expect(await activeCount()).toBe(1);
    const events = await backend.eventStore.readAll();
    expect(events.at(-1)?.type).toBe('SubscriptionReactivated');
    // Active again: a further subscription is the duplicate it always was.
    expect((await subscribe('ann@example.com')).status).toBe(409);
  });

  const good = () => tokenOf('ann@example.com');
  it.each([
    [
      'signed with another secret',
      async () => signUnsubscribeToken('x'.repeat(40), await idOf('ann@example.com')),
    ],
    [
      'one character of the MAC changed',
      async () => {
        const token = await good();
        return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      },
    ],
    [
      'another subscriber with this MAC',
      async () => `${newSubscriptionId()}.${(await good()).split('.')[1]}`,
    ],
    ['cut short', async () => (await good()).slice(0, 70)],
    ['garbage', async () => 'hello'],
  ])('a token %s: a 400 page on GET and POST, nothing written', async (_case, token) => {
    const before = await head();
    const get = await request(base, `/unsubscribe/${await token()}`);
    expect(get.status).toBe(400);
    expect(get.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await get.text()).toContain('This unsubscribe link is not valid');
    const post = await request(base, `/unsubscribe/${await token()}`, {
      method: 'POST',
      raw: 'List-Unsubscribe=One-Click',
      headers: { Origin: null, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(400);
    expect(await head()).toBe(before);
    expect(await activeCount()).toBe(1);
  });

  it('a token with bad percent-encoding is a 400 too (the router cannot decode it)', async () => {
    expect((await request(base, '/unsubscribe/%E0%A4%A')).status).toBe(400);
    const post = await request(base, '/unsubscribe/%E0%A4%A', { method: 'POST' });
    expect(post.status).toBe(400);
  });
});
