/**
 * First start of a fresh installation (SEED_DEMO=true): the five demo providers are listed
 * once; while no administrator exists a one-time setup link is logged and returned; the link
 * creates the first administrator over HTTP and signs them in, and is then used up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH_REQUIRED_MESSAGE } from '../../../api/auth/sessions';
import type { AuditEntryView } from '../../../api/contracts/back-office';
import { prepareFirstStart, SETUP_LINK_TTL_MS } from '../../../api/first-start';
import { createLogger, type LogFields } from '../../../workers/bootstrap/logger';
import { DEMO_PROVIDERS } from '../../../commands/providers/seed';
import { ADMIN_ERROR_MESSAGES } from '../../../domain/admins/decider';
import { BEST_OVERALL_BADGE } from '../../../domain/providers/provider-card';
import {
  cookiePair,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'first.admin@example.com';
const PASSWORD = 'a long first password';

describe('Given a fresh installation with SEED_DEMO=true and no administrator', () => {
  let server: TestServer;
  const logged: LogFields[] = [];
  let link: URL;
  let token: string;
  let session: AdminSession;

  const head = () => server.backend.eventStore.headPosition();
  const checkLink = async (t: string) => {
    const response = await request(server.base, `/api/admin/setup?token=${encodeURIComponent(t)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return response.json();
  };

  beforeAll(async () => {
    server = await startTestServer({
      env: { SEED_DEMO: 'true' },
      prefix: 'vial-first-start-',
      logger: createLogger({
        level: 'info',
        write: (line) => logged.push(JSON.parse(line) as LogFields),
      }),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('When the site first starts, then the 5 demo providers are listed and a setup link is logged and returned', async () => {
    expect(DEMO_PROVIDERS).toHaveLength(5);
    const started = Date.now();
    const result = await prepareFirstStart(server.backend);
    expect(result.seededProviders).toBe(5);
    expect(result.setupLink).toMatch(
      new RegExp(`^${server.base}/admin/setup\\?token=[A-Za-z0-9_-]{43}$`),
    );
    link = new URL((result.setupLink as string | null) ?? '');
    token = link.searchParams.get('token') ?? '';

    const warning = logged.find((l) => l.level === 'warn' && l.setupLink === result.setupLink);
    expect(warning?.msg).toContain(
      `Open this one-time link within 24 hours to create one: ${result.setupLink}`,
    );
    const expiresAt = Date.parse(String(warning?.expiresAt));
    expect(expiresAt).toBeGreaterThanOrEqual(started + SETUP_LINK_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + SETUP_LINK_TTL_MS);

    const featured = await request(server.base, '/api/providers/featured');
    const cards = (await featured.json()) as Array<{ name: string; badgeText: string | null }>;
    // Four of the five demo providers are featured.
    expect(cards).toHaveLength(4);
    expect(cards[0]?.badgeText).toBe(BEST_OVERALL_BADGE);
    expect(cards.map((c) => c.name).sort()).toEqual(
      DEMO_PROVIDERS.filter((p) => p.details.featured)
        .map((p) => p.details.name)
        .sort(),
    );
  });

  it('When it starts again, then no provider is listed twice and a new link replaces the first', async () => {
    const result = await prepareFirstStart(server.backend);
    expect(result.seededProviders).toBe(0);
    expect(result.setupLink).not.toBeNull();
    expect(result.setupLink).not.toBe(link.href);
    expect((await server.backend.queries.dashboardCounts()).providers).toBe(5);

    expect(await checkLink(token)).toEqual({
      valid: false,
      reason: ADMIN_ERROR_MESSAGES.setup_token_invalid,
    });
    link = new URL((result.setupLink as string | null) ?? '');
    token = link.searchParams.get('token') ?? '';
  });

  it('When the setup link is checked, then it is valid', async () => {
    expect(link.pathname).toBe('/admin/setup');
    expect(await checkLink(token)).toEqual({ valid: true });
  });

  it('When the setup form is posted with the token, then the administrator is created and signed in (201)', async () => {
    const response = await request(server.base, '/api/admin/setup', {
      json: { token, email: ` ${EMAIL.toUpperCase()} `, password: PASSWORD },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      user: { id: string; email: string; role: string };
      csrfToken: string;
    };
    expect(body).toEqual({
      // The first account runs the site: an administrator.
      user: { id: expect.any(String), email: EMAIL, role: 'administrator' },
      csrfToken: expect.any(String),
    });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^vial_session=.+; HttpOnly; SameSite=Lax/i);
    session = { cookie: cookiePair(setCookie), csrfToken: body.csrfToken, setCookie };

    const current = await request(server.base, '/api/admin/session', { session });
    expect(current.status).toBe(200);
    // The session also says where it runs (the back office's environment badge).
    expect(await current.json()).toEqual({
      ...body,
      deployment: { environment: expect.any(String), profile: 'embedded' },
    });
    const dashboard = await request(server.base, '/api/admin/dashboard', { session });
    expect(await dashboard.json()).toMatchObject({ providers: 5 });

    const audit = await request(server.base, '/api/admin/audit?subjectId=admin-setup', {
      session,
    });
    const entries = (await audit.json()) as AuditEntryView[];
    // The setup is credited to the administrator it created, not to an anonymous visitor.
    expect(entries.map((e) => [e.eventType, e.actor.kind, e.actor.id])).toEqual([
      ['AdminSetupCompleted', 'admin', body.user.id],
      ['AdminSetupTokenIssued', 'system', 'first-start'],
      ['AdminSetupTokenIssued', 'system', 'first-start'],
    ]);
  });

  it('When the administrator signs out and in again, then the chosen password works', async () => {
    const out = await request(server.base, '/api/admin/logout', { method: 'POST', session });
    expect(out.status).toBe(200);
    const after = await request(server.base, '/api/admin/session', { session });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: ADMIN_AUTH_REQUIRED_MESSAGE });

    session = await signIn(server.base, EMAIL, PASSWORD);
    expect((await request(server.base, '/api/admin/session', { session })).status).toBe(200);
  });

  it('When the used link is opened again, then it is no longer valid and posting it answers 410', async () => {
    expect(await checkLink(token)).toEqual({
      valid: false,
      reason: ADMIN_ERROR_MESSAGES.setup_completed,
    });

    const before = await head();
    const response = await request(server.base, '/api/admin/setup', {
      json: { token, email: 'intruder@example.com', password: 'another long password' },
    });
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({ error: ADMIN_ERROR_MESSAGES.setup_completed });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await head()).toBe(before);
    expect(await server.backend.queries.adminCount()).toBe(1);
  });

  it('When the site starts once an administrator exists, then it seeds nothing and prints no link', async () => {
    const before = await head();
    const warnings = logged.length;
    expect(await prepareFirstStart(server.backend)).toEqual({
      seededProviders: 0,
      setupLink: null,
    });
    expect(await head()).toBe(before);
    expect(logged.slice(warnings).filter((l) => 'setupLink' in l)).toEqual([]);
  });
});

describe('Given a fresh installation with SEED_DEMO=false', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-first-start-empty-' });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('When the site first starts, then no provider is listed but the setup link is still issued', async () => {
    const result = await prepareFirstStart(server.backend);
    expect(result.seededProviders).toBe(0);
    expect(result.setupLink).toMatch(/\/admin\/setup\?token=/);
    const featured = await request(server.base, '/api/providers/featured');
    expect(await featured.json()).toEqual([]);
    expect((await server.backend.queries.dashboardCounts()).providers).toBe(0);
  });
});

describe('Given three api processes starting at once on a fresh installation', () => {
  let server: TestServer;
  const logged: LogFields[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      prefix: 'vial-first-start-cluster-',
      logger: createLogger({
        level: 'info',
        write: (line) => logged.push(JSON.parse(line) as LogFields),
      }),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('When each runs its first start, then one setup link is issued and the others say another process issued it', async () => {
    // Three first starts over one store stand in for three processes: each reads the setup
    // stream before deciding, and the stream's expected revision lets exactly one append.
    const results = await Promise.all([1, 2, 3].map(() => prepareFirstStart(server.backend)));
    const links = results.map((r) => r.setupLink).filter((l): l is string => typeof l === 'string');
    expect(links).toHaveLength(1);
    const issued = (await server.backend.eventStore.readStream('admin-setup')).map((e) => e.type);
    expect(issued).toEqual(['AdminSetupTokenIssued']);

    const token = new URL(links[0] ?? '').searchParams.get('token') ?? '';
    const check = await request(server.base, `/api/admin/setup?token=${encodeURIComponent(token)}`);
    expect(await check.json()).toEqual({ valid: true });
    const others = logged.filter((l) => String(l.msg).includes('Another api process issued'));
    expect(others).toHaveLength(2);
    expect(others.every((l) => !('setupLink' in l))).toBe(true);
  });
});
