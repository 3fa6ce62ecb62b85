/**
 * The newsletter's routes (api/newsletter/contracts.ts has the answers).
 *
 * Signup: anonymous and same-origin only (the API router's Origin check). The subscriber is
 * recorded as a visitor without the IP; the rate limit counts per IP under a hash of it, so
 * the limiter's storage holds no addresses either.
 *
 * Unsubscribe: `/unsubscribe/{token}`, a token only the server's secret can sign
 * (commands/newsletter/unsubscribe-token.ts). GET checks it first: a bad or tampered link gets
 * a 400 page here, a good one goes on to the server-rendered confirmation page, whose form
 * works without JavaScript. POST is on the signed-links router (no Origin check: mail programs
 * send RFC 8058's one-click POST from their own servers; the token is the authorisation).
 *
 * The back office: one page of subscribers (server-side search and paging), the CSV export of
 * the filtered list (streamed in batches), and delete (an erasure).
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  unsubscribeSecret,
  verifyUnsubscribeToken,
  type newsletterCommands,
} from '../../commands/newsletter';
import type { CsvCell } from '../../domain/shared/csv';
import type { Actor } from '../../domain/shared/envelope';
import type { NewsletterQueries, SubscriptionRow } from '../../projections/newsletter';
import type { NewsletterPorts } from '../../workers/newsletter/event-log';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import { sendCsv } from '../http/csv';
import { HttpError } from '../http/errors';
import { countRequest, limitRequests } from '../http/rate-limit';
import { parseOrThrow } from '../http/validation';
import { z } from 'zod';
import {
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATHS,
  SUBSCRIBE_LIMIT,
  SUBSCRIBE_WINDOW_MS,
  SUBSCRIPTION_CSV_HEADER,
  subscribeLimitedMessage,
  subscribeRetryMinutes,
  UNSUBSCRIBE_MESSAGES,
  validateSubscriberEmail,
  type NewsletterFormStatus,
  type SubscriptionPage,
} from './contracts';
import { subscriptionFilterParams, subscriptionListParams } from './list-params';

export { SUBSCRIBE_LIMIT, SUBSCRIBE_WINDOW_MS };

/** The request body: an e-mail the domain rule accepts (x@y.z after trimming). */
const subscribeBody = z.object({
  email: z
    .string({ error: NEWSLETTER_MESSAGES.invalid })
    .refine((value) => validateSubscriberEmail(value).ok, NEWSLETTER_MESSAGES.invalid),
});

const VISITOR: Actor = { kind: 'visitor', id: 'anonymous' };
/** Who unsubscribes by a link: the holder of the link, not a known person. */
const LINK_HOLDER: Actor = { kind: 'visitor', id: 'unsubscribe-link' };

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
/** Paths inside the /api/admin router. */
const inAdmin = (path: string) => path.replace(/^\/api\/admin/, '');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A small self-contained page (no script, no inline style: the CSP allows it as it is). */
/**
 * The site's tokens in plain CSS (slate text, teal link, system stack), so a page answered
 * outside the React app still reads like the rest of the site on a phone.
 */
const PLAIN_PAGE_STYLE =
  'body{font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;' +
  'color:#0f172a;background:#fff;margin:0;line-height:1.6}' +
  'main{max-width:40rem;margin:0 auto;padding:3rem 1rem}' +
  'h1{font-size:1.875rem;line-height:1.2;margin:0 0 1rem}p{color:#475569;margin:0 0 1.5rem}' +
  'a{display:inline-flex;align-items:center;min-height:44px;color:#0f766e;font-weight:500}';

function plainPage(res: Response, status: number, title: string, text: string): void {
  res
    .status(status)
    .setHeader('Cache-Control', 'no-store')
    .setHeader('X-Robots-Tag', 'noindex, nofollow')
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} | VialCompare</title>` +
        `<style>${PLAIN_PAGE_STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
        `<p><a href="/">Go to the home page</a></p></main></body></html>`,
    );
}

const csvRow = (row: SubscriptionRow): CsvCell[] => [
  row.email,
  row.subscribedAt,
  row.active ? 'Active' : 'Inactive',
  row.source,
];

