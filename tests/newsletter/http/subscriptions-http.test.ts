/**
 * POST /api/subscriptions on the app started for real (embedded profile, a temporary
 * DATA_DIR): 201, 409 for the same e-mail in any case or spacing, 400 for a bad e-mail, 429
 * past the limit; refusals write nothing. GET /api/admin/subscriptions lists the result.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../../workers/bootstrap/composition';
import { SUBSCRIBE_LIMIT } from '../../../api/newsletter/routes';
import { NEWSLETTER_MESSAGES } from '../../../domain/newsletter/rules';
import { registerAdmin, signIn, startTestServer, type TestServer } from '../../support/http-server';

let site: TestServer;
let backend: Backend;
let base: string;

beforeEach(async () => {
  site = await startTestServer({ prefix: 'vial-subscriptions-' });
  ({ backend, base } = site);
});

afterEach(() => site.close());

function post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { Origin: base, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const subscribe = (body: unknown) => post('/api/subscriptions', body);
const head = () => backend.eventStore.headPosition();

describe('POST /api/subscriptions', () => {
  it('subscribes (201), then refuses the same e-mail in another case and spacing (409)', async () => {
    const created = await subscribe({ email: 'a@b.co' });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(await created.json()).toEqual({ ok: true });
    const after = await head();
    expect(after).toBe(1n);

    // Read-your-writes: the read models already have it when the 201 arrives.
    expect((await backend.queries.dashboardCounts()).subscriptions).toBe(1);
    expect(await backend.queries.subscriptions()).toEqual([
      expect.objectContaining({ email: 'a@b.co', source: 'visitor' }),
    ]);
    const [event] = await backend.eventStore.readAll();
    expect(event?.metadata.actor).toEqual({ kind: 'visitor', id: 'anonymous' });

    const duplicate = await subscribe({ email: ' A@B.co ' });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      error: 'This email is already subscribed to our updates.',
    });
    expect(await head()).toBe(after);
  });

  it.each([
    ['not an e-mail', { email: 'nope' }],
    ['no dot after @', { email: 'ann@example' }],
    ['blank', { email: '   ' }],
    ['missing', {}],
    ['not a string', { email: 42 }],
    ['not an object', ['a@b.co']],
  ])('answers 400 with fields.email for %s, writing nothing', async (_case, body) => {
    const response = await subscribe(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: NEWSLETTER_MESSAGES.invalid,
      fields: { email: NEWSLETTER_MESSAGES.invalid },
    });
    expect(await head()).toBe(0n);
  });

  it(`answers 429 after ${SUBSCRIBE_LIMIT} attempts from one IP, writing nothing`, async () => {
    for (let i = 0; i < SUBSCRIBE_LIMIT; i++) {
      const response = await subscribe({ email: i % 2 === 0 ? `v${i}@example.com` : 'bad' });
      expect(response.status).toBe(i % 2 === 0 ? 201 : 400);
    }
    const written = await head();
    expect(written).toBe(BigInt(SUBSCRIBE_LIMIT / 2));
    const limited = await subscribe({ email: 'late@example.com' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      error: expect.stringMatching(/^Too many requests\. Try again in \d+ minutes?\.$/),
    });
    expect(await head()).toBe(written);
  });

  it('refuses a cross-site POST (403) and writes nothing', async () => {
    const response = await post(
      '/api/subscriptions',
      { email: 'a@b.co' },
      { Origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(await head()).toBe(0n);
  });
});

describe('POST /newsletter (the signup form without JavaScript)', () => {
  function postForm(email: string | null, origin = base) {
    const form = new URLSearchParams(email === null ? {} : { email });
    return fetch(`${base}/newsletter`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }

  it.each([
    ['a new e-mail', 'form@example.com', 'subscribed', 1n],
    ['not an e-mail', 'nope', 'invalid', 0n],
    ['a blank e-mail', '   ', 'invalid', 0n],
    ['no e-mail field', null, 'invalid', 0n],
  ])(
    '%s: 303 to the home page saying %s, the e-mail in no URL',
    async (_case, email, status, written) => {
      const response = await postForm(email);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/?newsletter=${status}#newsletter`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await head()).toBe(written);
    },
  );

  it('records the visitor like the JSON signup, then answers a second post with duplicate', async () => {
    await postForm('Twice@Example.com');
    expect(await backend.queries.subscriptions()).toEqual([
      expect.objectContaining({ email: 'twice@example.com', source: 'visitor' }),
    ]);
    const again = await postForm(' twice@example.com ');
    expect(again.headers.get('location')).toBe('/?newsletter=duplicate#newsletter');
    expect(await head()).toBe(1n);
  });

  it("shares the JSON signup's limit: past it the form says limited and writes nothing", async () => {
    for (let i = 0; i < SUBSCRIBE_LIMIT; i++) await subscribe({ email: 'bad' });
    const response = await postForm('late@example.com');
    expect(response.headers.get('location')).toMatch(
      /^\/\?newsletter=limited&retry=\d+#newsletter$/,
    );
    expect(await head()).toBe(0n);
  });

  it('refuses a cross-site post (403) and writes nothing', async () => {
    const response = await postForm('a@b.co', 'https://evil.example');
    expect(response.status).toBe(403);
    expect(await head()).toBe(0n);
  });
});

describe('GET /api/admin/subscriptions', () => {
  it('is for administrators only', async () => {
    const response = await fetch(`${base}/api/admin/subscriptions`);
    expect(response.status).toBe(401);
  });

  it('lists the subscriptions newest first for a signed-in administrator', async () => {
    await subscribe({ email: 'first@example.com' });
    await subscribe({ email: 'Second@Example.com' });
    await registerAdmin(backend, 'ops@example.com', 'a long test password 1');
    const { cookie } = await signIn(base, 'ops@example.com', 'a long test password 1');

    const response = await fetch(`${base}/api/admin/subscriptions`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { rows: Array<{ email: string }>; total: number };
    expect(page.total).toBe(2);
    const list = page.rows;
    expect(list.map((s) => s.email)).toEqual(['second@example.com', 'first@example.com']);
    expect(list).toEqual([
      expect.objectContaining({ source: 'visitor' }),
      expect.objectContaining({ source: 'visitor' }),
    ]);
  });
});
