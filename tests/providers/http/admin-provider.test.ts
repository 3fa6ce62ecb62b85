/**
 * The administrator's provider journey over HTTP, on the app started for real: sign in, list a
 * featured provider, see it first on the public ranking at once (read-your-writes), edit it,
 * change its prices, remove it, and read who did each step in the audit log; then sign out.
 * Also: the sign-in rate limit, readiness, the admin page redirects and the security headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH_REQUIRED_MESSAGE } from '../../../api/auth/sessions';
import { INVALID_CREDENTIALS_MESSAGE } from '../../../api/auth/login';
import type { AuditEntryView } from '../../../api/contracts/back-office';
import type { CommandResult } from '../../../api/contracts/http';
import type { AdminProviderView, ProviderCardView } from '../../../api/providers/contracts';
import { PROVIDER_ERROR_MESSAGES } from '../../../domain/providers/decider';
import type { ProviderDetailsInput } from '../../../domain/providers/provider';
import { BEST_OVERALL_BADGE } from '../../../domain/providers/provider-card';
import {
  cookiePair,
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'ops@example.com';
const PASSWORD = 'a long test password 1';

const rival: ProviderDetailsInput = {
  name: 'Rival Clinic',
  websiteUrl: 'https://rival.example',
  states: ['CA', 'NY', 'TX', 'FL'],
  medications: ['Semaglutide', 'Tirzepatide'],
  trustpilotScore: 4.9,
  googleScore: 4.9,
  featured: true,
};

const acme: ProviderDetailsInput = {
  name: 'Acme Health',
  description: 'An online clinic.',
  websiteUrl: 'https://acme.example',
  states: ['CA'],
  medications: ['Semaglutide'],
  trustpilotScore: 3.5,
  googleScore: 3.5,
  featured: true,
  card: { detailedRating: 5 },
};

describe('Given an administrator account', () => {
  let server: TestServer;
  let base: string;
  let session: AdminSession;
  let adminId: string;
  let providerId: string;
  let revision: number;

  const featured = async () => {
    const response = await request(base, '/api/providers/featured');
    expect(response.status).toBe(200);
    return (await response.json()) as ProviderCardView[];
  };
  const adminProvider = async (id: string) => {
    const response = await request(base, `/api/admin/providers/${id}`, { session });
    expect(response.status).toBe(200);
    return (await response.json()) as AdminProviderView;
  };

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-admin-journey-' });
    base = server.base;
    adminId = await registerAdmin(server.backend, EMAIL, PASSWORD);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('When the administrator signs in, then a httpOnly, SameSite=Lax session cookie and a CSRF token are issued', async () => {
    const response = await request(base, '/api/admin/login', {
      json: { email: ' OPS@Example.com ', password: PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { user: unknown; csrfToken: string };
    expect(body).toEqual({
      user: { id: adminId, email: EMAIL, role: 'administrator' },
      csrfToken: expect.any(String),
    });

    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^vial_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/; Secure/i); // PUBLIC_URL is http here
    session = { cookie: cookiePair(setCookie), csrfToken: body.csrfToken, setCookie };

    const current = await request(base, '/api/admin/session', { session });
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual({ ...body, deployment: expect.any(Object) });
  });

  it('When a featured provider with detailedRating 5 is created, then the public ranking lists it first as Best Overall at once', async () => {
    const other = await request(base, '/api/admin/providers', { json: rival, session });
    expect(other.status).toBe(201);

    const created = await request(base, '/api/admin/providers', {
      json: { ...acme, prices: { semaglutide: { '0.25mg': 199, '0.5mg': 249 } } },
      session,
    });
    expect(created.status).toBe(201);
    const result = (await created.json()) as CommandResult;
    // ProviderListed, VialScoreRecomputed (listed), ProviderFeatured: revisions 0..2.
    expect(result).toEqual({ id: expect.any(String), revision: 2, position: expect.any(String) });
    providerId = result.id;
    revision = result.revision;

    // No waiting: the 201 arrives only once the read models have the change.
    const cards = await featured();
    expect(cards.map((c) => [c.rank, c.name, c.badgeText])).toEqual([
      [1, 'Acme Health', BEST_OVERALL_BADGE],
      [2, 'Rival Clinic', null],
    ]);
    expect(cards[0]).toMatchObject({
      rankingScore: 5,
      startingPrice: { monthly: 199 },
      featured: true,
    });

    const listed = await request(base, '/api/admin/providers?q=acme', { session });
    expect(listed.status).toBe(200);
    const list = (await listed.json()) as AdminProviderView[];
    expect(list.map((p) => [p._id, p.name, p.revision])).toEqual([
      [providerId, 'Acme Health', revision],
    ]);
  });

  it('When its details are edited with the current expectedRevision, then the change is saved and shown', async () => {
    const response = await request(base, `/api/admin/providers/${providerId}`, {
      method: 'PUT',
      json: {
        details: {
          ...acme,
          name: 'Acme Health Plus',
          description: 'Now in two states.',
          states: ['CA', 'NY'],
        },
        expectedRevision: revision,
      },
      session,
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as CommandResult;
    expect(result).toMatchObject({ id: providerId, revision: revision + 1 });
    revision = result.revision;

    const provider = await adminProvider(providerId);
    expect(provider).toMatchObject({
      name: 'Acme Health Plus',
      description: 'Now in two states.',
      states: ['CA', 'NY'],
      featured: true,
      revision,
    });
    expect((await featured())[0]).toMatchObject({ name: 'Acme Health Plus', states: ['CA', 'NY'] });
  });

  it('When its prices change, then the public starting price follows', async () => {
    const response = await request(base, `/api/admin/providers/${providerId}/prices`, {
      method: 'PUT',
      json: {
        prices: { semaglutide: { '0.25mg': 149, '0.5mg': 189 }, tirzepatide: { '2.5mg': 249 } },
        expectedRevision: revision,
      },
      session,
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as CommandResult;
    expect(result.revision).toBe(revision + 1);
    revision = result.revision;

    const [first] = await featured();
    expect(first).toMatchObject({ name: 'Acme Health Plus', startingPrice: { monthly: 149 } });
    expect((await adminProvider(providerId)).prices).toEqual({
      semaglutide: { '0.25mg': 149, '0.5mg': 189 },
      tirzepatide: { '2.5mg': 249 },
    });

    // Edits leave the published Vial Score alone until a recomputation is requested.
    const before = await adminProvider(providerId);
    expect(before.pendingVialScore).not.toEqual(before.vialScore);
    const recomputed = await request(base, `/api/admin/providers/${providerId}/vial-score`, {
      method: 'POST',
      session,
    });
    expect(recomputed.status).toBe(200);
    revision = ((await recomputed.json()) as CommandResult).revision;
    const after = await adminProvider(providerId);
    expect(after.vialScore).toEqual(before.pendingVialScore);
    expect((await featured())[0]?.vialScore).toEqual(before.pendingVialScore);

    const cleared = await request(base, `/api/admin/providers/${providerId}/prices`, {
      method: 'PUT',
      json: { prices: { semaglutide: {}, tirzepatide: {} }, expectedRevision: revision },
      session,
    });
    expect(cleared.status).toBe(200);
    revision = ((await cleared.json()) as CommandResult).revision;
    expect((await featured())[0]).toMatchObject({ startingPrice: null });
  });

  it("When its prices are verified, then 'Prices checked' moves to now and the prices stay", async () => {
    const before = await adminProvider(providerId);
    const started = new Date().toISOString();
    const response = await request(base, `/api/admin/providers/${providerId}/prices/verified`, {
      method: 'POST',
      session,
    });
    expect(response.status).toBe(200);
    revision = ((await response.json()) as CommandResult).revision;
    const after = await adminProvider(providerId);
    expect(after.prices).toEqual(before.prices);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(after.pricesCheckedAt! >= started).toBe(true);
    expect((await featured())[0]?.pricesCheckedAt).toBe(after.pricesCheckedAt);

    const unknown = await request(base, '/api/admin/providers/no-such-provider/prices/verified', {
      method: 'POST',
      session,
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'Provider not found' });
  });

  it('When the dashboard is read, then it counts both providers', async () => {
    const response = await request(base, '/api/admin/dashboard', { session });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ providers: 2 });
  });

  it('When it is removed with the confirmed revision, then it leaves the public ranking and the back office', async () => {
    const response = await request(
      base,
      `/api/admin/providers/${providerId}?expectedRevision=${revision}`,
      { method: 'DELETE', session },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: providerId, revision: revision + 1 });

    const cards = await featured();
    expect(cards.map((c) => [c.rank, c.name, c.badgeText])).toEqual([
      [1, 'Rival Clinic', BEST_OVERALL_BADGE],
    ]);
    const gone = await request(base, `/api/admin/providers/${providerId}`, { session });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: PROVIDER_ERROR_MESSAGES.provider_not_found });

    const again = await request(base, `/api/admin/providers/${providerId}`, {
      method: 'DELETE',
      session,
    });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: PROVIDER_ERROR_MESSAGES.provider_removed });
  });

  it("When the audit log is read for the provider, then every step names the administrator's e-mail", async () => {
    const response = await request(
      base,
      `/api/admin/audit?subjectId=${encodeURIComponent(providerId)}`,
      { session },
    );
    expect(response.status).toBe(200);
    const entries = (await response.json()) as AuditEntryView[];
    // Newest first.
    expect(entries.map((e) => e.eventType)).toEqual([
      'ProviderRemoved',
      'ProviderPricesVerified',
      'ProviderPricesChanged',
      'VialScoreRecomputed',
      'ProviderPricesChanged',
      'ProviderDetailsChanged',
      'ProviderFeatured',
      'VialScoreRecomputed',
      'ProviderListed',
    ]);
    for (const entry of entries) {
      expect(entry.actor).toEqual({ kind: 'admin', id: adminId, email: EMAIL });
      expect(entry.subject).toMatchObject({ kind: 'provider', id: providerId });
    }
    expect(entries.find((e) => e.eventType === 'ProviderDetailsChanged')).toMatchObject({
      summary: expect.stringContaining('Acme Health Plus'),
      changedFields: expect.arrayContaining(['name', 'description', 'states']),
    });

    const limited = await request(base, `/api/admin/audit?subjectId=${providerId}&limit=2`, {
      session,
    });
    expect(((await limited.json()) as AuditEntryView[]).map((e) => e.eventType)).toEqual([
      'ProviderRemoved',
      'ProviderPricesVerified',
    ]);
  });

  it('When the administrator signs out, then the session no longer works', async () => {
    const response = await request(base, '/api/admin/logout', { method: 'POST', session });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('set-cookie')).toMatch(/^vial_session=;.*Expires=Thu, 01 Jan 1970/);

    const after = await request(base, '/api/admin/session', { session });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: ADMIN_AUTH_REQUIRED_MESSAGE });

    const write = await request(base, '/api/admin/providers', { json: acme, session });
    expect(write.status).toBe(401);
  });

  it('When /healthz and /readyz are read, then the process is up and the read models have caught up (lag 0)', async () => {
    const health = await request(base, '/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const ready = await request(base, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', lag: 0 });
  });

  it('When back-office pages are opened without a session, then they redirect (303) to /admin/login, naming the page to come back to', async () => {
    for (const [page, login] of [
      ['/admin/dashboard', '/admin/login'],
      ['/admin', '/admin/login'],
      ['/admin/providers/123', '/admin/login?next=%2Fadmin%2Fproviders%2F123'],
      ['/admin/audit?kind=provider', '/admin/login?next=%2Fadmin%2Faudit%3Fkind%3Dprovider'],
      ['/admin/dashboard/', '/admin/login'],
    ]) {
      const response = await request(base, page!);
      expect(response.status, page).toBe(303);
      expect(response.headers.get('location'), page).toBe(login);
      expect(response.headers.get('x-robots-tag'), page).toBe('noindex, nofollow');
      expect(response.headers.get('cache-control'), page).toBe('no-store');
    }
    const stale = await request(base, '/admin/dashboard', {
      headers: { Cookie: session.cookie },
    });
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe('/admin/login');

    // The login and setup pages are open (no pages are mounted here, so they fall through).
    for (const page of ['/admin/login', '/admin/setup']) {
      expect((await request(base, page)).status, page).toBe(404);
    }
  });

  it('When a signed-in administrator opens /admin or the login page, then they go to the dashboard', async () => {
    const again = await signIn(base, EMAIL, PASSWORD);
    for (const [page, to] of [
      ['/admin', '/admin/dashboard'],
      ['/admin/login', '/admin/dashboard'],
      // Signed in in another tab meanwhile: on to the page the login was for.
      ['/admin/login?next=%2Fadmin%2Fproviders%3Fpage%3D2', '/admin/providers?page=2'],
      ['/admin/login?next=%2F%2Fevil.example', '/admin/dashboard'],
    ]) {
      const response = await request(base, page!, { headers: { Cookie: again.cookie } });
      expect(response.status, page).toBe(303);
      expect(response.headers.get('location'), page).toBe(to);
    }
    // Allowed through the guard; without SSR pages mounted nothing answers it.
    const dashboard = await request(base, '/admin/dashboard', {
      headers: { Cookie: again.cookie },
    });
    expect(dashboard.status).toBe(404);
  });

  it('When any response is sent, then it carries the security headers with a fresh CSP nonce', async () => {
    const nonces: string[] = [];
    for (const path of ['/healthz', '/api/providers/featured', '/api/nope', '/admin/dashboard']) {
      const response = await request(base, path);
      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeDefined();
      nonces.push(nonce ?? '');
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-powered-by'), path).toBeNull();
      // http PUBLIC_URL: no HSTS.
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('When the public reads are fetched, then they are cacheable for a minute', async () => {
    for (const path of ['/api/providers/featured', '/api/site-content']) {
      const response = await request(base, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=60');
    }
    expect(await (await request(base, '/api/site-content')).json()).toEqual({});
  });
});

describe('Given the sign-in limit (10 attempts per 15 minutes per e-mail and client address)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-login-limit-' });
    await registerAdmin(server.backend, EMAIL, PASSWORD);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('When an 11th attempt arrives, then it answers 429 with Retry-After, even with the right password', async () => {
    const attempt = (password: string) =>
      request(server.base, '/api/admin/login', { json: { email: EMAIL, password } });
    for (let i = 1; i <= 10; i++) {
      const response = await attempt(`wrong password number ${i}`);
      expect(response.status, `attempt ${i}`).toBe(401);
      expect(await response.json()).toEqual({ error: INVALID_CREDENTIALS_MESSAGE });
    }
    const limited = await attempt(PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(limited.headers.get('set-cookie')).toBeNull();
    expect(await limited.json()).toEqual({
      error: 'Too many sign-in attempts. Try again in 15 minutes.',
    });

    // The limit is per (e-mail, client): another e-mail from the same address is still
    // checked (the address has its own, larger limit; see hardening.test.ts).
    const other = await request(server.base, '/api/admin/login', {
      json: { email: 'someone.else@example.com', password: PASSWORD },
    });
    expect(other.status).toBe(401);
    expect(await server.backend.eventStore.headPosition()).toBe(1n);
  });
});
