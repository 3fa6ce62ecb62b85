/**
 * Administrators over HTTP, on the app started for real: the list, an invitation accepted by
 * its one-time link (a weak password refused first), deactivation (never yourself, never the
 * last active one) ending the other's sessions at once, a password change that needs the
 * current password, 'sign out everywhere', and the old /simple-admin addresses.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminUsersView,
  InvitationCheck,
  InvitationCreated,
} from '../../../api/admins/contracts';
import { ADMIN_ERROR_MESSAGES } from '../../../domain/admins/decider';
import { COMMON_PASSWORD_MESSAGE } from '../../../domain/admins/password-policy';
import {
  cookiePair,
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const FIRST = 'ops@example.com';
// Made per run: no password ships in the tests.
const PASSWORD = `test ${randomUUID()}`;
const SECOND = 'second@example.com';
const SECOND_PASSWORD = `second ${randomUUID()}`;

describe('Given one administrator', () => {
  let server: TestServer;
  let base: string;
  let session: AdminSession;
  let link = '';
  let secondId = '';

  const users = async (as: AdminSession = session) => {
    const response = await request(base, '/api/admin/users', { session: as });
    expect(response.status).toBe(200);
    return (await response.json()) as AdminUsersView;
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-admins-' });
    base = server.base;
    await registerAdmin(server.backend, FIRST, PASSWORD);
    session = await signIn(base, FIRST, PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('When the list is read, then it shows the administrator, active, with the last sign-in', async () => {
    const view = await users();
    expect(view.admins).toHaveLength(1);
    expect(view.admins[0]).toMatchObject({ email: FIRST, active: true, id: view.me });
    expect(view.admins[0]?.lastSignInAt).toEqual(expect.any(String));
  });

  it('When the only administrator tries to deactivate themselves, then 409 names the rule', async () => {
    const { me } = await users();
    const response = await request(base, `/api/admin/users/${me}/deactivate`, {
      session,
      json: {},
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe(
      ADMIN_ERROR_MESSAGES.cannot_deactivate_self,
    );
  });

  it.each([
    [{ role: 'editor' }, 'E-mail is required'],
    [{ email: 'not an address', role: 'editor' }, 'Please enter a valid email address.'],
    [{ email: FIRST, role: 'editor' }, ADMIN_ERROR_MESSAGES.admin_already_registered],
  ])(
    'When an invitation is sent for %j, then it is refused naming the e-mail',
    async (body, message) => {
      const response = await request(base, '/api/admin/users/invitations', { session, json: body });
      expect([400, 409]).toContain(response.status);
      const answer = (await response.json()) as { fields?: Record<string, string> };
      expect(answer.fields?.email).toBe(message);
    },
  );

  it('When another administrator is invited, then a one-time link is returned and listed as pending', async () => {
    const response = await request(base, '/api/admin/users/invitations', {
      session,
      json: { email: 'Second@Example.com', role: 'administrator' },
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as InvitationCreated;
    expect(created.email).toBe(SECOND);
    expect(created.link).toMatch(/\/admin\/invite\?token=[\w-]{43}$/);
    link = created.link;
    expect((await users()).invitations.map((i) => i.email)).toEqual([SECOND]);
  });

  it.each([
    ['/api/admin/invitation', { token: 42, password: 'x' }],
    ['/api/admin/invitation', { password: SECOND_PASSWORD }],
    ['/api/admin/invitation', { token: 'x'.repeat(500), password: SECOND_PASSWORD }],
    ['/api/admin/password', { currentPassword: 7, newPassword: ['a'] }],
    ['/api/admin/users/invitations', { email: { $ne: '' } }],
  ])('When %s gets %j, then 400 naming a field, never 5xx', async (path, body) => {
    const response = await request(base, path, { session, json: body });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fields?: Record<string, string> };
    expect(Object.keys(answer.fields ?? {}).length).toBeGreaterThan(0);
  });

  it('When an invitation is cancelled, then its link answers 410 saying so, it leaves the list, the audit log names it, and a second cancel is refused', async () => {
    const created = (await (
      await request(base, '/api/admin/users/invitations', {
        session,
        json: { email: 'withdrawn@example.com', role: 'editor' },
      })
    ).json()) as InvitationCreated;
    const pending = (await users()).invitations.find((i) => i.email === 'withdrawn@example.com');
    expect(pending).toBeDefined();
    const cancelled = await request(base, `/api/admin/users/invitations/${pending?.id}`, {
      session,
      method: 'DELETE',
    });
    expect(cancelled.status).toBe(200);
    expect((await users()).invitations.map((i) => i.email)).toEqual([SECOND]);
    const check = await request(base, `/api/admin/invitation?token=${tokenOf(created.link)}`);
    expect((await check.json()) as InvitationCheck).toMatchObject({
      valid: false,
      reason: 'This invitation was cancelled. Ask an administrator for a new one.',
    });
    const accept = await request(base, '/api/admin/invitation', {
      json: { token: tokenOf(created.link), password: SECOND_PASSWORD },
    });
    expect(accept.status).toBe(410);
    const again = await request(base, `/api/admin/users/invitations/${pending?.id}`, {
      session,
      method: 'DELETE',
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(
      ADMIN_ERROR_MESSAGES.invitation_not_pending,
    );
    const unknown = await request(base, '/api/admin/users/invitations/no-such-invitation', {
      session,
      method: 'DELETE',
    });
    expect(unknown.status).toBe(404);
    const audit = await request(base, '/api/admin/audit', { session });
    expect(JSON.stringify(await audit.json())).toContain(
      'Cancelled the invitation of withdrawn@example.com',
    );
  });

  it('When the link is checked, then it is valid for the invited e-mail; a made-up one is not', async () => {
    const ok = await request(base, `/api/admin/invitation?token=${tokenOf(link)}`);
    expect((await ok.json()) as InvitationCheck).toEqual({
      valid: true,
      email: SECOND,
      role: 'administrator',
    });
    const bad = await request(base, `/api/admin/invitation?token=${'x'.repeat(43)}`);
    expect(((await bad.json()) as InvitationCheck).valid).toBe(false);
    const missing = await request(base, '/api/admin/invitation');
    expect(missing.status).toBe(400);
  });

  it('When the invitation is accepted with a common password, then 400 names the password', async () => {
    const response = await request(base, '/api/admin/invitation', {
      json: { token: tokenOf(link), password: 'password1234' },
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fields: Record<string, string> };
    expect(answer.fields.password).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('When it is accepted with a good password, then the account exists, is signed in, and the link is used up', async () => {
    const response = await request(base, '/api/admin/invitation', {
      json: { token: tokenOf(link), password: SECOND_PASSWORD },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('set-cookie')).toContain('vial_session=');
    const again = await request(base, '/api/admin/invitation', {
      json: { token: tokenOf(link), password: SECOND_PASSWORD },
    });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { error: string }).error).toBe(
      ADMIN_ERROR_MESSAGES.invitation_used,
    );
    const view = await users();
    expect(view.admins.map((a) => [a.email, a.active])).toEqual([
      [FIRST, true],
      [SECOND, true],
    ]);
    expect(view.invitations).toEqual([]);
    secondId = view.admins[1]?.id ?? '';
  });

  it('When the second one is deactivated, then their sessions end at once and they cannot sign in', async () => {
    const second = await signIn(base, SECOND, SECOND_PASSWORD);
    expect((await request(base, '/api/admin/session', { session: second })).status).toBe(200);
    const response = await request(base, `/api/admin/users/${secondId}/deactivate`, {
      session,
      json: {},
    });
    expect(response.status).toBe(200);
    expect(await server.auth.sessions.get(second.cookie.split('=')[1] ?? '')).toBeNull();
    expect((await request(base, '/api/admin/session', { session: second })).status).toBe(401);
    const login = await request(base, '/api/admin/login', {
      json: { email: SECOND, password: SECOND_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect((await users()).admins[1]?.active).toBe(false);
  });

  it('When the password is changed with a wrong current password, then 400 names it', async () => {
    const response = await request(base, '/api/admin/password', {
      session,
      json: { currentPassword: 'not the password at all', newPassword: 'another long password' },
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fields: Record<string, string> };
    expect(answer.fields.currentPassword).toBe('The current password is not correct.');
  });

  it.each([
    [{}, 'currentPassword'],
    [{ currentPassword: PASSWORD, newPassword: 'short' }, 'newPassword'],
    [{ currentPassword: PASSWORD, newPassword: 'password1234' }, 'newPassword'],
  ])('When the change sends %j, then 400 names %s', async (body, field) => {
    const response = await request(base, '/api/admin/password', { session, json: body });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fields: Record<string, string> };
    expect(answer.fields[field]).toEqual(expect.any(String));
  });

  it('When the password is changed, then other sessions end, this one goes on, and the new password signs in', async () => {
    const other = await signIn(base, FIRST, PASSWORD);
    const response = await request(base, '/api/admin/password', {
      session,
      json: { currentPassword: PASSWORD, newPassword: 'another long password' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { csrfToken: string };
    session = {
      cookie: cookiePair(response.headers.get('set-cookie')),
      csrfToken: body.csrfToken,
      setCookie: response.headers.get('set-cookie') ?? '',
    };
    expect((await request(base, '/api/admin/session', { session: other })).status).toBe(401);
    expect((await request(base, '/api/admin/session', { session })).status).toBe(200);
    await signIn(base, FIRST, 'another long password');
  });

  it("When 'sign out everywhere' is used, then every session of the administrator ends", async () => {
    const other = await signIn(base, FIRST, 'another long password');
    const response = await request(base, '/api/admin/sessions/sign-out-everywhere', {
      session,
      json: {},
    });
    expect(response.status).toBe(200);
    expect((await request(base, '/api/admin/session', { session })).status).toBe(401);
    expect((await request(base, '/api/admin/session', { session: other })).status).toBe(401);
  });

  it.each([
    ['/simple-admin', '/admin/dashboard'],
    ['/simple-admin/login', '/admin/login'],
    ['/simple-admin/dashboard', '/admin/dashboard'],
    ['/simple-admin/providers', '/admin/providers'],
    ['/simple-admin/subscriptions', '/admin/subscriptions'],
    ['/simple-admin/blog', '/admin/blog'],
  ])('When %s is opened, then 301 to %s', async (from, to) => {
    const response = await request(base, from);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });
});

describe('Given two active administrators', () => {
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-admins-last-' });
    base = server.base;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('When one deactivates the other, then the last active one cannot be deactivated by anyone', async () => {
    await registerAdmin(server.backend, 'a@example.com', PASSWORD);
    const bId = await registerAdmin(server.backend, 'b@example.com', PASSWORD);
    const a = await signIn(base, 'a@example.com', PASSWORD);
    const first = await request(base, `/api/admin/users/${bId}/deactivate`, {
      session: a,
      json: {},
    });
    expect(first.status).toBe(200);
    // 'a' is now the last active administrator; only 'a' could ask, and yourself is refused.
    const view = (await (
      await request(base, '/api/admin/users', { session: a })
    ).json()) as AdminUsersView;
    const self = await request(base, `/api/admin/users/${view.me}/deactivate`, {
      session: a,
      json: {},
    });
    expect(self.status).toBe(409);
    const unknown = await request(base, '/api/admin/users/nobody/deactivate', {
      session: a,
      json: {},
    });
    expect(unknown.status).toBe(404);
  });
});
