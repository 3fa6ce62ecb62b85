import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { Logger } from '../../workers/bootstrap/logger';
import {
  ACCESS_DENIED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  returnPathAfterSignIn,
  SIGNED_IN_HOME,
  tooManySignInsMessage,
  type SignInProblem,
} from '../../domain/admins/sign-in';
import { retryAfterMinutes } from '../../domain/shared/format';
import { sendTooMany, setRetryAfter } from '../http/rate-limit';
import { INVALID_REQUEST_MESSAGE, zodFieldErrors } from '../http/validation';
import { dummyVerify, PASSWORD_MAX_LENGTH, verifyPassword, warmUpDummyVerify } from './password';
import type { RateLimiter, RateLimitResult } from './rate-limit';
import type { AdminRole } from '../../domain/admins/roles';
import { ADMIN_AUTH_REQUIRED_MESSAGE, type Sessions } from './sessions';

export { INVALID_CREDENTIALS_MESSAGE };

/** POST /api/auth/login body. Both fields trimmed, as the product's login form does. */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'E-mail is required' })
    .trim()
    .min(1, 'E-mail is required')
    .pipe(z.email('Enter a valid e-mail address'))
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: 'Password is required' })
    .trim()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The answer to a successful sign-in and to GET session. */
export interface SessionResponse {
  user: { id: string; email: string; role: AdminRole };
  csrfToken: string;
}

export interface AdminAccount {
  adminId: string;
  email: string;
  passwordHash: string;
  active: boolean;
  role: AdminRole;
}

export interface LoginLimit {
  limit: number;
  windowMs: number;
}

/** Per e-mail, from any client: past `freeAttempts` failures each attempt waits longer. */
export interface LoginSlowDown {
  freeAttempts: number;
  /** Added per failure past the free ones... */
  stepMs: number;
  /** ...up to this wait. */
  maxDelayMs: number;
  windowMs: number;
}

