import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../../workers/bootstrap/logger';
import './locals';
import { throttledLog } from './throttled-log';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';
export const CSRF_MESSAGE = 'Invalid or missing CSRF token';
export const CSRF_HEADER = 'X-CSRF-Token';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase());
}

/** 'https://Example.com:443/x' -> 'https://example.com'; null for anything that is not http(s). */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export interface SameOriginOptions {
  /**
   * The only origins allowed: PUBLIC_URL's and TRUSTED_ORIGINS (config.trustedOrigins). Paths
   * are ignored. Nothing comes from the request: a client chooses its Host header, so
   * `Host: evil.example` with `Origin: http://evil.example` must not pass.
   */
  allowedOrigins: string[];
  /**
   * Development: a refusal also says, in a `hint` field, which origin came and which were
   * expected, and how to set PUBLIC_URL (the usual cause is opening the site at an address
   * PUBLIC_URL does not name). Never in production: the answer stays the bare refusal.
   */
  explain?: boolean;
  /** Logs each refusal (one line per origin and minute at most), so an operator sees why. */
  logger?: Logger;
}

/** The development hint of a refusal: what came, what was expected, what to change. */
export function crossSiteHint(source: string | null, allowed: readonly string[]): string {
  return (
    `This request came from ${source ?? 'no origin (no Origin or Referer header)'}, but changes ` +
    `are accepted only from ${allowed.join(', ')}. Open the site at one of those addresses, or ` +
    `set PUBLIC_URL (or TRUSTED_ORIGINS) to the address in the browser's address bar and restart.`
  );
}

/** The origin a browser says the request came from: Origin, else the Referer's origin. */
export function requestSourceOrigin(req: Request): string | null {
  const origin = req.get('origin');
  if (origin !== undefined) return origin === 'null' ? null : normaliseOrigin(origin);
  const referer = req.get('referer');
  return referer ? normaliseOrigin(referer) : null;
}

/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE) whose Origin (or Referer when
 * Origin is absent) is not ours: 403 { error: 'Cross-site request refused' }. A request with
 * neither header is refused too; modern browsers always send Origin on such requests, and
 * scripts calling the API can send one.
 */
export function requireSameOrigin(options: SameOriginOptions): RequestHandler {
  const allowed = new Set(
    options.allowedOrigins.map((o) => normaliseOrigin(o)).filter((o): o is string => o !== null),
  );
  const expected = [...allowed];
  const { logger } = options;
  const logRefusal = logger
    ? throttledLog((source) => {
        logger.warn('cross-site request refused', {
          origin: source,
          expected,
          hint: 'set PUBLIC_URL (or TRUSTED_ORIGINS) to the address browsers open the site at',
        });
      }, logger)
    : undefined;
  return (req, res, next) => {
    if (!isStateChanging(req.method)) {
      next();
      return;
    }
    const source = requestSourceOrigin(req);
    if (source !== null && allowed.has(source)) {
      next();
      return;
    }
    logRefusal?.(source ?? 'none');
    res
      .status(403)
      .setHeader('Cache-Control', 'no-store')
      .json(
        options.explain
          ? { error: CROSS_SITE_MESSAGE, hint: crossSiteHint(source, expected) }
          : { error: CROSS_SITE_MESSAGE },
      );
  };
}

/** Constant-time string comparison (hashing first makes the lengths equal). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/**
 * For signed-in administrators' state-changing requests: the X-CSRF-Token header must equal the
 * session's token. Mount after loadSession (and normally after requireAdmin); without a session
 * there is no token to match, so the request is refused with 403 as well.
 */
export function requireCsrf(): RequestHandler {
  return (req, res, next) => {
    if (!isStateChanging(req.method)) {
      next();
      return;
    }
    const expected = res.locals.admin?.csrfToken;
    const given = req.get(CSRF_HEADER);
    if (expected && given && safeEqual(given, expected)) {
      next();
      return;
    }
    res.status(403).setHeader('Cache-Control', 'no-store').json({ error: CSRF_MESSAGE });
  };
}
