/**
 * POST /api/subscriptions on the app started for real (embedded profile, a temporary
 * DATA_DIR): 201, 409 for the same e-mail in any case or spacing, 400 for a bad e-mail, 429
 * past the limit; refusals write nothing. GET /api/admin/subscriptions lists the result.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app';
import { hashPassword } from '../../../api/auth/password';
import {
  openAuthStores,
  openBackend,
  type AuthStores,
  type Backend,
} from '../../../api/composition';
import { loadConfig } from '../../../api/config';
import { createLogger } from '../../../api/http/logger';
import { SUBSCRIBE_LIMIT } from '../../../api/routes/subscriptions';
import { createSiteApi } from '../../../api/site-api';
import { NEWSLETTER_MESSAGES } from '../../../domain/rules/newsletter';

let dataDir: string;
let backend: Backend;
let auth: AuthStores;
let server: Server;
let base: string;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vial-subscriptions-'));
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    PORT: '0',
  });
  backend = await openBackend(config, createLogger({ level: 'error' }));
  auth = openAuthStores(config);
  const { app } = createApp({ backend, auth, api: createSiteApi(backend.queries) });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve, reject) => {
    server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });
  await auth.close();
  await backend.close();
  rmSync(dataDir, { recursive: true, force: true });
});

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

describe('GET /api/admin/subscriptions', () => {
  it('is for administrators only', async () => {
    const response = await fetch(`${base}/api/admin/subscriptions`);
    expect(response.status).toBe(401);
  });

  it('lists the subscriptions newest first for a signed-in administrator', async () => {
    await subscribe({ email: 'first@example.com' });
    await subscribe({ email: 'Second@Example.com' });
    const registered = await backend.bus.dispatch(
      {
        type: 'RegisterAdmin',
        email: 'ops@example.com',
        passwordHash: await hashPassword('a long test password 1'),
      },
      { actor: { kind: 'system', id: 'test' }, correlationId: 'test' },
    );
    expect(await backend.waitForProjections(registered.position, 2000)).toBe(true);
    const login = await post('/api/admin/login', {
      email: 'ops@example.com',
      password: 'a long test password 1',
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const response = await fetch(`${base}/api/admin/subscriptions`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const list = (await response.json()) as Array<{ email: string }>;
    expect(list.map((s) => s.email)).toEqual(['second@example.com', 'first@example.com']);
    expect(list).toEqual([
      expect.objectContaining({ source: 'visitor' }),
      expect.objectContaining({ source: 'visitor' }),
    ]);
  });
});