export interface LoginHandlerDeps {
  /** Looks an administrator up by e-mail; receives the e-mail trimmed and lowercased. */
  findAdminByEmail(email: string): Promise<AdminAccount | null> | AdminAccount | null;
  sessions: Sessions;
  rateLimiter: RateLimiter;
  /**
   * Refusals: per (e-mail, client IP) pair (default 10 per 15 minutes) and per client IP over
   * all e-mails (default 100 per 15 minutes). Never per e-mail alone: that would let anyone
   * lock the real administrator out (OWASP ASVS 2.2.1); the e-mail is slowed down instead.
   */
  limits?: { perPair?: LoginLimit; perIp?: LoginLimit; slowDown?: LoginSlowDown };
  /** Told of each successful sign-in (records it; a failure there never fails the sign-in). */
  onSignedIn?(account: AdminAccount): Promise<void>;
  /** Waits (the slow-down); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  logger?: Logger;
}

const DEFAULT_PAIR_LIMIT: LoginLimit = { limit: 10, windowMs: 15 * 60_000 };
const DEFAULT_IP_LIMIT: LoginLimit = { limit: 100, windowMs: 15 * 60_000 };
const DEFAULT_SLOW_DOWN: LoginSlowDown = {
  freeAttempts: 5,
  stepMs: 250,
  maxDelayMs: 3000,
  windowMs: 15 * 60_000,
};
/** The e-mail counter never refuses; it is read for its count (limit minus remaining). */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** How long an attempt waits after `failures` earlier failures for its e-mail. */
export function slowDownMs(failures: number, slowDown: LoginSlowDown): number {
  const past = failures - slowDown.freeAttempts;
  return past <= 0 ? 0 : Math.min(slowDown.maxDelayMs, past * slowDown.stepMs);
}

function noStore(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
}

/** E-mails are hashed in limiter keys so the limiter's storage holds no addresses. */
function emailHash(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

/** What one sign-in attempt came to (signInAttempt). */
type SignInOutcome =
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'limited'; refused: RateLimitResult }
  | { kind: 'credentials' }
  | { kind: 'denied' }
  | { kind: 'signed-in'; account: AdminAccount; csrfToken: string };

/**
 * One sign-in attempt, answered by the caller (JSON for the API, a redirect for the form).
 *
 * Every well-formed attempt counts before the password is checked (so guessing speed is
 * bounded): against its (e-mail, IP) pair and its IP, which refuse past their limits, and
 * against its e-mail, which never refuses but slows every attempt for that e-mail down once
 * it has failed too often (the real administrator waits a few seconds, never 15 minutes). A
 * success takes its own attempt back off every counter: successful sign-ins count toward no
 * limit. Unknown e-mail and wrong password fail alike after the same scrypt work. An
 * inactive administrator with the right password is denied; with a wrong one, the credentials.
 */
function signInAttempt(
  deps: LoginHandlerDeps,
): (req: Request, res: Response) => Promise<SignInOutcome> {
  const perPair = deps.limits?.perPair ?? DEFAULT_PAIR_LIMIT;
  const perIp = deps.limits?.perIp ?? DEFAULT_IP_LIMIT;
  const slowDown = deps.limits?.slowDown ?? DEFAULT_SLOW_DOWN;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  // Hash the dummy now, so the first unknown e-mail costs no more than later ones.
  warmUpDummyVerify().catch((error: unknown) =>
    deps.logger?.error('dummy password hash failed', { err: error }),
  );

  return async (req, res) => {
    const parsed = loginRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return { kind: 'invalid', fields: zodFieldErrors(parsed.error) };
    const { email, password } = parsed.data;
    const ip = req.ip ?? 'unknown';

    const hashed = emailHash(email);
    const keys = {
      pair: `login:pair:${hashed}:${ip}`,
      ip: `login:ip:${ip}`,
      email: `login:email:${hashed}`,
    };
    const [byPair, byIp, byEmail] = await Promise.all([
      deps.rateLimiter.hit(keys.pair, perPair.limit, perPair.windowMs),
      deps.rateLimiter.hit(keys.ip, perIp.limit, perIp.windowMs),
      deps.rateLimiter.hit(keys.email, UNLIMITED, slowDown.windowMs),
    ]);
    if (!byPair.allowed || !byIp.allowed) {
      deps.logger?.warn('admin sign-in rate limited', { ip, requestId: res.locals.requestId });
      return { kind: 'limited', refused: byPair.retryAfterMs >= byIp.retryAfterMs ? byPair : byIp };
    }
    // This attempt is counted already: the failures before it are one fewer.
    const delay = slowDownMs(UNLIMITED - byEmail.remaining - 1, slowDown);
    if (delay > 0) {
      deps.logger?.warn('admin sign-in slowed down', { ip, delayMs: delay });
      await sleep(delay);
    }

    const account = await deps.findAdminByEmail(email);
    const passwordOk = account
      ? await verifyPassword(password, account.passwordHash)
      : await dummyVerify(password);
    if (!account || !passwordOk) {
      deps.logger?.info('admin sign-in failed', { ip, requestId: res.locals.requestId });
      return { kind: 'credentials' };
    }
    if (!account.active) {
      deps.logger?.warn('inactive admin sign-in refused', { adminId: account.adminId, ip });
      return { kind: 'denied' };
    }

    // A success counts toward no limit. The port can only forget a key, not take one hit back,
    // so the counts start again: the client has just proved it knows the password.
    await Promise.all(Object.values(keys).map((key) => deps.rateLimiter.reset(key)));
    const session = await deps.sessions.startSession(res, {
      adminId: account.adminId,
      email: account.email,
    });
    await deps.onSignedIn?.(account).catch((error: unknown) =>
      deps.logger?.error('recording the sign-in failed', {
        adminId: account.adminId,
        err: error,
      }),
    );
    deps.logger?.info('admin signed in', {
      adminId: account.adminId,
      ip,
      requestId: res.locals.requestId,
    });
    return { kind: 'signed-in', account, csrfToken: session.csrfToken };
  };
}

/**
 * POST /api/auth/login (JSON): 200 with the session, 400 naming the fields, 429 with
 * Retry-After past the limits, 401 for the credentials, 403 for an inactive account (see
 * signInAttempt). Mount after jsonBody(), requireSameOrigin() and loadSession.
 */
export function createLoginHandler(deps: LoginHandlerDeps): RequestHandler {
  const attempt = signInAttempt(deps);
  return async (req, res) => {
    noStore(res);
    const outcome = await attempt(req, res);
    switch (outcome.kind) {
      case 'invalid':
        res.status(400).json({ error: INVALID_REQUEST_MESSAGE, fields: outcome.fields });
        return;
      case 'limited':
        sendTooMany(res, outcome.refused, tooManySignInsMessage(outcome.refused.retryAfterMs));
        return;
      case 'credentials':
        res.status(401).json({ error: INVALID_CREDENTIALS_MESSAGE });
        return;
      case 'denied':
        res.status(403).json({ error: ACCESS_DENIED_MESSAGE });
        return;
      case 'signed-in': {
        const { account, csrfToken } = outcome;
        const body: SessionResponse = {
          user: { id: account.adminId, email: account.email, role: account.role },
          csrfToken,
        };
        res.status(200).json(body);
      }
    }
  };
}

/**
 * POST /admin/login as a plain HTML form (url-encoded): the login page posted before its
 * JavaScript ran, or without it. The same attempt as the API's; a success goes on to the page
 * the sign-in was for (`?next=`, see returnPathAfterSignIn) or the dashboard, a failure back to
 * the login page saying why (`?problem=`, and `&retry=` minutes when limited, `next` kept).
 * The e-mail is not put in the address (it would sit in logs and history).
 * Mount on the site router (same origin, url-encoded bodies) after loadSession.
 */
export function createLoginFormHandler(deps: LoginHandlerDeps): RequestHandler {
  const attempt = signInAttempt(deps);
  return async (req, res) => {
    noStore(res);
    // The page the sign-in is for: the form posts to its own address, `?next=` included.
    const returnTo = returnPathAfterSignIn(req.query.next);
    const next = returnTo === SIGNED_IN_HOME ? '' : `&next=${encodeURIComponent(returnTo)}`;
    const back = (problem: SignInProblem, retryAfterMs?: number) =>
      res.redirect(
        303,
        `/admin/login?problem=${problem}${
          retryAfterMs === undefined ? '' : `&retry=${retryAfterMinutes(retryAfterMs)}`
        }${next}`,
      );
    try {
      const outcome = await attempt(req, res);
      if (outcome.kind === 'signed-in') return res.redirect(303, returnTo);
      if (outcome.kind === 'limited') {
        setRetryAfter(res, outcome.refused);
        return back('limited', outcome.refused.retryAfterMs);
      }
      return back(outcome.kind);
    } catch (error) {
      deps.logger?.error('admin sign-in by form failed', { err: error });
      return back('failed');
    }
  };
}

/** POST /api/auth/logout: 200 { ok: true } and the cookie cleared, signed in or not. */
export function createLogoutHandler(sessions: Sessions): RequestHandler {
  return async (_req, res) => {
    noStore(res);
    await sessions.endSession(res);
    res.status(200).json({ ok: true });
  };
}

/**
 * GET /api/auth/session: { user (with the account's current role), csrfToken } for a signed-in
 * administrator (and `extra`, what the caller adds to every answer), else 401.
 * Mount after loadSession; put requireAdmin in front to re-check that the admin is still active.
 */
export function createSessionHandler(
  extra: Readonly<Record<string, unknown>> = {},
  options: {
    /** The account's role now (read model), null when it is gone or deactivated. */
    roleOf(adminId: string): Promise<AdminRole | null>;
  },
): RequestHandler {
  return async (_req, res) => {
    noStore(res);
    const admin = res.locals.admin;
    if (!admin) {
      res.status(401).json({ error: ADMIN_AUTH_REQUIRED_MESSAGE });
      return;
    }
    const role = await options.roleOf(admin.adminId);
    if (!role) {
      res.status(403).json({ error: ACCESS_DENIED_MESSAGE });
      return;
    }
    const body: SessionResponse = {
      user: { id: admin.adminId, email: admin.email, role },
      csrfToken: admin.csrfToken,
    };
    res.status(200).json({ ...extra, ...body });
  };
}
