/**
 * The back office's JSON API under /api/admin. Sign-in, sign-out, session and first-start
 * setup are open (same-origin only); everything else passes the server-side admin check
 * (a live session of an active administrator) and, when it changes state, the CSRF check.
 *
 * Commands answer with their position once the read models have applied it (bounded wait),
 * so the list the browser reloads right after already shows the change.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { Command, CommandResult } from '../../commands';
import { hashSetupToken } from '../../commands/streams';
import { ADMIN_ERROR_MESSAGES } from '../../domain/admin/decider';
import type { Actor } from '../../domain/events/envelope';
import type { Backend } from '../composition';
import {
  createLoginHandler,
  createLogoutHandler,
  createSessionHandler,
  type SessionResponse,
} from '../auth/login';
import { hashPassword, PASSWORD_MAX_LENGTH, validatePasswordStrength } from '../auth/password';
import type { RateLimiter } from '../auth/rate-limit';
import type { Sessions } from '../auth/sessions';
import { HttpError } from '../http/errors';
import { requireCsrf } from '../http/origin-csrf';
import { parseBody, parseOrThrow } from '../http/validation';
import { commandErrorToHttp } from './command-errors';

export interface AdminRoutesDeps {
  backend: Backend;
  sessions: Sessions;
  rateLimiter: RateLimiter;
}

/** How long a command's answer waits for the read models (read-your-writes). */
const READ_YOUR_WRITES_MS = 2000;

const PROVIDER_NOT_FOUND = 'Provider not found';

const providerIdParam = z.string().trim().min(1).max(100);
const expectedRevision = z
  .number({ error: 'expectedRevision must be a whole number' })
  .int('expectedRevision must be a whole number')
  .min(0, 'expectedRevision must be 0 or more');

/** POST /providers: the form's details at the top level, plus the optional price tables. */
const newProviderBody = z.looseObject({ prices: z.unknown().optional() });
const changeDetailsBody = z.object({
  details: z.record(z.string(), z.unknown(), { error: 'details must be an object' }),
  expectedRevision: expectedRevision.optional(),
});
const changePricesBody = z.object({
  prices: z.record(z.string(), z.unknown(), { error: 'prices must be an object' }),
  expectedRevision: expectedRevision.optional(),
});
const removeQuery = z.object({
  expectedRevision: z
    .string()
    .regex(/^\d+$/, 'expectedRevision must be a whole number')
    .transform(Number)
    .optional(),
});
const listQuery = z.object({
  q: z.string().max(200, 'Search must be at most 200 characters').optional(),
});
const auditQuery = z.object({
  subjectId: z.string().trim().min(1).max(100).optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'limit must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'limit must be 1 or more').max(500, 'limit must be at most 500'))
    .optional(),
});
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

