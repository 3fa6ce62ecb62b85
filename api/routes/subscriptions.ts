/**
 * The newsletter signup: POST /api/subscriptions { email } from the home page's form
 * (web/components/newsletter-signup.tsx).
 *
 *   201 { ok: true }                                      subscribed
 *   400 { error, fields: { email } }                      missing or not x@y.z
 *   409 { error: 'This email is already subscribed...' }  the e-mail (any case, spaces) is taken
 *   429 { error }                                         more than 10 attempts an hour per IP
 *
 * Anonymous and same-origin only (the API router's Origin check). The subscriber is recorded
 * as a visitor without the IP; the rate limit counts per IP under a hash of it, so the
 * limiter's storage holds no addresses either.
 */
import { createHash, randomUUID } from 'node:crypto';
import express, { type Request } from 'express';
import { z } from 'zod';
import { NEWSLETTER_MESSAGES, validateSubscriberEmail } from '../../domain/rules/newsletter';
import type { Actor } from '../../domain/events/envelope';
import type { RateLimiter } from '../auth/rate-limit';
import type { Backend } from '../composition';
import { HttpError } from '../http/errors';
import { limitRequests } from '../http/rate-limit';
import { commandErrorToHttp } from './command-errors';

export interface SubscriptionRoutesDeps {
  backend: Backend;
  rateLimiter: RateLimiter;
}

export const SUBSCRIPTIONS_PATH = '/subscriptions';
/** Attempts per IP and window (valid or not): enough for a household, not for a script. */
export const SUBSCRIBE_LIMIT = 10;
export const SUBSCRIBE_WINDOW_MS = 60 * 60 * 1000;

/** How long the answer waits for the read models (the back office list, the dashboard). */
const READ_YOUR_WRITES_MS = 2000;

const VISITOR: Actor = { kind: 'visitor', id: 'anonymous' };

const ipKey = (req: Request) =>
  createHash('sha256')
    .update(req.ip ?? 'unknown')
    .digest('base64url');

const subscribeBody = z.object({
  email: z
    .string({ error: NEWSLETTER_MESSAGES.invalid })
    .refine((value) => validateSubscriberEmail(value).ok, NEWSLETTER_MESSAGES.invalid),
});

/** The e-mail as sent (normalised by the command), or a 400 naming the one field. */
function emailOf(req: Request): string {
  const parsed = subscribeBody.safeParse(req.body ?? {});
  if (!parsed.success) {
    throw new HttpError(400, NEWSLETTER_MESSAGES.invalid, { email: NEWSLETTER_MESSAGES.invalid });
  }
  return parsed.data.email;
}

export function subscriptionRoutes({
  backend,
  rateLimiter,
}: SubscriptionRoutesDeps): express.Router {
  const { bus, logger } = backend;
  const router = express.Router();

  router.post(
    SUBSCRIPTIONS_PATH,
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    limitRequests({
      limiter: rateLimiter,
      name: 'subscribe',
      limit: SUBSCRIBE_LIMIT,
      windowMs: SUBSCRIBE_WINDOW_MS,
      key: ipKey,
    }),
    async (req, res, next) => {
      try {
        const email = emailOf(req);
        const result = await bus.dispatch(
          { type: 'SubscribeToNewsletter', email },
          { actor: VISITOR, correlationId: res.locals.requestId ?? randomUUID() },
        );
        const caughtUp = await backend.waitForProjections(result.position, READ_YOUR_WRITES_MS);
        if (!caughtUp) logger.warn('read models behind after a subscription', { ...result });
        res.status(201).json({ ok: true });
      } catch (error) {
        next(commandErrorToHttp(error));
      }
    },
  );

  return router;
}
