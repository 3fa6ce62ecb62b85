/**
 * Bad input over HTTP, as a table: each malformed or unauthorised request gets its status and
 * its exact message (and per-field messages where the form shows them), and writes nothing:
 * the event log's head position is the same after the request as before it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH_REQUIRED_MESSAGE } from '../../../api/auth/sessions';
import { newCsrfToken } from '../../../api/auth/session-store';
import { INVALID_CREDENTIALS_MESSAGE } from '../../../api/auth/login';
import { PASSWORD_MIN_LENGTH } from '../../../api/auth/password';
import { BODY_TOO_LARGE_MESSAGE, CONCURRENCY_MESSAGE } from '../../../api/http/errors';
import { CROSS_SITE_MESSAGE, CSRF_MESSAGE } from '../../../api/http/origin-csrf';
import { INVALID_REQUEST_MESSAGE } from '../../../api/http/validation';
import { ADMIN_ERROR_MESSAGES } from '../../../domain/admins/decider';
import { PROVIDER_ERROR_MESSAGES } from '../../../domain/providers/decider';
import type { ProviderDetailsInput } from '../../../domain/providers/provider';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type RequestOptions,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'ops@example.com';
const PASSWORD = 'a long test password 1';
const REQUIRED = 'Please fill in all required fields';
const WEAK_PASSWORD = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;

const validDetails: ProviderDetailsInput = {
  name: 'Acme Health',
  websiteUrl: 'https://acme.example',
  states: ['CA', 'NY'],
  medications: ['Semaglutide'],
  trustpilotScore: 4.5,
  googleScore: 4.2,
  featured: true,
};

interface Given {
  base: string;
  session: AdminSession;
  providerId: string;
  /** The provider's current stream revision. */
  revision: number;
  adminId: string;
  server: TestServer;
}

interface Row {
  when: string;
  path: (g: Given) => string;
  /** Request options; `session: true` signs the request with the administrator's session. */
  options?: (g: Given) => RequestOptions;
  status: number;
  body: { error: string; fields?: Record<string, string> };
}

const signed = (g: Given, options: RequestOptions = {}): RequestOptions => ({
  ...options,
  session: g.session,
});

