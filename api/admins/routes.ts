/**
 * Sign-in, sign-out, the session and the first-start setup link, under /api/admin. Open to
 * anyone (same-origin only): every other /api/admin endpoint sits behind the admin check.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  hashSetupToken,
  invitationSecret,
  invitationToken,
  invitationUrl,
  type adminCommands,
} from '../../commands/admins';
import type { AdminInvitationDoc, AdminQueries } from '../../projections/admins';
import { ADMIN_ERROR_MESSAGES } from '../../domain/admins/decider';
import { INVITATION_TTL_MS } from '../../domain/admins/events';
import { ADMIN_ROLES, roleOrAdministrator } from '../../domain/admins/roles';
import type {
  AdminDeployment,
  AdminSession,
  AdminUsersView,
  InvitationCheck,
  InvitationCreated,
} from './contracts';
import { adminActor } from '../http/commands';
import {
  createLoginFormHandler,
  createLoginHandler,
  createLogoutHandler,
  createSessionHandler,
  type LoginHandlerDeps,
} from '../auth/login';
import {
  hashPassword,
  PASSWORD_MAX_LENGTH,
  validatePasswordStrength,
  verifyPassword,
} from '../auth/password';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { HttpError } from '../http/errors';
import { parseBody, parseOrThrow } from '../http/validation';

const setupQuery = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
});
const setupBody = z.object({
  token: z.string({ error: 'This setup link is not valid' }).min(1).max(200),
  email: z.string({ error: 'E-mail is required' }).trim().min(1, 'E-mail is required').max(254),
  password: z
    .string({ error: 'Password is required' })
    .trim()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
});

/** A role missing or unknown, in an invitation or a role change. */
export const ROLE_REQUIRED_MESSAGE = "Choose a role: 'administrator' or 'editor'.";

const invitationQuery = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
});
const invitationBody = z.object({
  token: z
    .string({ error: 'This invitation link is not valid' })
    .min(1, 'This invitation link is not valid')
    .max(200),
  password: z
    .string({ error: 'Password is required' })
    .trim()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
});
const inviteBody = z.object({
  email: z
    .string({ error: 'E-mail is required' })
    .trim()
    .min(1, 'E-mail is required')
    .max(254, 'E-mail must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address.'))
    .transform((email) => email.toLowerCase()),
  role: z.enum(ADMIN_ROLES, { error: ROLE_REQUIRED_MESSAGE }),
});
const roleBody = z.object({ role: z.enum(ADMIN_ROLES, { error: ROLE_REQUIRED_MESSAGE }) });
const passwordBody = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .trim()
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string({ error: 'New password is required' })
    .trim()
    .min(1, 'New password is required')
    .max(PASSWORD_MAX_LENGTH),
});
/** Old bookmarks of the simple admin area, each to the matching screen of the one back office. */
export const SIMPLE_ADMIN_REDIRECTS: Readonly<Record<string, string>> = {
  '/simple-admin': '/admin/dashboard',
  '/simple-admin/login': '/admin/login',
  '/simple-admin/dashboard': '/admin/dashboard',
  '/simple-admin/providers': '/admin/providers',
  '/simple-admin/subscriptions': '/admin/subscriptions',
  '/simple-admin/blog': '/admin/blog',
};

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is not correct.';

