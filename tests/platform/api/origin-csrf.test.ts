import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireCsrf, requireSameOrigin } from '../../../api/http/origin-csrf';
import { serve } from '../../support/serve';

describe('requireSameOrigin', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let own: string;
  beforeAll(async () => {
    const app = express();
    app.use(requireSameOrigin({ allowedOrigins: ['https://vialcompare.example/'] }));
    app.all('/{*any}', (_req, res) => {
      res.json({ ok: true });
    });
    server = await serve(app);
    own = server.url;
  });
  afterAll(() => server.close());

  const cases: Array<[string, string, () => Record<string, string>, number]> = [
    ['GET from anywhere', 'GET', () => ({ Origin: 'https://evil.example' }), 200],
    ['HEAD without headers', 'HEAD', () => ({}), 200],
    ['POST from PUBLIC_URL', 'POST', () => ({ Origin: 'https://vialcompare.example' }), 200],
    [
      'POST from PUBLIC_URL with explicit default port',
      'POST',
      () => ({ Origin: 'https://vialcompare.example:443' }),
      200,
    ],
    [
      'POST with only a Referer from PUBLIC_URL',
      'POST',
      () => ({ Referer: 'https://vialcompare.example/admin/providers?x=1' }),
      200,
    ],
    // Nothing is trusted from the request: the Host header is the client's to choose.
    ['POST from the host it was sent to (not PUBLIC_URL)', 'POST', () => ({ Origin: own }), 403],
    ['PUT from the host it was sent to (not PUBLIC_URL)', 'PUT', () => ({ Origin: own }), 403],
    [
      'POST with only a Referer from the host it was sent to',
      'POST',
      () => ({ Referer: `${own}/admin/providers?x=1` }),
      403,
    ],
    ['POST from another site', 'POST', () => ({ Origin: 'https://evil.example' }), 403],
    ['PATCH from another site', 'PATCH', () => ({ Origin: 'https://evil.example' }), 403],
    ['DELETE from another site', 'DELETE', () => ({ Origin: 'https://evil.example' }), 403],
    [
      'POST from PUBLIC_URL over http (scheme differs)',
      'POST',
      () => ({ Origin: 'http://vialcompare.example' }),
      403,
    ],
    [
      'POST from a look-alike subdomain',
      'POST',
      () => ({ Origin: 'https://vialcompare.example.evil.example' }),
      403,
    ],
    ['POST with Origin: null (sandboxed frame)', 'POST', () => ({ Origin: 'null' }), 403],
    [
      'POST with a cross-site Referer and no Origin',
      'POST',
      () => ({ Referer: 'https://evil.example/page' }),
      403,
    ],
    ['POST with neither Origin nor Referer', 'POST', () => ({}), 403],
    [
      'POST with a cross-site Origin and a same-origin Referer',
      'POST',
      () => ({ Origin: 'https://evil.example', Referer: `${own}/` }),
      403,
    ],
  ];

  it.each(cases)('%s -> %i', async (_case, method, headers, status) => {
    const res = await fetch(`${server.url}/api/things`, { method, headers: headers() });
    expect(res.status).toBe(status);
    if (status === 403) expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
  });
});

describe('requireCsrf', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    const app = express();
    // Stands in for loadSession: a signed-in admin unless the test says otherwise.
    app.use((req, res, next) => {
      res.locals.admin = req.get('x-test-anonymous')
        ? null
        : { adminId: 'a1', email: 'ops@vialcompare.example', csrfToken: 'token-of-the-session' };
      next();
    });
    app.use(requireCsrf());
    app.all('/{*any}', (_req, res) => {
      res.json({ ok: true });
    });
    server = await serve(app);
  });
  afterAll(() => server.close());

  it.each([
    ['GET needs no token', 'GET', {}, 200],
    ['POST with the session token', 'POST', { 'X-CSRF-Token': 'token-of-the-session' }, 200],
    ['DELETE with the session token', 'DELETE', { 'X-CSRF-Token': 'token-of-the-session' }, 200],
    ['POST without a token', 'POST', {}, 403],
    ['POST with an empty token', 'POST', { 'X-CSRF-Token': '' }, 403],
    ['PATCH with another token', 'PATCH', { 'X-CSRF-Token': 'token-of-another-one' }, 403],
    ['PUT with a prefix of the token', 'PUT', { 'X-CSRF-Token': 'token-of-the' }, 403],
    [
      'POST without a session',
      'POST',
      { 'X-CSRF-Token': 'token-of-the-session', 'X-Test-Anonymous': '1' },
      403,
    ],
  ])('%s -> %i', async (_case, method, headers, status) => {
    const res = await fetch(`${server.url}/api/admin/providers`, { method, headers });
    expect(res.status).toBe(status);
    if (status === 403)
      expect(await res.json()).toEqual({ error: 'Invalid or missing CSRF token' });
  });
});
