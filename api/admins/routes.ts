/**
 * Sign-in, sign-out, the session and the first-start setup link, under /api/admin. Open to
 * anyone (same-origin only): every other /api/admin endpoint sits behind the admin check.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { hashSetupToken, type adminCommands } from '../../commands/admins';
import type { AdminQueries } from '../../projections/admins';
import { ADMIN_ERROR_MESSAGES } from '../../domain/admins/decider';
import type { AdminSession } from './contracts';
import { createLoginHandler, createLogoutHandler, createSessionHandler } from '../auth/login';
import { hashPassword, PASSWORD_MAX_LENGTH, validatePasswordStrength } from '../auth/password';
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

export function adminRoutes(
  { api }: CapabilityRouters,
  deps: RouteDeps<typeof adminCommands, AdminQueries>,
) {
  const { backend, sessions, rateLimiter, commands } = deps;
  const { queries, logger } = backend;

  api.post(
    '/admin/login',
    createLoginHandler({
      async findAdminByEmail(email) {
        const admin = await queries.adminUserByEmail(email);
        return admin
          ? {
              adminId: admin._id,
              email: admin.email,
              passwordHash: admin.passwordHash,
              active: admin.active,
            }
          : null;
      },
      sessions,
      rateLimiter,
      logger,
    }),
  );
  api.post('/admin/logout', createLogoutHandler(sessions));
  const isAdminActive = async (adminId: string) =>
    (await queries.adminUser(adminId))?.active === true;
  api.get('/admin/session', sessions.requireAdmin({ isAdminActive }), createSessionHandler());

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
        user: { id: admin._id, email: admin.email },
        csrfToken: session.csrfToken,
      };
      res.status(201).json(answer);
    }),
  );
}
