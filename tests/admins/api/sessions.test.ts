import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSessions, type Sessions } from '../../../api/auth/sessions';
import {
  createSqliteSessionStore,
  type SqliteSessionStore,
} from '../../../api/auth/session-store-sqlite';
import { serve } from '../../support/serve';

const HOUR = 3_600_000;

/** A test app: /login signs in the admin named in ?id, the rest reports or guards the session. */
function buildApp(sessions: Sessions, active: Set<string>) {
  const app = express();
  app.use(sessions.loadSession);
  app.post('/login', async (req, res) => {
    const id = String(req.query.id);
    const data = await sessions.startSession(res, {
      adminId: id,
      email: `${id}@vialcompare.example`,
    });
    res.json({ csrfToken: data.csrfToken });
  });
  app.post('/logout', async (_req, res) => {
    await sessions.endSession(res);
    res.json({ ok: true });
  });
  app.get('/whoami', (_req, res) => {
    res.json({ admin: res.locals.admin });
  });
  app.use('/api/admin', sessions.requireAdmin({ isAdminActive: (id) => active.has(id) }));
  app.get('/api/admin/ping', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

function cookieOf(res: Response): { pair: string; attributes: string } | null {
  const header = res.headers.getSetCookie()[0];
  if (!header) return null;
  const [pair, ...attributes] = header.split(';');
  return { pair: pair!.trim(), attributes: attributes.join(';').trim() };
}

describe('session cookies', () => {
  it.each([
    [true, '__Host-vial_session'],
    [false, 'vial_session'],
  ])('secure=%s uses the cookie name %s', (secure, name) => {
    const sessions = createSessions({
      store: createSqliteSessionStore({ purgeIntervalMs: 0 }),
      secure,
      ttlMs: HOUR,
    });
    expect(sessions.cookieName).toBe(name);
  });
});

describe('sessions over HTTP', () => {
  let clock = Date.parse('2025-06-01T10:00:00Z');
  let store: SqliteSessionStore;
  let server: Awaited<ReturnType<typeof serve>>;
  const active = new Set(['a1', 'a2']);

  beforeAll(async () => {
    store = createSqliteSessionStore({ purgeIntervalMs: 0, now: () => clock });
    const sessions = createSessions({
      store,
      secure: false,
      ttlMs: 12 * HOUR,
      absoluteTtlMs: 48 * HOUR,
      now: () => clock,
    });
    server = await serve(buildApp(sessions, active));
  });
  afterAll(async () => {
    await server.close();
    await store.close();
  });
  afterEach(() => {
    active.add('a1').add('a2');
  });

  const login = async (id: string, cookie?: string) => {
    const res = await fetch(`${server.url}/login?id=${id}`, {
      method: 'POST',
      headers: cookie ? { Cookie: cookie } : {},
    });
    return { res, cookie: cookieOf(res)!, body: (await res.json()) as { csrfToken: string } };
  };
  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

  it('sets an httpOnly, SameSite=Lax, Path=/ cookie with Max-Age, holding a 43-character id', async () => {
    const { cookie } = await login('a1');
    expect(cookie.pair).toMatch(/^vial_session=[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toContain('Max-Age=43200');
    expect(cookie.attributes).toContain('Path=/');
    expect(cookie.attributes).toContain('HttpOnly');
    expect(cookie.attributes).toContain('SameSite=Lax');
    expect(cookie.attributes).not.toContain('Secure');
  });

  it('loads the signed-in admin with its CSRF token', async () => {
    const { cookie, body } = await login('a1');
    const res = await get('/whoami', cookie.pair);
    expect(await res.json()).toEqual({
      admin: { adminId: 'a1', email: 'a1@vialcompare.example', csrfToken: body.csrfToken },
    });
  });

  it('rotates the id at sign-in: the old cookie stops working', async () => {
    const first = await login('a1');
    const second = await login('a1', first.cookie.pair);
    expect(second.cookie.pair).not.toEqual(first.cookie.pair);
    expect(second.body.csrfToken).not.toEqual(first.body.csrfToken);
    expect(await (await get('/whoami', first.cookie.pair)).json()).toEqual({ admin: null });
    expect(
      ((await (await get('/whoami', second.cookie.pair)).json()) as { admin: unknown }).admin,
    ).not.toBeNull();
  });

  it('treats an unknown id as signed out and clears the cookie', async () => {
    const res = await get('/whoami', `vial_session=${'A'.repeat(43)}`);
    expect(await res.json()).toEqual({ admin: null });
    expect(cookieOf(res)?.pair).toBe('vial_session=');
  });

  it('expires a session after the idle lifetime', async () => {
    const { cookie } = await login('a1');
    clock += 13 * HOUR;
    const res = await get('/whoami', cookie.pair);
    expect(await res.json()).toEqual({ admin: null });
    expect(cookieOf(res)?.pair).toBe('vial_session=');
  });

  it('slides the expiry once half of it is used, and refreshes the cookie', async () => {
    const { cookie } = await login('a1');
    clock += 7 * HOUR;
    const touched = await get('/whoami', cookie.pair);
    expect(cookieOf(touched)?.attributes).toContain('Max-Age=43200');
    clock += 7 * HOUR; // 14 hours after sign-in, 7 after the last use
    expect(
      ((await (await get('/whoami', cookie.pair)).json()) as { admin: unknown }).admin,
    ).not.toBeNull();
  });

  it('ends a session at the absolute lifetime however active it is', async () => {
    const { cookie } = await login('a1');
    for (let hours = 0; hours < 48; hours += 6) {
      clock += 6 * HOUR;
      await get('/whoami', cookie.pair);
    }
    expect(await (await get('/whoami', cookie.pair)).json()).toEqual({ admin: null });
  });

  it('signs out: the session is destroyed and the cookie cleared', async () => {
    const { cookie } = await login('a1');
    const res = await fetch(`${server.url}/logout`, {
      method: 'POST',
      headers: { Cookie: cookie.pair },
    });
    expect(cookieOf(res)?.pair).toBe('vial_session=');
    expect(await (await get('/whoami', cookie.pair)).json()).toEqual({ admin: null });
  });

  it.each([
    ['no cookie', undefined, 401, { error: 'Admin authentication required' }],
    ['a junk cookie', 'vial_session=junk', 401, { error: 'Admin authentication required' }],
  ])('requireAdmin answers %s with %i', async (_case, cookie, status, body) => {
    const res = await get('/api/admin/ping', cookie);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
  });

  it('requireAdmin lets an active admin through', async () => {
    const { cookie } = await login('a2');
    expect((await get('/api/admin/ping', cookie.pair)).status).toBe(200);
  });

  it('requireAdmin refuses a deactivated admin with 403 and destroys all their sessions', async () => {
    const laptop = await login('a2');
    const phone = await login('a2');
    active.delete('a2');
    const res = await get('/api/admin/ping', laptop.cookie.pair);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Access denied. Admin privileges required.' });
    expect(cookieOf(res)?.pair).toBe('vial_session=');
    active.add('a2');
    expect((await get('/api/admin/ping', phone.cookie.pair)).status).toBe(401);
  });
});

describe('requireAdmin when the admin check fails', () => {
  it('refuses with 403 but keeps the session (the failure may pass)', async () => {
    const store = createSqliteSessionStore({ purgeIntervalMs: 0 });
    const sessions = createSessions({ store, secure: true, ttlMs: HOUR });
    const app = express();
    app.use(sessions.loadSession);
    app.post('/login', async (_req, res) => {
      await sessions.startSession(res, { adminId: 'a1', email: 'a1@vialcompare.example' });
      res.end();
    });
    let failing = true;
    app.get(
      '/api/admin/ping',
      sessions.requireAdmin({
        isAdminActive: async () => {
          if (failing) throw new Error('read model unavailable');
          return true;
        },
      }),
      (_req, res) => {
        res.json({ ok: true });
      },
    );
    const server = await serve(app);
    try {
      const login = await fetch(`${server.url}/login`, { method: 'POST' });
      const header = login.headers.getSetCookie()[0]!;
      expect(header).toMatch(/^__Host-vial_session=.*; Secure/);
      const cookie = header.split(';')[0]!;
      expect(
        (await fetch(`${server.url}/api/admin/ping`, { headers: { Cookie: cookie } })).status,
      ).toBe(403);
      failing = false;
      expect(
        (await fetch(`${server.url}/api/admin/ping`, { headers: { Cookie: cookie } })).status,
      ).toBe(200);
    } finally {
      await server.close();
      await store.close();
    }
  });
});
