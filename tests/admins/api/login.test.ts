import { createHash } from 'node:crypto';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLoginFormHandler,
  createLoginHandler,
  createLogoutHandler,
  createSessionHandler,
  slowDownMs,
  type AdminAccount,
} from '../../../api/auth/login';
import { hashPassword } from '../../../api/auth/password';
import {
  createSqliteRateLimiter,
  type SqliteRateLimiter,
} from '../../../api/auth/rate-limit-sqlite';
import {
  createSqliteSessionStore,
  type SqliteSessionStore,
} from '../../../api/auth/session-store-sqlite';
import { createSessions } from '../../../api/auth/sessions';
import { errorHandler } from '../../../api/http/errors';
import { createLogger } from '../../../workers/bootstrap/logger';
import { jsonBody } from '../../../api/http/json-body';
import { serve } from '../../support/serve';

const PASSWORD = 'correct horse battery staple';

describe('admin sign-in, session read and sign-out', () => {
  let store: SqliteSessionStore;
  let limiter: SqliteRateLimiter;
  let server: Awaited<ReturnType<typeof serve>>;
  const accounts = new Map<string, AdminAccount>();
  const slept: number[] = [];
  const lookups: string[] = [];

  beforeAll(async () => {
    const passwordHash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
    accounts.set('ops@vialcompare.example', {
      adminId: 'a1',
      email: 'ops@vialcompare.example',
      passwordHash,
      active: true,
      role: 'editor',
    });
    accounts.set('gone@vialcompare.example', {
      adminId: 'a2',
      email: 'gone@vialcompare.example',
      passwordHash,
      active: false,
      role: 'administrator',
    });

    store = createSqliteSessionStore({ purgeIntervalMs: 0 });
    limiter = createSqliteRateLimiter({ purgeIntervalMs: 0 });
    const sessions = createSessions({ store, secure: false, ttlMs: 3_600_000 });
    const logger = createLogger({ level: 'error', write: () => {} });
    const signIn = {
      findAdminByEmail: (email: string) => {
        lookups.push(email);
        return accounts.get(email) ?? null;
      },
      sessions,
      rateLimiter: limiter,
      limits: {
        perIp: { limit: 100, windowMs: 60_000 },
        perPair: { limit: 3, windowMs: 15 * 60_000 },
      },
      sleep: async (ms: number) => {
        slept.push(ms);
      },
      logger,
    };
    const app = express();
    // The login page's form, posted before (or without) its JavaScript (the site's router).
    app.post(
      '/admin/login',
      express.urlencoded({ extended: false }),
      createLoginFormHandler(signIn),
    );
    app.use(jsonBody());
    app.use(sessions.loadSession);
    app.post('/api/auth/login', createLoginHandler(signIn));
    app.post('/api/auth/logout', createLogoutHandler(sessions));
    app.get(
      '/api/auth/session',
      createSessionHandler(
        {},
        {
          roleOf: async (adminId) =>
            [...accounts.values()].find((a) => a.adminId === adminId && a.active)?.role ?? null,
        },
      ),
    );
    app.use(errorHandler(logger));
    server = await serve(app);
  });
  afterAll(async () => {
    await server.close();
    await store.close();
    await limiter.close();
  });
  beforeEach(async () => {
    lookups.length = 0;
    slept.length = 0;
    await limiter.reset('login:ip:127.0.0.1');
    for (const email of accounts.keys()) {
      const hash = createHash('sha256').update(email).digest('base64url');
      await limiter.reset(`login:email:${hash}`);
      await limiter.reset(`login:pair:${hash}:127.0.0.1`);
    }
  });

  const login = (body: unknown, cookie?: string) =>
    fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });
  const cookieOf = (res: Response) => res.headers.getSetCookie()[0]?.split(';')[0];

  it.each([
    ['an empty body', {}, { email: 'E-mail is required', password: 'Password is required' }],
    [
      'blank fields',
      { email: '   ', password: '   ' },
      { email: 'E-mail is required', password: 'Password is required' },
    ],
    [
      'a malformed e-mail',
      { email: 'ops@', password: PASSWORD },
      { email: 'Enter a valid e-mail address' },
    ],
    [
      'a number as password',
      { email: 'ops@vialcompare.example', password: 42 },
      { password: 'Password is required' },
    ],
  ])('answers %s with 400 and a message per field', async (_case, body, fields) => {
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invalid request', fields });
    expect(lookups).toEqual([]);
  });

  it('signs in with trimmed, case-insensitive e-mail and trimmed password, answering the role', async () => {
    const res = await login({ email: '  OPS@VialCompare.example ', password: `  ${PASSWORD}\n` });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: unknown; csrfToken: string };
    expect(body).toEqual({
      user: { id: 'a1', email: 'ops@vialcompare.example', role: 'editor' },
      csrfToken: expect.any(String),
    });
    expect(lookups).toEqual(['ops@vialcompare.example']);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.getSetCookie()[0]).toMatch(
      /^vial_session=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/,
    );

    const session = await fetch(`${server.url}/api/auth/session`, {
      headers: { Cookie: cookieOf(res)! },
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual(body);
  });

  it.each([
    ['an unknown e-mail', { email: 'nobody@vialcompare.example', password: PASSWORD }],
    ['a wrong password', { email: 'ops@vialcompare.example', password: 'not the password at all' }],
    [
      'a wrong password for an inactive admin',
      { email: 'gone@vialcompare.example', password: 'not the password' },
    ],
  ])('answers %s with the same 401 and no cookie', async (_case, body) => {
    const res = await login(body);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid e-mail or password' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an inactive admin with the right password: 403, no session', async () => {
    const res = await login({ email: 'gone@vialcompare.example', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Access denied. Admin privileges required.' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('rotates the session: signing in again invalidates the previous cookie', async () => {
    const first = cookieOf(await login({ email: 'ops@vialcompare.example', password: PASSWORD }))!;
    const second = cookieOf(
      await login({ email: 'ops@vialcompare.example', password: PASSWORD }, first),
    )!;
    expect(second).not.toEqual(first);
    expect(
      (await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: first } })).status,
    ).toBe(401);
    expect(
      (await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: second } })).status,
    ).toBe(200);
  });

  it('limits attempts per (e-mail, client): 429 with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await login({ email: 'ops@vialcompare.example', password: 'wrong password!' })).status,
      ).toBe(401);
    }
    const res = await login({ email: 'ops@vialcompare.example', password: PASSWORD });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      error: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  });

  it('slows an e-mail down past its free failures instead of refusing it', async () => {
    // perPair allows 3; the slow-down (defaults) starts after 5 failures: use other clients'
    // failures by resetting only the pair's count in between.
    const hash = createHash('sha256').update('ops@vialcompare.example').digest('base64url');
    for (let i = 0; i < 8; i++) {
      await limiter.reset(`login:pair:${hash}:127.0.0.1`);
      await login({ email: 'ops@vialcompare.example', password: 'wrong password!' });
    }
    expect(slept).toEqual([250, 500]);
    await limiter.reset(`login:pair:${hash}:127.0.0.1`);
    expect((await login({ email: 'ops@vialcompare.example', password: PASSWORD })).status).toBe(
      200,
    );
    expect(slept).toEqual([250, 500, 750]);
  });

  it('clears the counts after a successful sign-in', async () => {
    for (let i = 0; i < 2; i++)
      await login({ email: 'ops@vialcompare.example', password: 'wrong password!' });
    expect((await login({ email: 'ops@vialcompare.example', password: PASSWORD })).status).toBe(
      200,
    );
    for (let i = 0; i < 2; i++)
      await login({ email: 'ops@vialcompare.example', password: 'wrong password!' });
    expect((await login({ email: 'ops@vialcompare.example', password: PASSWORD })).status).toBe(
      200,
    );
  });

  describe('the login form posted without JavaScript', () => {
    const postForm = (fields: Record<string, string>, query = '') =>
      fetch(`${server.url}/admin/login${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });

    it.each([
      ['nothing', {}, '/admin/login?problem=invalid'],
      ['a malformed e-mail', { email: 'ops@', password: PASSWORD }, '/admin/login?problem=invalid'],
      [
        'an unknown e-mail',
        { email: 'nobody@vialcompare.example', password: PASSWORD },
        '/admin/login?problem=credentials',
      ],
      [
        'a wrong password',
        { email: 'ops@vialcompare.example', password: 'not the password at all' },
        '/admin/login?problem=credentials',
      ],
      [
        'an inactive admin with the right password',
        { email: 'gone@vialcompare.example', password: PASSWORD },
        '/admin/login?problem=denied',
      ],
    ])('goes back to the login page saying why, for %s: no cookie', async (_case, fields, to) => {
      const res = await postForm(fields);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(to);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.getSetCookie()).toEqual([]);
    });

    it('signs in and goes on to the dashboard, the e-mail never in the address', async () => {
      const res = await postForm({ email: ' OPS@VialCompare.example ', password: PASSWORD });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/dashboard');
      const session = await fetch(`${server.url}/api/auth/session`, {
        headers: { Cookie: cookieOf(res)! },
      });
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({ user: { email: 'ops@vialcompare.example' } });
    });

    it.each([
      [
        'a back-office page',
        '?next=%2Fadmin%2Fsubmissions%3Fstatus%3Dnew',
        '/admin/submissions?status=new',
      ],
      ['another site', '?next=%2F%2Fevil.example%2Fadmin%2F', '/admin/dashboard'],
      ['a public page', '?next=%2Fproviders', '/admin/dashboard'],
    ])(
      'signed in from a login sent by %s, goes on there only if it is in the back office',
      async (_case, query, to) => {
        const res = await postForm({ email: 'ops@vialcompare.example', password: PASSWORD }, query);
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe(to);
      },
    );

    it('a failed sign-in comes back to the login page still naming the page it was for', async () => {
      const res = await postForm(
        { email: 'ops@vialcompare.example', password: 'wrong password!' },
        '?next=%2Fadmin%2Fproviders',
      );
      expect(res.headers.get('location')).toBe(
        '/admin/login?problem=credentials&next=%2Fadmin%2Fproviders',
      );
    });

    it('counts against the same limits as the API, and says how long to wait', async () => {
      for (let i = 0; i < 3; i++) {
        await login({ email: 'ops@vialcompare.example', password: 'wrong password!' });
      }
      const res = await postForm({ email: 'ops@vialcompare.example', password: PASSWORD });
      expect(res.headers.get('location')).toBe('/admin/login?problem=limited&retry=15');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(res.headers.getSetCookie()).toEqual([]);
    });
  });

  it('GET session answers 401 when not signed in', async () => {
    const res = await fetch(`${server.url}/api/auth/session`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Admin authentication required' });
  });

  it('signs out: 200, cookie cleared, session gone', async () => {
    const cookie = cookieOf(await login({ email: 'ops@vialcompare.example', password: PASSWORD }))!;
    const res = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toBe('vial_session=');
    expect(
      (await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: cookie } })).status,
    ).toBe(401);
  });
});

describe('slow-down per e-mail', () => {
  const slowDown = { freeAttempts: 5, stepMs: 250, maxDelayMs: 3000, windowMs: 60_000 };
  it.each([
    [0, 0],
    [5, 0],
    [6, 250],
    [10, 1250],
    [17, 3000],
    [1000, 3000],
  ])('after %i failures an attempt waits %i ms', (failures, ms) => {
    expect(slowDownMs(failures, slowDown)).toBe(ms);
  });
});

describe('sign-in limit per IP', () => {
  it('refuses the IP after its limit, whichever e-mail it tries', async () => {
    const store = createSqliteSessionStore({ purgeIntervalMs: 0 });
    const limiter = createSqliteRateLimiter({ purgeIntervalMs: 0 });
    const app = express();
    app.use(jsonBody());
    app.post(
      '/login',
      createLoginHandler({
        findAdminByEmail: () => null,
        sessions: createSessions({ store, secure: false, ttlMs: 60_000 }),
        rateLimiter: limiter,
        limits: { perIp: { limit: 2, windowMs: 60_000 } },
      }),
    );
    const server = await serve(app);
    try {
      const statuses: number[] = [];
      for (const email of ['a@x.example', 'b@x.example', 'c@x.example']) {
        const res = await fetch(`${server.url}/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: 'whatever123' }),
        });
        statuses.push(res.status);
        if (res.status === 429)
          expect(await res.json()).toEqual({
            error: 'Too many sign-in attempts. Try again in 1 minute.',
          });
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await server.close();
      await store.close();
      await limiter.close();
    }
  });
});