export function adminRoutes(
  { api, admin: adminApi, site }: CapabilityRouters,
  deps: RouteDeps<typeof adminCommands, AdminQueries>,
) {
  const { backend, sessions, rateLimiter, commands } = deps;
  const { queries, logger } = backend;

  const signIn: LoginHandlerDeps = {
    async findAdminByEmail(email) {
      const admin = await queries.adminUserByEmail(email);
      return admin
        ? {
            adminId: admin._id,
            email: admin.email,
            passwordHash: admin.passwordHash,
            active: admin.active,
            role: roleOrAdministrator(admin.role),
          }
        : null;
    },
    sessions,
    rateLimiter,
    logger,
    // The list of administrators shows the last sign-in: an event on the account's stream.
    async onSignedIn(account) {
      await backend.bus.dispatch(
        { type: 'RecordAdminSignIn', email: account.email },
        {
          actor: { kind: 'admin', id: account.adminId, email: account.email },
          correlationId: randomUUID(),
        },
      );
    },
  };
  api.post('/admin/login', createLoginHandler(signIn));
  // The login page's form posted before its JavaScript ran (or without it): signs in all the same.
  site.post('/admin/login', createLoginFormHandler(signIn));
  api.post('/admin/logout', createLogoutHandler(sessions));
  const isAdminActive = async (adminId: string) =>
    (await queries.adminUser(adminId))?.active === true;
  // The environment badge of the back office: what this server's configuration says.
  const deployment: AdminDeployment = {
    environment: backend.config.NODE_ENV,
    profile: backend.config.PROFILE,
  };
  api.get(
    '/admin/session',
    sessions.requireAdmin({ isAdminActive }),
    createSessionHandler({ deployment }, { roleOf: (id) => queries.activeAdminRole(id) }),
  );

  /** Why a setup token cannot be used now, or null when it can. */
  const setupRefusal = async (
    token: string,
  ): Promise<{ status: number; reason: string } | null> => {
    const [admins, state] = await Promise.all([queries.adminCount(), queries.setupState()]);
    if (admins > 0 || state.status === 'completed') {
      return { status: 410, reason: ADMIN_ERROR_MESSAGES.setup_completed };
    }
    if (state.status !== 'issued' || state.tokenHash !== hashSetupToken(token)) {
      return { status: 400, reason: ADMIN_ERROR_MESSAGES.setup_token_invalid };
    }
    if (typeof state.expiresAt === 'string' && Date.parse(state.expiresAt) <= Date.now()) {
      return { status: 410, reason: ADMIN_ERROR_MESSAGES.setup_token_expired };
    }
    return null;
  };

  api.get(
    '/admin/setup',
    commands.handle(async (req, res) => {
      const { token } = parseOrThrow(setupQuery, req.query);
      const refusal = await setupRefusal(token);
      res.json(refusal ? { valid: false, reason: refusal.reason } : { valid: true });
    }),
  );

  api.post(
    '/admin/setup',
    commands.handle(async (req, res) => {
      const body = parseBody(setupBody, req);
      const refusal = await setupRefusal(body.token);
      if (refusal) throw new HttpError(refusal.status, refusal.reason);
      const strength = validatePasswordStrength(body.password, { email: body.email });
      if (!strength.ok) throw new HttpError(400, strength.message, { password: strength.message });
      const passwordHash = await hashPassword(body.password);
      // The account's id is decided here, so the setup is credited to the administrator it
      // creates (the audit log names them), not to an anonymous visitor.
      const adminId = randomUUID();
      const result = await commands.dispatch(
        res,
        { type: 'CompleteAdminSetup', adminId, token: body.token, email: body.email, passwordHash },
        { kind: 'admin', id: adminId, email: body.email },
      );
      const admin = await queries.adminUser(result.id);
      if (!admin) throw new Error('administrator not projected after setup');
      const session = await sessions.startSession(res, { adminId: admin._id, email: admin.email });
      logger.info('first administrator created through the setup link', { adminId: admin._id });
      const answer: AdminSession = {
        user: { id: admin._id, email: admin.email, role: roleOrAdministrator(admin.role) },
        csrfToken: session.csrfToken,
      };
      res.status(201).json(answer);
    }),
  );

  // ---- one back office: the specification's duplicate simple area answers 301 ----
  for (const [from, to] of Object.entries(SIMPLE_ADMIN_REDIRECTS)) {
    site.get(from, (_req, res) => res.redirect(301, to));
  }

  // ---- invitations: the one-time link another administrator sends ----

  /** The invitation a token opens, or why it cannot be used now (messages from the decider). */
  const invitationFor = async (
    token: string,
  ): Promise<{ invitation: AdminInvitationDoc } | { status: number; reason: string }> => {
    const invitation = await queries.invitationByTokenHash(hashSetupToken(token));
    if (!invitation) return { status: 400, reason: ADMIN_ERROR_MESSAGES.invitation_invalid };
    if (invitation.status === 'accepted') {
      return { status: 410, reason: ADMIN_ERROR_MESSAGES.invitation_used };
    }
    if (invitation.status === 'cancelled') {
      return { status: 410, reason: ADMIN_ERROR_MESSAGES.invitation_cancelled };
    }
    if (invitation.status === 'replaced') {
      return { status: 410, reason: ADMIN_ERROR_MESSAGES.invitation_replaced };
    }
    if (Date.parse(invitation.expiresAt) <= Date.now()) {
      return { status: 410, reason: ADMIN_ERROR_MESSAGES.invitation_expired };
    }
    return { invitation };
  };

  api.get(
    '/admin/invitation',
    commands.handle(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const { token } = parseOrThrow(invitationQuery, req.query);
      const found = await invitationFor(token);
      const answer: InvitationCheck =
        'invitation' in found
          ? {
              valid: true,
              email: found.invitation.email,
              role: roleOrAdministrator(found.invitation.role),
            }
          : { valid: false, reason: found.reason };
      res.json(answer);
    }),
  );

  api.post(
    '/admin/invitation',
    commands.handle(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const body = parseBody(invitationBody, req);
      const found = await invitationFor(body.token);
      if (!('invitation' in found)) throw new HttpError(found.status, found.reason);
      const { email } = found.invitation;
      const role = roleOrAdministrator(found.invitation.role);
      const strength = validatePasswordStrength(body.password, { email });
      if (!strength.ok) throw new HttpError(400, strength.message, { password: strength.message });
      const passwordHash = await hashPassword(body.password);
      const adminId = randomUUID();
      const result = await commands.dispatch(
        res,
        { type: 'AcceptAdminInvitation', adminId, token: body.token, email, role, passwordHash },
        { kind: 'admin', id: adminId, email },
      );
      const account = await queries.adminUser(result.id);
      if (!account) throw new Error('administrator not projected after the invitation');
      const session = await sessions.startSession(res, {
        adminId: account._id,
        email: account.email,
      });
      logger.info('administrator created from an invitation', { adminId: account._id, role });
      const answer: AdminSession = {
        user: { id: account._id, email: account.email, role: roleOrAdministrator(account.role) },
        csrfToken: session.csrfToken,
      };
      res.status(201).json(answer);
    }),
  );

  // ---- the administrators screen (behind the admin check and CSRF) ----

  adminApi.get(
    '/users',
    commands.handle(async (_req, res) => {
      const me = adminActor(res).id;
      const [accounts, invitations] = await Promise.all([
        queries.adminList(),
        queries.pendingInvitations(),
      ]);
      const now = Date.now();
      const answer: AdminUsersView = {
        me,
        admins: accounts.map((account) => ({
          id: account._id,
          email: account.email,
          active: account.active,
          createdAt: account.createdAt,
          lastSignInAt: account.lastSignInAt,
          role: account.role,
        })),
        invitations: invitations.map((invitation) => ({
          id: invitation._id,
          email: invitation.email,
          expiresAt: invitation.expiresAt,
          createdAt: invitation.createdAt,
          expired: Date.parse(invitation.expiresAt) <= now,
          role: roleOrAdministrator(invitation.role),
        })),
        invitationsMailed: Boolean(backend.config.SMTP_URL),
      };
      res.json(answer);
    }),
  );

  adminApi.post(
    '/users/invitations',
    commands.handle(async (req, res) => {
      const actor = adminActor(res);
      const { email, role } = parseBody(inviteBody, req);
      if (await queries.adminUserByEmail(email)) {
        throw new HttpError(409, ADMIN_ERROR_MESSAGES.admin_already_registered, {
          email: ADMIN_ERROR_MESSAGES.admin_already_registered,
        });
      }
      // The token is made from the invitation's id, so the mail (sent later, maybe by another
      // process) carries this same link without it being stored.
      const invitationId = randomUUID();
      const token = invitationToken(invitationSecret(backend.config), invitationId);
      const expiresAt = new Date(Date.now() + INVITATION_TTL_MS).toISOString();
      // A newer invitation replaces the address's pending ones: only the newest link works.
      const replacing = await queries.pendingInvitationHashesFor(email);
      await commands.dispatch(
        res,
        {
          type: 'InviteAdmin',
          invitationId,
          email,
          role,
          token,
          expiresAt,
          invitedBy: actor.id,
          replacing,
        },
        actor,
      );
      const answer: InvitationCreated = {
        email,
        role,
        link: invitationUrl(backend.config.publicUrl, token),
        expiresAt,
        mailed: Boolean(backend.config.SMTP_URL),
        replaced: replacing.length,
      };
      res.status(201).json(answer);
    }),
  );

  adminApi.delete(
    '/users/invitations/:id',
    commands.handle(async (req, res) => {
      const actor = adminActor(res);
      const invitation = await queries.invitationById(String(req.params.id));
      if (!invitation) throw new HttpError(404, ADMIN_ERROR_MESSAGES.invitation_not_found);
      await commands.dispatch(
        res,
        { type: 'CancelAdminInvitation', tokenHash: invitation.tokenHash, cancelledBy: actor.id },
        actor,
      );
      res.json({ ok: true });
    }),
  );

  adminApi.post(
    '/users/:id/deactivate',
    commands.handle(async (req, res) => {
      const actor = adminActor(res);
      const target = await queries.adminUser(String(req.params.id));
      if (!target) throw new HttpError(404, ADMIN_ERROR_MESSAGES.admin_not_found);
      await commands.dispatch(
        res,
        {
          type: 'DeactivateAdmin',
          email: target.email,
          byAdminId: actor.id,
          activeAdministrators: await queries.activeAdministratorCount(),
        },
        actor,
      );
      // At once, not at their next request's admin check.
      await sessions.signOutEverywhere(target._id);
      res.json({ ok: true });
    }),
  );

  adminApi.post(
    '/users/:id/role',
    commands.handle(async (req, res) => {
      const actor = adminActor(res);
      const { role } = parseBody(roleBody, req);
      const target = await queries.adminUser(String(req.params.id));
      if (!target) throw new HttpError(404, ADMIN_ERROR_MESSAGES.admin_not_found);
      await commands.dispatch(
        res,
        {
          type: 'ChangeAdminRole',
          email: target.email,
          role,
          byAdminId: actor.id,
          activeAdministrators: await queries.activeAdministratorCount(),
        },
        actor,
      );
      // The new role holds from the next request: the role check reads the account each time.
      res.json({ ok: true, role });
    }),
  );

  adminApi.post(
    '/password',
    commands.handle(async (req, res) => {
      const actor = adminActor(res);
      const body = parseBody(passwordBody, req);
      const account = await queries.adminUser(actor.id);
      if (!account) throw new HttpError(404, ADMIN_ERROR_MESSAGES.admin_not_found);
      if (!(await verifyPassword(body.currentPassword, account.passwordHash))) {
        throw new HttpError(400, WRONG_CURRENT_PASSWORD_MESSAGE, {
          currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE,
        });
      }
      const strength = validatePasswordStrength(body.newPassword, { email: account.email });
      if (!strength.ok) {
        throw new HttpError(400, strength.message, { newPassword: strength.message });
      }
      await commands.dispatch(
        res,
        {
          type: 'ChangeAdminPassword',
          email: account.email,
          passwordHash: await hashPassword(body.newPassword),
        },
        actor,
      );
      // Every other device signs in again with the new password; this one goes on.
      await sessions.signOutEverywhere(account._id);
      const session = await sessions.startSession(res, {
        adminId: account._id,
        email: account.email,
      });
      const answer: AdminSession = {
        user: { id: account._id, email: account.email, role: roleOrAdministrator(account.role) },
        csrfToken: session.csrfToken,
      };
      res.json(answer);
    }),
  );

  adminApi.post(
    '/sessions/sign-out-everywhere',
    commands.handle(async (_req, res) => {
      const actor = adminActor(res);
      await sessions.signOutEverywhere(actor.id);
      await sessions.endSession(res);
      res.json({ ok: true });
    }),
  );
}
