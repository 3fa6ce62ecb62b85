/**
 * The newsletter signup (api/newsletter/contracts.ts has the answers). Anonymous and
 * same-origin only (the API router's Origin check). The subscriber is recorded as a visitor
 * without the IP; the rate limit counts per IP under a hash of it, so the limiter's storage
 * holds no addresses either.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { newsletterCommands } from '../../commands/newsletter';
import type { Actor } from '../../domain/shared/envelope';
import type { NewsletterQueries } from '../../projections/newsletter';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { HttpError } from '../http/errors';
import { limitRequests } from '../http/rate-limit';
import { z } from 'zod';
import { NEWSLETTER_MESSAGES, NEWSLETTER_PATHS, validateSubscriberEmail } from './contracts';

/** Attempts per IP and window (valid or not): enough for a household, not for a script. */
export const SUBSCRIBE_LIMIT = 10;
export const SUBSCRIBE_WINDOW_MS = 60 * 60 * 1000;

/** The request body: an e-mail the domain rule accepts (x@y.z after trimming). */
const subscribeBody = z.object({
  email: z
    .string({ error: NEWSLETTER_MESSAGES.invalid })
    .refine((value) => validateSubscriberEmail(value).ok, NEWSLETTER_MESSAGES.invalid),
});

const VISITOR: Actor = { kind: 'visitor', id: 'anonymous' };

const ipKey = (req: Request) =>
  createHash('sha256')
    .update(req.ip ?? 'unknown')
    .digest('base64url');

/** The e-mail as sent (normalised by the command), or a 400 naming the one field. */
function emailOf(req: Request): string {
  const parsed = subscribeBody.safeParse(req.body ?? {});
  if (!parsed.success) {
    throw new HttpError(400, NEWSLETTER_MESSAGES.invalid, { email: NEWSLETTER_MESSAGES.invalid });
  }
  return parsed.data.email;
}

/** Paths inside the /api router. */
const inApi = (path: string) => path.replace(/^\/api/, '');

export function newsletterRoutes(
  { api, admin }: CapabilityRouters,
  deps: RouteDeps<typeof newsletterCommands, NewsletterQueries>,
) {
  const { backend, rateLimiter, commands } = deps;

  api.post(
    inApi(NEWSLETTER_PATHS.subscribe),
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
    commands.handle(async (req, res) => {
      const email = emailOf(req);
      await commands.dispatch(res, { type: 'SubscribeToNewsletter', email }, VISITOR);
      res.status(201).json({ ok: true });
    }),
  );

  admin.get(
    inApi(NEWSLETTER_PATHS.adminSubscriptions).replace(/^\/admin/, ''),
    commands.handle(async (_req, res) => {
      res.json(await backend.queries.subscriptions());
    }),
  );
}
