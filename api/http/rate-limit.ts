import type { Request, RequestHandler, Response } from 'express';
import { retryAfterText } from '../../domain/shared/format';
import type { RateLimiter, RateLimitResult } from '../auth/rate-limit';

export { retryAfterText };

/** Retry-After: whole seconds, rounded up, at least 1. */
export function setRetryAfter(res: Response, result: RateLimitResult): void {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
}

/** Answers 429 with Retry-After. */
export function sendTooMany(res: Response, result: RateLimitResult, message: string): void {
  setRetryAfter(res, result);
  res.status(429).json({ error: message });
}

export interface LimitRequestsOptions {
  limiter: RateLimiter;
  /** Namespaces the counter, e.g. 'subscribe' or 'provider-submission'. */
  name: string;
  limit: number;
  windowMs: number;
  /** Who is counted; default the client IP (set Express 'trust proxy' behind a proxy). */
  key?: (req: Request) => string;
  /** Default: 'Too many requests. Try again in N minutes.' */
  message?: (retryAfterMs: number) => string;
}

type LimitCount = Pick<LimitRequestsOptions, 'limiter' | 'name' | 'limit' | 'windowMs' | 'key'>;

/**
 * Counts one attempt of `req` against the limit, without answering: for a route that answers a
 * refusal its own way (a form's redirect) while sharing the counter of limitRequests.
 */
export function countRequest(options: LimitCount, req: Request): Promise<RateLimitResult> {
  const keyOf = options.key ?? ((r: Request) => r.ip ?? 'unknown');
  return options.limiter.hit(`${options.name}:${keyOf(req)}`, options.limit, options.windowMs);
}

/** Rate limit for public write endpoints (newsletter, provider submission). */
export function limitRequests(options: LimitRequestsOptions): RequestHandler {
  const messageOf = options.message ?? ((ms: number) => `Too many requests. ${retryAfterText(ms)}`);
  return async (req, res, next) => {
    const result = await countRequest(options, req);
    if (!result.allowed) {
      sendTooMany(res, result, messageOf(result.retryAfterMs));
      return;
    }
    next();
  };
}
