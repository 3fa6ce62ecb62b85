/**
 * Hostile and malformed requests against the real app on a free port (issue 9, items 1-9).
 * The SSR handler is stood in for by a handler that records which paths reached "the pages",
 * so the order of the guards in front of it is what is tested.
 */
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_MESSAGE } from '../../../api/http/origin-csrf';
import { INVALID_HOST_MESSAGE, INVALID_PATH_MESSAGE } from '../../../api/http/request-hygiene';
import { createPageCache } from '../../../api/ssr/page-cache';
import { NEWSLETTER_MESSAGES } from '../../../domain/newsletter/rules';
import {
  rawRequest,
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'ops@example.com';
const PASSWORD = 'a long test password 1';
const provider = {
  name: 'Acme Health',
  websiteUrl: 'https://acme.example',
  states: ['CA'],
  medications: ['Semaglutide'],
};

describe('hostile and malformed requests', () => {
  let server: TestServer;
  let session: AdminSession;
  const rendered: string[] = [];
  const pageCache = createPageCache({ caughtUp: async () => true });

  beforeAll(async () => {
    const pages: RequestHandler = (req, res) => {
      rendered.push(req.path);
      res.status(200).setHeader('Cache-Control', 'public, max-age=60').send('page');
    };
    server = await startTestServer({
      prefix: 'vial-hardening-',
      env: { TRUSTED_ORIGINS: 'https://admin.example, https://other.example:8443' },
      pages,
      metrics: () => ({ pageCache: pageCache.stats() }),
    });
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(server.base, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await server.close();
  });

  describe('1. a malformed Host header gets 400, never a render', () => {
    it.each(['a b', 'localhost:99999', 'a@b', '[::1', '', 'localhost:0', 'a/b', 'x..y'])(
      'Host: %j',
      async (host) => {
        rendered.length = 0;
        const answer = await rawRequest(server.base, { path: '/', headers: { Host: host } });
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({ error: INVALID_HOST_MESSAGE });
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(rendered).toEqual([]);
      },
    );

    it.each(['localhost', 'localhost:3000', 'www.vial.example', '127.0.0.1:80', '[::1]:8080'])(
      'Host: %j is served',
      async (host) => {
        const answer = await rawRequest(server.base, { path: '/', headers: { Host: host } });
        expect(answer.status).toBe(200);
      },
    );
  });

  describe('2. the Origin check trusts PUBLIC_URL and TRUSTED_ORIGINS, nothing from the request', () => {
    const subscribe = (origin: string, host?: string) =>
      rawRequest(server.base, {
        path: '/api/subscriptions',
        method: 'POST',
        headers: {
          Origin: origin,
          'Content-Type': 'application/json',
          ...(host ? { Host: host } : {}),
        },
        body: JSON.stringify({ email: 'not an address' }),
      });

    it.each([
      ['the attacker names his own host', 'http://evil.example', 'evil.example'],
      ['the Origin matches the Host only', 'http://127.0.0.1:1', '127.0.0.1:1'],
      ['an origin not configured', 'https://evil.example', undefined],
    ])('refuses when %s', async (_case, origin, host) => {
      const answer = await subscribe(origin, host);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ error: CROSS_SITE_MESSAGE });
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it.each(['https://admin.example', 'https://other.example:8443'])(
      'accepts the trusted origin %s (the request goes on to validation)',
      async (origin) => {
        expect((await subscribe(origin)).status).toBe(400);
      },
    );
  });

  describe('3. one canonical path before the admin guard and the pages', () => {
    it.each([
      ['/%61dmin/dashboard', '/admin/dashboard'],
      ['//admin/dashboard', '/admin/dashboard'],
      ['/x/../admin/dashboard', '/admin/dashboard'],
      ['/x/%2e%2e/admin/dashboard', '/admin/dashboard'],
      ['/./calculator?tab=cost', '/calculator?tab=cost'],
      ['/%5cevil.example', '/%5Cevil.example'],
      ['/\\evil.example', '/%5Cevil.example'],
    ])('GET %s -> 301 to %s, not rendered', async (path, location) => {
      rendered.length = 0;
      const answer = await rawRequest(server.base, { path });
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe(location);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(rendered).toEqual([]);
    });

    it('the canonical admin path then meets the guard: a visitor goes to the login page', async () => {
      const answer = await rawRequest(server.base, { path: '/admin/dashboard' });
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe('/admin/login');
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it.each([
      ['GET', '/%zz'],
      ['GET', '/calculator%'],
      ['POST', '/api/x/../subscriptions'],
    ])('%s %s -> 400', async (method, path) => {
      const answer = await rawRequest(server.base, {
        path,
        method,
        headers: { Origin: server.base, 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      } as Parameters<typeof rawRequest>[1]);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: INVALID_PATH_MESSAGE });
    });
  });

  describe('4. the page cache figures are for administrators only', () => {
    it('a visitor gets 401', async () => {
      expect((await request(server.base, '/api/admin/metrics')).status).toBe(401);
    });

    it('an administrator reads the size and the hit ratio', async () => {
      await pageCache.get('/', async () => ({ status: 200, headers: [], body: 'x'.repeat(100) }));
      await pageCache.get('/', async () => ({ status: 200, headers: [], body: 'never' }));
      const answer = await request(server.base, '/api/admin/metrics', { session });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const body = (await answer.json()) as { pageCache: unknown };
      expect(body.pageCache).toEqual({
        entries: 1,
        bytes: 101,
        maxBytes: expect.any(Number),
        hits: 1,
        misses: 1,
        hitRatio: 0.5,
        invalidated: 0,
      });
    });
  });

  describe('5. control and invisible characters, and non-web URLs, are refused', () => {
    it.each([
      ['NUL', 'a\u0000b@example.com'],
      ['ESC', 'a\u001bb@example.com'],
      ['right-to-left override', 'ab\u202e@example.com'],
      ['zero width space', 'a\u200bb@example.com'],
      ['byte order mark', 'ab\ufeff@example.com'],
    ])('the newsletter refuses an address with %s', async (_case, email) => {
      const answer = await request(server.base, '/api/subscriptions', {
        json: { email },
        headers: { 'X-Forwarded-For': null },
      });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toBe(NEWSLETTER_MESSAGES.invalid);
    });

    it.each([
      ['websiteUrl', 'javascript:alert(1)', 'Website must start with http:// or https://'],
      [
        'websiteUrl',
        'data:text/html,<script>x</script>',
        'Website must start with http:// or https://',
      ],
      ['websiteUrl', 'vbscript:msgbox(1)', 'Website must start with http:// or https://'],
      ['card.logoUrl', 'javascript:alert(1)', 'Logo URL must start with http:// or https://'],
      ['card.logoUrl', 'data:image/svg+xml,<svg/>', 'Logo URL must start with http:// or https://'],
    ])('a provider with %s %j gets 400 naming the field', async (field, value, message) => {
      const json =
        field === 'websiteUrl'
          ? { ...provider, websiteUrl: value }
          : { ...provider, card: { logoUrl: value } };
      const head = await server.backend.eventStore.headPosition();
      const answer = await request(server.base, '/api/admin/providers', { json, session });
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { fields: Record<string, string> };
      expect(body.fields[field]).toBe(message);
      expect(await server.backend.eventStore.headPosition()).toBe(head);
    });
  });

  describe('8. every error answer carries Cache-Control: no-store', () => {
    const post = (raw: string, contentType: string) =>
      request(server.base, '/api/subscriptions', {
        method: 'POST',
        raw,
        headers: { 'Content-Type': contentType },
      });
    it.each([
      ['400 malformed JSON', () => post('{', 'application/json'), 400],
      ['413 too large', () => post(`"${'x'.repeat(200_000)}"`, 'application/json'), 413],
      ['415 not JSON', () => post('email=x', 'text/plain'), 415],
      ['API 404', () => request(server.base, '/api/no-such-thing'), 404],
    ])('%s', async (_case, send, status) => {
      const answer = await send();
      expect(answer.status).toBe(status);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('9. a create carries an idempotency key', () => {
    const count = async (name: string) =>
      (await server.backend.queries.adminProviders(name)).filter((p) => p.name === name).length;

    it('ten concurrent creates with one Idempotency-Key make one provider', async () => {
      const json = { ...provider, name: 'Twice Submitted Health' };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          request(server.base, '/api/admin/providers', {
            json,
            session,
            headers: { 'Idempotency-Key': 'form-123' },
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      const ids = new Set(
        await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id)),
      );
      expect(ids.size).toBe(1);
      expect(await count('Twice Submitted Health')).toBe(1);
    });

    it('a form-generated provider id makes a retry create nothing new', async () => {
      const json = { ...provider, name: 'Retried Health', providerId: 'form-generated-1' };
      const first = await request(server.base, '/api/admin/providers', { json, session });
      const retry = await request(server.base, '/api/admin/providers', { json, session });
      expect([first.status, retry.status]).toEqual([201, 201]);
      expect(((await retry.json()) as { id: string }).id).toBe('form-generated-1');
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await count('Retried Health')).toBe(1);
    });

    it('without a key, a second create of one name is refused: one provider per slug', async () => {
      const json = { ...provider, name: 'Keyless Health' };
      await request(server.base, '/api/admin/providers', { json, session });
      const second = await request(server.base, '/api/admin/providers', { json, session });
      expect(second.status).toBe(409);
      expect(await count('Keyless Health')).toBe(1);
    });

    it('an empty Idempotency-Key is a 400', async () => {
      const answer = await request(server.base, '/api/admin/providers', {
        json: provider,
        session,
        headers: { 'Idempotency-Key': ' ' },
      });
      expect(answer.status).toBe(400);
    });
  });
});

describe('6. sign-in throttling cannot lock the administrator out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-login-' });
    await registerAdmin(server.backend, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await server.close();
  });

  const attempt = (password: string, localAddress: string) =>
    rawRequest(server.base, {
      path: '/api/admin/login',
      method: 'POST',
      localAddress,
      headers: { Origin: server.base, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password }),
    });

  it('11 wrong passwords from one client refuse that client, not the administrator elsewhere', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await attempt('wrong password!!', '127.0.0.2')).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await attempt(PASSWORD, '127.0.0.2')).status).toBe(429);
    // The administrator, from their own address, signs in (slowed down, not refused).
    expect((await attempt(PASSWORD, '127.0.0.1')).status).toBe(200);
  });

  it('successful sign-ins count toward no limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(PASSWORD, '127.0.0.3')).status);
    expect(statuses).toEqual(Array(12).fill(200));
  });
});