const rows: Row[] = [
  // --- wrong types --------------------------------------------------------------------
  {
    when: 'a provider is created with name 123',
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: { ...validDetails, name: 123 } }),
    status: 400,
    body: {
      error: 'Name must be text',
      fields: { name: 'Name must be text' },
    },
  },
  {
    when: "a provider is created with featured 'yes'",
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: { ...validDetails, featured: 'yes' } }),
    status: 400,
    body: {
      error: 'Featured must be true or false',
      fields: { featured: 'Featured must be true or false' },
    },
  },
  {
    when: 'a provider is created with prices that are not an object',
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: { ...validDetails, prices: 'cheap' } }),
    status: 400,
    body: {
      error: 'prices must be an object',
      fields: { prices: 'prices must be an object' },
    },
  },
  {
    when: "details are edited with expectedRevision 'abc'",
    path: (g) => `/api/admin/providers/${g.providerId}`,
    options: (g) =>
      signed(g, { method: 'PUT', json: { details: validDetails, expectedRevision: 'abc' } }),
    status: 400,
    body: {
      error: INVALID_REQUEST_MESSAGE,
      fields: { expectedRevision: 'expectedRevision must be a whole number' },
    },
  },
  {
    when: 'details are edited with details that are not an object',
    path: (g) => `/api/admin/providers/${g.providerId}`,
    options: (g) => signed(g, { method: 'PUT', json: { details: 'Acme', expectedRevision: 0 } }),
    status: 400,
    body: { error: INVALID_REQUEST_MESSAGE, fields: { details: 'details must be an object' } },
  },
  {
    when: 'prices are changed with prices that are not an object',
    path: (g) => `/api/admin/providers/${g.providerId}/prices`,
    options: (g) => signed(g, { method: 'PUT', json: { prices: 'cheap', expectedRevision: 0 } }),
    status: 400,
    body: { error: INVALID_REQUEST_MESSAGE, fields: { prices: 'prices must be an object' } },
  },
  {
    when: 'a price is negative',
    path: (g) => `/api/admin/providers/${g.providerId}/prices`,
    options: (g) =>
      signed(g, { method: 'PUT', json: { prices: { semaglutide: { '0.25mg': -1 } } } }),
    status: 400,
    body: {
      error: 'Price must be 0 or more',
      fields: { 'prices.semaglutide.0.25mg': 'Price must be 0 or more' },
    },
  },
  {
    when: "a removal's expectedRevision is not a number",
    path: (g) => `/api/admin/providers/${g.providerId}?expectedRevision=abc`,
    options: (g) => signed(g, { method: 'DELETE' }),
    status: 400,
    body: {
      error: INVALID_REQUEST_MESSAGE,
      fields: { expectedRevision: 'expectedRevision must be a whole number' },
    },
  },
  // --- missing fields -----------------------------------------------------------------
  {
    when: 'a provider is created with a blank name and website',
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: { ...validDetails, name: '  ', websiteUrl: '' } }),
    status: 400,
    body: { error: REQUIRED, fields: { name: REQUIRED, websiteUrl: REQUIRED } },
  },
  {
    when: 'a provider is created with an invalid website',
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: { ...validDetails, websiteUrl: 'acme' } }),
    status: 400,
    body: {
      error: 'Website must be a valid URL (https://…)',
      fields: { websiteUrl: 'Website must be a valid URL (https://…)' },
    },
  },
  // --- bodies the parser refuses ------------------------------------------------------
  {
    when: 'the body is malformed JSON',
    path: () => '/api/admin/providers',
    options: (g) =>
      signed(g, {
        method: 'POST',
        raw: '{"name": ',
        headers: { 'Content-Type': 'application/json' },
      }),
    status: 400,
    body: { error: 'Malformed JSON body' },
  },
  {
    when: 'the body is larger than 100 kB',
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: { ...validDetails, description: 'x'.repeat(101 * 1024) } }),
    status: 413,
    body: { error: BODY_TOO_LARGE_MESSAGE },
  },
  {
    when: 'the body is not JSON (text/plain)',
    path: () => '/api/admin/providers',
    options: (g) =>
      signed(g, {
        method: 'POST',
        raw: 'name=Acme',
        headers: { 'Content-Type': 'text/plain' },
      }),
    status: 415,
    body: { error: 'Content-Type must be application/json' },
  },
  {
    when: 'the body is a form post (application/x-www-form-urlencoded)',
    path: () => '/api/admin/login',
    options: () => ({
      method: 'POST',
      raw: `email=${encodeURIComponent(EMAIL)}&password=x`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
    status: 415,
    body: { error: 'Content-Type must be application/json' },
  },
  // --- unknown routes and commands ----------------------------------------------------
  {
    when: 'an unknown admin command is posted (POST /api/admin/commands/Nope)',
    path: () => '/api/admin/commands/Nope',
    options: (g) => signed(g, { json: { type: 'Nope' } }),
    status: 404,
    body: { error: 'Not found' },
  },
  {
    when: 'an unknown API path is read (GET /api/nope)',
    path: () => '/api/nope',
    status: 404,
    body: { error: 'Not found' },
  },
  // --- authentication -----------------------------------------------------------------
  {
    when: 'the dashboard is read without a session',
    path: () => '/api/admin/dashboard',
    status: 401,
    body: { error: ADMIN_AUTH_REQUIRED_MESSAGE },
  },
  {
    when: 'a provider is created without a session',
    path: () => '/api/admin/providers',
    options: () => ({ json: validDetails }),
    status: 401,
    body: { error: ADMIN_AUTH_REQUIRED_MESSAGE },
  },
  {
    when: 'the session is read with an unknown session cookie',
    path: () => '/api/admin/session',
    options: () => ({ headers: { Cookie: `vial_session=${'A'.repeat(43)}` } }),
    status: 401,
    body: { error: ADMIN_AUTH_REQUIRED_MESSAGE },
  },
  {
    when: 'a provider is created with a garbage session cookie and its CSRF token',
    path: () => '/api/admin/providers',
    options: (g) => ({
      json: validDetails,
      headers: { Cookie: 'vial_session=not-a-session', 'X-CSRF-Token': g.session.csrfToken },
    }),
    status: 401,
    body: { error: ADMIN_AUTH_REQUIRED_MESSAGE },
  },
  {
    when: 'sign-in uses a wrong password',
    path: () => '/api/admin/login',
    options: () => ({ json: { email: EMAIL, password: 'not the password at all' } }),
    status: 401,
    body: { error: INVALID_CREDENTIALS_MESSAGE },
  },
  {
    when: 'sign-in uses an unknown e-mail',
    path: () => '/api/admin/login',
    options: () => ({ json: { email: 'nobody@example.com', password: PASSWORD } }),
    status: 401,
    body: { error: INVALID_CREDENTIALS_MESSAGE },
  },
  {
    when: 'sign-in uses a malformed e-mail',
    path: () => '/api/admin/login',
    options: () => ({ json: { email: 'ops-at-example', password: PASSWORD } }),
    status: 400,
    body: { error: INVALID_REQUEST_MESSAGE, fields: { email: 'Enter a valid e-mail address' } },
  },
  {
    when: 'sign-in sends an empty body',
    path: () => '/api/admin/login',
    options: () => ({ json: {} }),
    status: 400,
    body: {
      error: INVALID_REQUEST_MESSAGE,
      fields: { email: 'E-mail is required', password: 'Password is required' },
    },
  },
  // --- CSRF and same-origin -----------------------------------------------------------
  {
    when: 'a provider is created without the CSRF token',
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: validDetails, headers: { 'X-CSRF-Token': null } }),
    status: 403,
    body: { error: CSRF_MESSAGE },
  },
  {
    when: 'a provider is removed with a wrong CSRF token',
    path: (g) => `/api/admin/providers/${g.providerId}`,
    options: (g) => signed(g, { method: 'DELETE', headers: { 'X-CSRF-Token': newCsrfToken() } }),
    status: 403,
    body: { error: CSRF_MESSAGE },
  },
  {
    when: 'a provider is created from another origin',
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: validDetails, headers: { Origin: 'https://evil.example' } }),
    status: 403,
    body: { error: CROSS_SITE_MESSAGE },
  },
  {
    when: 'a provider is created without an Origin header',
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: validDetails, headers: { Origin: null } }),
    status: 403,
    body: { error: CROSS_SITE_MESSAGE },
  },
  {
    when: 'sign-in is posted from another origin',
    path: () => '/api/admin/login',
    options: () => ({
      json: { email: EMAIL, password: PASSWORD },
      headers: { Origin: 'https://evil.example' },
    }),
    status: 403,
    body: { error: CROSS_SITE_MESSAGE },
  },
  {
    when: "a provider is created with Origin 'null' (a sandboxed page)",
    path: () => '/api/admin/providers',
    options: (g) => signed(g, { json: validDetails, headers: { Origin: 'null' } }),
    status: 403,
    body: { error: CROSS_SITE_MESSAGE },
  },
  // --- what the history refuses -------------------------------------------------------
  {
    when: 'a missing provider is edited',
    path: () => '/api/admin/providers/no-such-provider',
    options: (g) => signed(g, { method: 'PUT', json: { details: validDetails } }),
    status: 404,
    body: { error: PROVIDER_ERROR_MESSAGES.provider_not_found },
  },
  {
    when: 'a missing provider is read',
    path: () => '/api/admin/providers/no-such-provider',
    options: (g) => signed(g),
    status: 404,
    body: { error: PROVIDER_ERROR_MESSAGES.provider_not_found },
  },
  {
    when: 'a missing provider is removed',
    path: () => '/api/admin/providers/no-such-provider',
    options: (g) => signed(g, { method: 'DELETE' }),
    status: 404,
    body: { error: PROVIDER_ERROR_MESSAGES.provider_not_found },
  },
  {
    // An older revision is merged when the fields differ (tests/providers/*/revert-and-merge);
    // a revision the provider never had is refused.
    when: 'details are edited with an expectedRevision it never had',
    path: (g) => `/api/admin/providers/${g.providerId}`,
    options: (g) =>
      signed(g, {
        method: 'PUT',
        json: { details: { ...validDetails, name: 'Acme 2' }, expectedRevision: g.revision + 5 },
      }),
    status: 409,
    body: { error: CONCURRENCY_MESSAGE },
  },
  {
    when: 'prices are changed with an expectedRevision it never had',
    path: (g) => `/api/admin/providers/${g.providerId}/prices`,
    options: (g) =>
      signed(g, {
        method: 'PUT',
        json: { prices: { semaglutide: { '0.25mg': 1 } }, expectedRevision: g.revision + 5 },
      }),
    status: 409,
    body: { error: CONCURRENCY_MESSAGE },
  },
  {
    when: 'a provider is removed with a stale expectedRevision',
    path: (g) => `/api/admin/providers/${g.providerId}?expectedRevision=${g.revision + 5}`,
    options: (g) => signed(g, { method: 'DELETE' }),
    status: 409,
    body: { error: CONCURRENCY_MESSAGE },
  },
  // --- query parameters ---------------------------------------------------------------
  {
    when: 'the audit log is read with limit=0',
    path: () => '/api/admin/audit?limit=0',
    options: (g) => signed(g),
    status: 400,
    body: { error: INVALID_REQUEST_MESSAGE, fields: { limit: 'limit must be 1 or more' } },
  },
  {
    when: 'the audit log is read with limit=501',
    path: () => '/api/admin/audit?limit=501',
    options: (g) => signed(g),
    status: 400,
    body: { error: INVALID_REQUEST_MESSAGE, fields: { limit: 'limit must be at most 500' } },
  },
  {
    when: 'the audit log is read with limit=ten',
    path: () => '/api/admin/audit?limit=ten',
    options: (g) => signed(g),
    status: 400,
    body: { error: INVALID_REQUEST_MESSAGE, fields: { limit: 'limit must be a whole number' } },
  },
  {
    when: 'providers are searched with a 201-character query',
    path: () => `/api/admin/providers?q=${'a'.repeat(201)}`,
    options: (g) => signed(g),
    status: 400,
    body: {
      error: INVALID_REQUEST_MESSAGE,
      fields: { q: 'Search must be at most 200 characters' },
    },
  },
  {
    when: 'the setup link is checked without a token',
    path: () => '/api/admin/setup',
    status: 400,
    body: { error: INVALID_REQUEST_MESSAGE, fields: { token: 'token is required' } },
  },
  {
    when: 'setup is posted once an administrator exists',
    path: () => '/api/admin/setup',
    options: () => ({
      json: { token: 'x'.repeat(43), email: 'second@example.com', password: PASSWORD },
    }),
    status: 410,
    body: { error: ADMIN_ERROR_MESSAGES.setup_completed },
  },
];

