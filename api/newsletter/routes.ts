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
 * Preferences: `/preferences/{token}` (a token of its own purpose, so an unsubscribe token does
 * not open it, nor the other way round). GET checks it like the unsubscribe link, then the
 * server-rendered page; its form POSTs url-encoded fields to the same address on the site
 * router (the page is ours: same-origin checked, and the body parsed there) and lands on
 * `?saved=1`. The page's data is a no-store public read (../newsletter/capability.ts).
 *
 * The back office: one page of subscribers (server-side search and paging) with each one's
 * unsubscribe link and last sent issue, the CSV export of the filtered list (streamed in
 * batches), unsubscribing someone with a reason, and delete (an erasure).
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  signUnsubscribeToken,
  unsubscribeSecret,
  unsubscribeUrl,
  verifyPreferencesToken,
  verifyUnsubscribeToken,
} from '../../commands/newsletter';
import type { CsvCell } from '../../domain/shared/csv';
import type { Actor } from '../../domain/shared/envelope';
import type { NewsletterQueries, SubscriptionRow } from '../../projections/newsletter';
import { maskSubscriberEmail } from '../../domain/newsletter/rules';
import type { CapabilityRouters, PublicRead } from '../bootstrap/capability';
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
  type SubscriptionView,
} from './contracts';
import {
  PREFERENCE_FORM_FIELDS,
  PREFERENCES_PAGE_MESSAGES,
  SUBSCRIBER_PATHS,
  type PreferencesView,
} from './subscriber-contracts';
import { plainPage } from './plain-page';
import { subscriptionFilterParams, subscriptionListParams } from './list-params';
import type { NewsletterRouteDeps } from './route-deps';

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
/** Who changes preferences: the holder of the preferences link. */
const PREFERENCES_LINK_HOLDER: Actor = { kind: 'visitor', id: 'preferences-link' };

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

/** A checkbox's value as a browser posts it: present ('on', or the value given) or absent. */
const checked = (value: unknown): boolean =>
  value !== undefined && value !== '' && value !== 'false' && value !== '0';

/** The preferences form's fields (url-encoded) as the command reads them. */
function preferencesOfForm(body: unknown) {
  const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return {
    medications: form[PREFERENCE_FORM_FIELDS.medications] ?? [],
    state: form[PREFERENCE_FORM_FIELDS.state] ?? null,
    weeklyIssue: checked(form[PREFERENCE_FORM_FIELDS.weeklyIssue]),
    priceAlerts: checked(form[PREFERENCE_FORM_FIELDS.priceAlerts]),
  };
}

const csvRow = (row: SubscriptionRow): CsvCell[] => [
  row.email,
  row.subscribedAt,
  row.active ? 'Active' : 'Inactive',
  row.source,
];

/**
 * The preferences page's data, read in process by its loader during server rendering and over
 * HTTP after it: no-store (one subscriber's choices), and no address but a masked one.
 */
export const preferencesRead: PublicRead<NewsletterQueries> = {
  path: SUBSCRIBER_PATHS.preferencesReadPattern,
  private: true,
  async read(queries, params, { config }): Promise<PreferencesView> {
    const secret = unsubscribeSecret(config);
    const check = verifyPreferencesToken(secret, params.token);
    if (!check.ok) throw new HttpError(400, PREFERENCES_PAGE_MESSAGES.badTitle);
    const subscription = await queries.subscription(check.subscriptionId);
    if (!subscription) throw new HttpError(404, PREFERENCES_PAGE_MESSAGES.gone);
    return {
      email: maskSubscriberEmail(subscription.email),
      active: subscription.active,
      medications: subscription.medications,
      state: subscription.state,
      weeklyIssue: subscription.weeklyIssue,
      priceAlerts: subscription.priceAlerts,
      unsubscribePath: NEWSLETTER_PATHS.unsubscribe(
        signUnsubscribeToken(secret, check.subscriptionId),
      ),
    };
  },
};

export function newsletterRoutes(
  { api, admin, site, signedLinks }: CapabilityRouters,
  // The capability's whole command set and queries (./route-deps.ts).
  deps: NewsletterRouteDeps,
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

  // ---- Preferences by the signed link ----

  const preferencesPath = '/preferences/:token';
  const badPreferencesLink = (res: Response) =>
    plainPage(res, 400, PREFERENCES_PAGE_MESSAGES.badTitle, PREFERENCES_PAGE_MESSAGES.badText);

  site.get(preferencesPath, (req, res, next) => {
    if (!verifyPreferencesToken(secret(), req.params.token).ok) {
      badPreferencesLink(res);
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next(); // the server-rendered page (web/routes/preferences.$token.tsx)
  });

  site.post(preferencesPath, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    const token = String(req.params.token);
    const check = verifyPreferencesToken(secret(), token);
    if (!check.ok) {
      badPreferencesLink(res);
      return;
    }
    const backToForm = {
      href: SUBSCRIBER_PATHS.preferences(token),
      text: 'Back to your preferences',
    };
    try {
      await commands.dispatch(
        res,
        {
          type: 'ChangeSubscriberPreferences',
          subscriptionId: check.subscriptionId,
          ...preferencesOfForm(req.body),
        },
        PREFERENCES_LINK_HOLDER,
      );
    } catch (thrown) {
      const error = commands.toHttp(thrown);
      if (error instanceof HttpError && error.status === 400) {
        // Only a changed form gets here (the page offers valid choices): say which field.
        const first = Object.values(error.fields ?? {})[0] ?? error.message;
        plainPage(res, 400, 'Your preferences were not saved', first, backToForm);
        return;
      }
      if (error instanceof HttpError && error.status === 404) {
        plainPage(res, 404, 'Your preferences were not saved', PREFERENCES_PAGE_MESSAGES.gone);
        return;
      }
      backend.logger.error('saving newsletter preferences failed', { err: thrown });
      plainPage(
        res,
        503,
        'Your preferences were not saved',
        'Nothing was changed. Please try again in a minute.',
        backToForm,
      );
      return;
    }
    res.redirect(303, SUBSCRIBER_PATHS.preferencesSaved(token));
  });

  // ---- The back office ----

  /** The list's rows: each subscriber's signed unsubscribe link and last sent issue. */
  const adminRows = async (rows: SubscriptionRow[]): Promise<SubscriptionView[]> => {
    const lastSent = await queries.lastSentIssues(rows.map((row) => row._id));
    const key = secret();
    return rows.map((row) => ({
      ...row,
      unsubscribeUrl: unsubscribeUrl(backend.config.publicUrl, key, row._id),
      lastIssue: lastSent.get(row._id) ?? null,
    }));
  };

  admin.get(
    inAdmin(NEWSLETTER_PATHS.adminSubscriptions),
    commands.handle(async (req, res) => {
      const params = parseOrThrow(subscriptionListParams, req.query);
      const { rows, total } = await queries.subscriptionPage(params);
      const page: SubscriptionPage = { rows: await adminRows(rows), total };
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

  admin.post(
    '/subscriptions/:id/unsubscribe',
    commands.handle(async (req, res) => {
      const body = (req.body ?? {}) as { reason?: unknown };
      await commands.dispatch(
        res,
        {
          type: 'UnsubscribeSubscriberByAdministrator',
          subscriptionId: String(req.params.id),
          reason: body.reason,
        },
        adminActor(res),
      );
      res.json({ ok: true });
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