export function newsletterRoutes(
  { api, admin, site, signedLinks }: CapabilityRouters,
  deps: RouteDeps<typeof newsletterCommands, NewsletterQueries, NewsletterPorts>,
) {
  const { backend, rateLimiter, commands } = deps;
  const { queries } = backend;
  const secret = () => unsubscribeSecret(backend.config);
  /** The address's one subscription (linked in the key store, outside the log), then the command. */
  const subscribe = async (res: Response, email: string) => {
    const subscriptionId = await backend.subscribers.idFor(email);
    await commands.dispatch(res, { type: 'SubscribeToNewsletter', email, subscriptionId }, VISITOR);
  };
  // One counter for the JSON signup and the plain form.
  const subscribeLimit = {
    limiter: rateLimiter,
    name: 'subscribe',
    limit: SUBSCRIBE_LIMIT,
    windowMs: SUBSCRIBE_WINDOW_MS,
    key: ipKey,
    message: (retryAfterMs: number) => subscribeLimitedMessage(subscribeRetryMinutes(retryAfterMs)),
  };

  api.post(
    inApi(NEWSLETTER_PATHS.subscribe),
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    limitRequests(subscribeLimit),
    commands.handle(async (req, res) => {
      await subscribe(res, emailOf(req));
      res.status(201).json({ ok: true });
    }),
  );

  // The same form without JavaScript (it posts before the page has hydrated, or in a browser
  // without scripts): one attempt under the same limit, answered with a redirect to the home
  // page's signup saying how it went. The e-mail never goes into a URL.
  site.post(NEWSLETTER_PATHS.signupForm, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const back = (status: Exclude<NewsletterFormStatus, 'limited'>) =>
      res.redirect(303, NEWSLETTER_PATHS.signupResult(status));
    try {
      const limit = await countRequest(subscribeLimit, req);
      // The JSON signup's words, so the redirect carries the minutes it names.
      if (!limit.allowed) {
        return res.redirect(
          303,
          NEWSLETTER_PATHS.signupLimited(subscribeRetryMinutes(limit.retryAfterMs)),
        );
      }
      await subscribe(res, emailOf(req));
      back('subscribed');
    } catch (thrown) {
      const error = commands.toHttp(thrown);
      if (error instanceof HttpError && error.status === 400) return back('invalid');
      if (error instanceof HttpError && error.status === 409) return back('duplicate');
      backend.logger.error('newsletter signup failed', { err: thrown });
      back('failed');
    }
  });

  // ---- Unsubscribe by the signed link ----

  const unsubscribePath = '/unsubscribe/:token';

  site.get(unsubscribePath, (req, res, next) => {
    const check = verifyUnsubscribeToken(secret(), req.params.token);
    if (!check.ok) {
      plainPage(res, 400, UNSUBSCRIBE_MESSAGES.badTitle, UNSUBSCRIBE_MESSAGES.badText);
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next(); // the server-rendered confirmation page (web/routes/unsubscribe.$token.tsx)
  });

  signedLinks.post(unsubscribePath, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const check = verifyUnsubscribeToken(secret(), req.params.token);
    if (!check.ok) {
      plainPage(res, 400, UNSUBSCRIBE_MESSAGES.badTitle, UNSUBSCRIBE_MESSAGES.badText);
      return;
    }
    try {
      await commands.dispatch(
        res,
        { type: 'UnsubscribeFromNewsletter', subscriptionId: check.subscriptionId },
        LINK_HOLDER,
      );
    } catch (error) {
      backend.logger.error('unsubscribe failed', { err: error });
      plainPage(
        res,
        503,
        'Unsubscribing failed',
        'Nothing was changed. Please try the link again in a minute.',
      );
      return;
    }
    // The page's form says so in its address; anything else is a mail program's one-click
    // POST (RFC 8058: body List-Unsubscribe=One-Click, answered 200, never redirected).
    if (req.query.via === 'page') {
      res.redirect(303, NEWSLETTER_PATHS.unsubscribed);
      return;
    }
    res.status(200).type('text/plain').send('Unsubscribed');
  });

  // ---- The back office ----

  admin.get(
    inAdmin(NEWSLETTER_PATHS.adminSubscriptions),
    commands.handle(async (req, res) => {
      const params = parseOrThrow(subscriptionListParams, req.query);
      const page: SubscriptionPage = await queries.subscriptionPage(params);
      res.json(page);
    }),
  );

  admin.get(
    inAdmin(NEWSLETTER_PATHS.adminCsv),
    commands.handle(async (req, res) => {
      const filter = parseOrThrow(subscriptionFilterParams, req.query);
      async function* rows() {
        for await (const batch of queries.subscriptionBatches(filter)) yield* batch.map(csvRow);
      }
      await sendCsv(res, 'subscriptions.csv', SUBSCRIPTION_CSV_HEADER, rows());
    }),
  );

  admin.delete(
    '/subscriptions/:id',
    commands.handle(async (req, res) => {
      await commands.dispatch(
        res,
        { type: 'DeleteSubscription', subscriptionId: String(req.params.id) },
        adminActor(res),
      );
      res.json({ ok: true });
    }),
  );
}