describe('Given a signed-in administrator and one listed provider', () => {
  let server: TestServer;
  const given = {} as Given;
  const head = () => server.backend.eventStore.headPosition();

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-bad-input-' });
    given.server = server;
    given.base = server.base;
    given.adminId = await registerAdmin(server.backend, EMAIL, PASSWORD);
    given.session = await signIn(server.base, EMAIL, PASSWORD);
    const created = await request(server.base, '/api/admin/providers', {
      json: validDetails,
      session: given.session,
    });
    expect(created.status).toBe(201);
    const result = (await created.json()) as { id: string; revision: number };
    given.providerId = result.id;
    given.revision = result.revision;
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each(rows)('When $when, then it answers $status and writes nothing', async (row) => {
    const before = await head();
    const response = await request(given.base, row.path(given), row.options?.(given));
    expect(response.status).toBe(row.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(row.body);
    expect(await head()).toBe(before);
  });

  it('When the request fails, then the provider is still as it was (revision unchanged)', async () => {
    const response = await request(given.base, `/api/admin/providers/${given.providerId}`, {
      session: given.session,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: validDetails.name,
      revision: given.revision,
    });
  });

  it("When a provider is created with an empty body, then it answers 400 'Please fill in all required fields' with fields.name", async () => {
    const before = await head();
    const response = await request(given.base, '/api/admin/providers', {
      json: {},
      session: given.session,
    });
    expect(response.status).toBe(400);
    expect(await head()).toBe(before);
    expect(await response.json()).toEqual({
      error: REQUIRED,
      fields: expect.objectContaining({ name: REQUIRED }) as Record<string, string>,
    });
  });

  it('When a provider is created with an empty body, then it answers 400 with fields.name and fields.websiteUrl and writes nothing', async () => {
    const before = await head();
    const response = await request(given.base, '/api/admin/providers', {
      json: {},
      session: given.session,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['name', 'websiteUrl']);
    expect(await head()).toBe(before);
  });

  it('When a session has expired in the store, then the API answers 401 and clears the cookie', async () => {
    const { sessions } = server.auth;
    const base = { adminId: given.adminId, email: EMAIL, csrfToken: newCsrfToken() };
    const idle = await sessions.create({ ...base, createdAt: Date.now() }, 1);
    // Past the absolute lifetime (7 days since sign-in), however recently it was used.
    const old = await sessions.create(
      { ...base, createdAt: Date.now() - 8 * 24 * 3_600_000 },
      60_000,
    );
    await sleep(10);
    const before = await head();
    for (const id of [idle, old]) {
      const read = await request(server.base, '/api/admin/session', {
        headers: { Cookie: `vial_session=${id}` },
      });
      expect(read.status).toBe(401);
      expect(await read.json()).toEqual({ error: ADMIN_AUTH_REQUIRED_MESSAGE });
      expect(read.headers.get('set-cookie')).toMatch(/^vial_session=;/);

      const write = await request(server.base, '/api/admin/providers', {
        json: validDetails,
        headers: { Cookie: `vial_session=${id}`, 'X-CSRF-Token': base.csrfToken },
      });
      expect(write.status).toBe(401);
      expect(await write.json()).toEqual({ error: ADMIN_AUTH_REQUIRED_MESSAGE });
    }
    expect(await head()).toBe(before);
  });
});

describe('Given sessions that live about one second (SESSION_TTL_HOURS=0.0003)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      env: { SESSION_TTL_HOURS: '0.0003' },
      prefix: 'vial-short-session-',
    });
    await registerAdmin(server.backend, EMAIL, PASSWORD);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('When the session is used after it expired, then the API answers 401 and writes nothing', async () => {
    const session = await signIn(server.base, EMAIL, PASSWORD);
    expect(session.setCookie).toMatch(/Max-Age=1(;|$)/);
    const fresh = await request(server.base, '/api/admin/session', { session });
    expect(fresh.status).toBe(200);

    await sleep(1_200);
    const before = await server.backend.eventStore.headPosition();
    const stale = await request(server.base, '/api/admin/providers', {
      json: validDetails,
      session,
    });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ error: ADMIN_AUTH_REQUIRED_MESSAGE });
    expect(await server.backend.eventStore.headPosition()).toBe(before);
  });
});