/** Express 5 forwards rejected promises to the error handler; this adds the command mapping. */
const handle =
  (fn: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  async (req, res, next) => {
    try {
      await fn(req, res);
    } catch (error) {
      next(commandErrorToHttp(error));
    }
  };

function actorOf(res: Response): Actor {
  const admin = res.locals.admin;
  if (!admin) throw new HttpError(401, 'Admin authentication required');
  return { kind: 'admin', id: admin.adminId, email: admin.email };
}

function noStore(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
}

export function adminRoutes({ backend, sessions, rateLimiter }: AdminRoutesDeps): express.Router {
  const { bus, queries, logger } = backend;
  const router = express.Router();
  router.use((_req, res, next) => {
    noStore(res);
    next();
  });

  const dispatch = async (res: Response, command: Command, status = 200): Promise<void> => {
    const result = await bus.dispatch(command, {
      actor: actorOf(res),
      correlationId: res.locals.requestId ?? randomUUID(),
    });
    await settle(result);
    res.status(status).json(result satisfies CommandResult);
  };
  const settle = async (result: CommandResult) => {
    const caughtUp = await backend.waitForProjections(result.position, READ_YOUR_WRITES_MS);
    if (!caughtUp) logger.warn('read models behind after a command', { ...result });
  };

  // --- open: sign-in, sign-out, session, first-start setup -------------------------------

  router.post(
    '/login',
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
  router.post('/logout', createLogoutHandler(sessions));

  const isAdminActive = async (adminId: string) =>
    (await queries.adminUser(adminId))?.active === true;
  const requireAdmin = sessions.requireAdmin({ isAdminActive });
  router.get('/session', requireAdmin, createSessionHandler());

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

  router.get(
    '/setup',
    handle(async (req, res) => {
      const { token } = parseOrThrow(setupQuery, req.query);
      const refusal = await setupRefusal(token);
      res.json(refusal ? { valid: false, reason: refusal.reason } : { valid: true });
    }),
  );

  router.post(
    '/setup',
    handle(async (req, res) => {
      const body = parseBody(setupBody, req);
      const refusal = await setupRefusal(body.token);
      if (refusal) throw new HttpError(refusal.status, refusal.reason);
      const strength = validatePasswordStrength(body.password, { email: body.email });
      if (!strength.ok) throw new HttpError(400, strength.message, { password: strength.message });
      const passwordHash = await hashPassword(body.password);
      const result = await bus.dispatch(
        { type: 'CompleteAdminSetup', token: body.token, email: body.email, passwordHash },
        {
          actor: { kind: 'visitor', id: 'admin-setup' },
          correlationId: res.locals.requestId ?? randomUUID(),
        },
      );
      await settle(result);
      const admin = await queries.adminUser(result.id);
      if (!admin) throw new Error('administrator not projected after setup');
      const session = await sessions.startSession(res, {
        adminId: admin._id,
        email: admin.email,
      });
      logger.info('first administrator created through the setup link', { adminId: admin._id });
      const answer: SessionResponse = {
        user: { id: admin._id, email: admin.email },
        csrfToken: session.csrfToken,
      };
      res.status(201).json(answer);
    }),
  );

  // --- everything below: a signed-in, active administrator; CSRF on changes -----------

  router.use(requireAdmin, requireCsrf());

  router.get(
    '/subscriptions',
    handle(async (_req, res) => {
      res.json(await queries.subscriptions());
    }),
  );

  router.get(
    '/dashboard',
    handle(async (_req, res) => {
      res.json(await queries.dashboardCounts());
    }),
  );

  router.get(
    '/providers',
    handle(async (req, res) => {
      const { q } = parseOrThrow(listQuery, req.query);
      res.json(await queries.adminProviders(q));
    }),
  );

  router.get(
    '/providers/:id',
    handle(async (req, res) => {
      const id = parseOrThrow(providerIdParam, req.params.id);
      const provider = await queries.adminProvider(id);
      if (!provider) throw new HttpError(404, PROVIDER_NOT_FOUND);
      res.json(provider);
    }),
  );

  router.post(
    '/providers',
    handle(async (req, res) => {
      const { prices, ...details } = parseBody(newProviderBody, req);
      await dispatch(
        res,
        // The bus validates details and prices with the domain's schemas (messages per field).
        { type: 'ListProvider', details, ...(prices === undefined ? {} : { prices }) } as Command,
        201,
      );
    }),
  );

  router.put(
    '/providers/:id',
    handle(async (req, res) => {
      const providerId = parseOrThrow(providerIdParam, req.params.id);
      const body = parseBody(changeDetailsBody, req);
      await dispatch(res, {
        type: 'ChangeProviderDetails',
        providerId,
        details: body.details,
        expectedRevision: body.expectedRevision,
      } as Command);
    }),
  );

  router.put(
    '/providers/:id/prices',
    handle(async (req, res) => {
      const providerId = parseOrThrow(providerIdParam, req.params.id);
      const body = parseBody(changePricesBody, req);
      await dispatch(res, {
        type: 'ChangeProviderPrices',
        providerId,
        prices: body.prices,
        expectedRevision: body.expectedRevision,
      } as Command);
    }),
  );

  router.delete(
    '/providers/:id',
    handle(async (req, res) => {
      const providerId = parseOrThrow(providerIdParam, req.params.id);
      const { expectedRevision: revision } = parseOrThrow(removeQuery, req.query);
      await dispatch(res, {
        type: 'RemoveProvider',
        providerId,
        expectedRevision: revision,
      });
    }),
  );

  router.post(
    '/providers/:id/vial-score',
    handle(async (req, res) => {
      const providerId = parseOrThrow(providerIdParam, req.params.id);
      await dispatch(res, { type: 'RecomputeVialScore', providerId, reason: 'requested' });
    }),
  );

  router.get(
    '/audit',
    handle(async (req, res) => {
      const { subjectId, limit } = parseOrThrow(auditQuery, req.query);
      res.json(await queries.auditLog({ subjectId, limit }));
    }),
  );

  return router;
}
