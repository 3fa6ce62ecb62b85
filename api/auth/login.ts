import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { Logger } from '../bootstrap/logger';
import { retryAfterText, sendTooMany } from '../http/rate-limit';
import { INVALID_REQUEST_MESSAGE, zodFieldErrors } from '../http/validation';
import { dummyVerify, PASSWORD_MAX_LENGTH, verifyPassword, warmUpDummyVerify } from './password';
import type { RateLimiter } from './rate-limit';
import { ADMIN_AUTH_REQUIRED_MESSAGE, ACCESS_DENIED_MESSAGE, type Sessions } from './sessions';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid e-mail or password';

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
  user: { id: string; email: string };
  csrfToken: string;
}

export interface AdminAccount {
  adminId: string;
  email: string;
  passwordHash: string;
  active: boolean;
}

export interface LoginLimit {
  limit: number;
  windowMs: number;
}

export interface LoginHandlerDeps {
  /** Looks an administrator up by e-mail; receives the e-mail trimmed and lowercased. */
  findAdminByEmail(email: string): Promise<AdminAccount | null> | AdminAccount | null;
  sessions: Sessions;
  rateLimiter: RateLimiter;
  /** Attempts per client IP and per e-mail address; default 10 per 15 minutes each. */
  limits?: { perIp?: LoginLimit; perEmail?: LoginLimit };
  logger?: Logger;
}

const DEFAULT_LIMIT: LoginLimit = { limit: 10, windowMs: 15 * 60_000 };

function noStore(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
}

/** E-mails are hashed in limiter keys so the limiter's storage holds no addresses. */
function emailKey(email: string): string {
  return `login:email:${createHash('sha256').update(email).digest('base64url')}`;
}

/**
 * POST /api/auth/login. Mount after jsonBody(), requireSameOrigin() and loadSession.
 *
 * Every well-formed attempt counts against both the IP and the e-mail (before the password is
 * checked, so guessing speed is bounded); a success clears the e-mail's count. Unknown e-mail and
 * wrong password give the same 401 after the same scrypt work. An inactive administrator with the
 * right password gets 403; with a wrong one, the 401 (the status is not revealed to guessers).
 */
export function createLoginHandler(deps: LoginHandlerDeps): RequestHandler {
  const perIp = deps.limits?.perIp ?? DEFAULT_LIMIT;
  const perEmail = deps.limits?.perEmail ?? DEFAULT_LIMIT;
  // Hash the dummy now, so the first unknown e-mail costs no more than later ones.
  warmUpDummyVerify().catch((error: unknown) =>
    deps.logger?.error('dummy password hash failed', { err: error }),
  );

  return async (req, res) => {
    noStore(res);
    const parsed = loginRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res
        .status(400)
        .json({ error: INVALID_REQUEST_MESSAGE, fields: zodFieldErrors(parsed.error) });
      return;
    }
    const { email, password } = parsed.data;
    const ip = req.ip ?? 'unknown';

    const [byIp, byEmail] = await Promise.all([
      deps.rateLimiter.hit(`login:ip:${ip}`, perIp.limit, perIp.windowMs),
      deps.rateLimiter.hit(emailKey(email), perEmail.limit, perEmail.windowMs),
    ]);
    if (!byIp.allowed || !byEmail.allowed) {
      const refused =
        !byIp.allowed && (byEmail.allowed || byIp.retryAfterMs >= byEmail.retryAfterMs)
          ? byIp
          : byEmail;
      deps.logger?.warn('admin sign-in rate limited', { ip, requestId: res.locals.requestId });
      sendTooMany(
        res,
        refused,
        `Too many sign-in attempts. ${retryAfterText(refused.retryAfterMs)}`,
      );
      return;
    }

    const account = await deps.findAdminByEmail(email);
    const passwordOk = account
      ? await verifyPassword(password, account.passwordHash)
      : await dummyVerify(password);
    if (!account || !passwordOk) {
      deps.logger?.info('admin sign-in failed', { ip, requestId: res.locals.requestId });
      res.status(401).json({ error: INVALID_CREDENTIALS_MESSAGE });
      return;
    }
    if (!account.active) {
      deps.logger?.warn('inactive admin sign-in refused', { adminId: account.adminId, ip });
      res.status(403).json({ error: ACCESS_DENIED_MESSAGE });
      return;
    }

    await deps.rateLimiter.reset(emailKey(email));
    const session = await deps.sessions.startSession(res, {
      adminId: account.adminId,
      email: account.email,
    });
    deps.logger?.info('admin signed in', {
      adminId: account.adminId,
      ip,
      requestId: res.locals.requestId,
    });
    const body: SessionResponse = {
      user: { id: account.adminId, email: account.email },
      csrfToken: session.csrfToken,
    };
    res.status(200).json(body);
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
 * GET /api/auth/session: { user, csrfToken } for a signed-in administrator, else 401.
 * Mount after loadSession; put requireAdmin in front to re-check that the admin is still active.
 */
export function createSessionHandler(): RequestHandler {
  return (_req, res) => {
    noStore(res);
    const admin = res.locals.admin;
    if (!admin) {
      res.status(401).json({ error: ADMIN_AUTH_REQUIRED_MESSAGE });
      return;
    }
    const body: SessionResponse = {
      user: { id: admin.adminId, email: admin.email },
      csrfToken: admin.csrfToken,
    };
    res.status(200).json(body);
  };
}