describe('Given a fresh installation whose setup link was issued', () => {
  let server: TestServer;
  const token = 'the-real-setup-token-0123456789abcdef';

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-setup-input-' });
    const issued = await server.backend.bus.dispatch(
      {
        type: 'IssueAdminSetupToken',
        token,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      { actor: { kind: 'system', id: 'test' }, correlationId: 't' },
    );
    await server.backend.waitForProjections(issued.position);
  });

  afterAll(async () => {
    await server?.close();
  });

  const setupRows: Array<{
    when: string;
    options: RequestOptions;
    status: number;
    body: { error: string; fields?: Record<string, string> };
  }> = [
    {
      when: 'setup is posted with a wrong token',
      options: {
        json: { token: 'a-wrong-setup-token-0123456789abcdef', email: EMAIL, password: PASSWORD },
      },
      status: 400,
      body: { error: ADMIN_ERROR_MESSAGES.setup_token_invalid },
    },
    {
      when: 'setup is posted without a token',
      options: { json: { email: EMAIL, password: PASSWORD } },
      status: 400,
      body: {
        error: INVALID_REQUEST_MESSAGE,
        fields: { token: ADMIN_ERROR_MESSAGES.setup_token_invalid },
      },
    },
    {
      when: 'setup is posted with a weak password',
      options: { json: { token, email: EMAIL, password: 'short' } },
      status: 400,
      body: { error: WEAK_PASSWORD, fields: { password: WEAK_PASSWORD } },
    },
    {
      when: 'setup is posted from another origin',
      options: {
        json: { token, email: EMAIL, password: PASSWORD },
        headers: { Origin: 'https://evil.example' },
      },
      status: 403,
      body: { error: CROSS_SITE_MESSAGE },
    },
  ];

  it.each(setupRows)('When $when, then it answers $status and writes nothing', async (row) => {
    const before = await server.backend.eventStore.headPosition();
    const response = await request(server.base, '/api/admin/setup', row.options);
    expect(response.status).toBe(row.status);
    expect(await response.json()).toEqual(row.body);
    expect(await server.backend.eventStore.headPosition()).toBe(before);
    expect(await server.backend.queries.adminCount()).toBe(0);
  });

  it('When the setup link is checked with a wrong token, then it is not valid', async () => {
    const response = await request(server.base, '/api/admin/setup?token=wrong');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      valid: false,
      reason: ADMIN_ERROR_MESSAGES.setup_token_invalid,
    });
  });
});
