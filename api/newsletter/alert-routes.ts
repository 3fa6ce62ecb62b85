/**
 * Price alerts' routes (api/newsletter/alert-contracts.ts has the answers).
 *
 * Asking for an alert: anonymous, same origin (the API router's Origin check), counted per IP
 * under a hash of it like the signup. The address gets a subscription if it has no active one
 * (the weekly issue off: it asked for alerts, not the newsletter), then the alert. The first
 * alert of an unconfirmed address asks for the confirmation mail (workers/newsletter/mails.ts),
 * whose signed link opens /price-alerts/confirm/{token}: GET only shows the page with its
 * button (a mail scanner opening the link changes nothing), POST confirms.
 *
 * The medication chosen is health data: it travels in this request's body only, and nothing
 * here logs the body.
 */
import { plainPage } from './plain-page';
import { createHash, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { unsubscribeSecret, verifyPriceAlertConfirmToken } from '../../commands/newsletter';
import { priceAlertSchema, type PriceAlert } from '../../domain/newsletter/alert-events';
import { priceAlertErrors } from '../../domain/newsletter/alert-decider';
import { subscriptionErrors } from '../../domain/newsletter/decider';
import type { Actor } from '../../domain/shared/envelope';
import { listedProviders } from '../../workers/newsletter/price-alerts';
import type { CapabilityRouters } from '../bootstrap/capability';
import { HttpError } from '../http/errors';
import { limitRequests } from '../http/rate-limit';
import {
  NEWSLETTER_MESSAGES,
  SUBSCRIBE_LIMIT,
  SUBSCRIBE_WINDOW_MS,
  subscribeLimitedMessage,
  subscribeRetryMinutes,
  validateSubscriberEmail,
} from './contracts';
import {
  PRICE_ALERT_MESSAGES,
  PRICE_ALERT_PATHS,
  type PriceAlertField,
  type PriceAlertRequestAnswer,
  type PriceAlertSummary,
} from './alert-contracts';
import type { NewsletterRouteDeps } from './route-deps';

const VISITOR: Actor = { kind: 'visitor', id: 'anonymous' };
/** Who confirms by the link: its holder. */
const LINK_HOLDER: Actor = { kind: 'visitor', id: 'price-alert-confirm-link' };

const ipKey = (req: Request) =>
  createHash('sha256')
    .update(req.ip ?? 'unknown')
    .digest('base64url');

const inApi = (path: string) => path.replace(/^\/api/, '');
const inAdmin = (path: string) => path.replace(/^\/api\/admin/, '');

/** Whole dollars may arrive as text (a form field): '300' reads as 300, anything else as sent. */
const wholeDollars = (value: unknown) =>
  typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;

/** The request, or a 400 naming each wrong field. */
function parseRequest(body: unknown): { email: string; alert: PriceAlert } {
  const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const fields: Partial<Record<PriceAlertField, string>> = {};
  const email = typeof input.email === 'string' ? validateSubscriberEmail(input.email) : null;
  if (!email?.ok) fields.email = NEWSLETTER_MESSAGES.invalid;
  const rawAlert =
    typeof input.alert === 'object' && input.alert !== null
      ? { ...(input.alert as Record<string, unknown>) }
      : {};
  if ('below' in rawAlert) rawAlert.below = wholeDollars(rawAlert.below);
  const alert = priceAlertSchema.safeParse(rawAlert);
  if (!alert.success) {
    for (const issue of alert.error.issues) {
      const key = (typeof issue.path[0] === 'string' ? issue.path[0] : 'kind') as PriceAlertField;
      fields[key] ??= issue.message;
    }
  }
  if (!email?.ok || !alert.success) {
    throw new HttpError(400, PRICE_ALERT_MESSAGES.invalid, fields);
  }
  return { email: email.email, alert: alert.data };
}

/** A provider alert must name a listed provider that lists the medication. */
async function checkProvider(
  deps: { readStore: Parameters<typeof listedProviders>[0] },
  alert: PriceAlert,
) {
  if (alert.kind !== 'provider') return;
  const provider = (await listedProviders(deps.readStore)).find(
    (listed) => listed.slug === alert.providerSlug,
  );
  if (!provider) {
    throw new HttpError(400, PRICE_ALERT_MESSAGES.invalid, {
      providerSlug: PRICE_ALERT_MESSAGES.providerUnknown,
    });
  }
  if (!provider.offers.some((offer) => offer.medication === alert.medication)) {
    throw new HttpError(400, PRICE_ALERT_MESSAGES.invalid, {
      medication: PRICE_ALERT_MESSAGES.medicationNotOffered(alert.medication),
    });
  }
}

export function priceAlertRoutes(
  { api, admin, site }: CapabilityRouters,
  deps: NewsletterRouteDeps,
) {
  const { backend, rateLimiter, commands } = deps;
  const { queries } = backend;
  const available = () => Boolean(backend.config.SMTP_URL);

  api.post(
    inApi(PRICE_ALERT_PATHS.request),
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    limitRequests({
      limiter: rateLimiter,
      name: 'price-alerts',
      limit: SUBSCRIBE_LIMIT,
      windowMs: SUBSCRIBE_WINDOW_MS,
      key: ipKey,
      message: (retryAfterMs) => subscribeLimitedMessage(subscribeRetryMinutes(retryAfterMs)),
    }),
    commands.handle(async (req, res) => {
      // Bad input is named first (a 400), whether or not alerts can be sent.
      const { email, alert } = parseRequest(req.body);
      await checkProvider(backend, alert);
      // Without a mail server no alert could ever be confirmed or sent.
      if (!available()) {
        res.status(503).json({ error: PRICE_ALERT_MESSAGES.unavailable });
        return;
      }
      const subscriptionId = await backend.subscribers.idFor(email);
      const subscription = await queries.subscription(subscriptionId);
      if (!subscription?.active) {
        try {
          await commands.dispatch(
            res,
            { type: 'SubscribeToNewsletter', email, subscriptionId, weeklyIssue: false },
            VISITOR,
          );
        } catch (error) {
          // Subscribed meanwhile (another tab): the alert goes on that subscription.
          if (!subscriptionErrors.is(error) || error.code !== 'already_subscribed') throw error;
        }
      }
      await commands.dispatch(
        res,
        {
          type: 'RequestPriceAlert',
          subscriptionId,
          alertId: randomBytes(12).toString('base64url'),
          alert,
        },
        VISITOR,
      );
      const confirmed = await queries.priceAlertsConfirmed(subscriptionId);
      const answer: PriceAlertRequestAnswer = confirmed
        ? { status: 'active', message: PRICE_ALERT_MESSAGES.active }
        : { status: 'confirmation-sent', message: PRICE_ALERT_MESSAGES.confirmationSent };
      res.status(201).json(answer);
    }),
  );

  // ---- the signed confirmation link ----

  const confirmPath = '/price-alerts/confirm/:token';
  const check = (req: Request) =>
    verifyPriceAlertConfirmToken(unsubscribeSecret(backend.config), req.params.token);

  site.get(confirmPath, (req, res, next) => {
    if (!check(req).ok) {
      plainPage(res, 400, PRICE_ALERT_MESSAGES.badTitle, PRICE_ALERT_MESSAGES.badText);
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next(); // the server-rendered page with its button (web/routes/price-alerts.confirm.$token.tsx)
  });

  site.post(confirmPath, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const token = check(req);
    if (!token.ok) {
      plainPage(res, 400, PRICE_ALERT_MESSAGES.badTitle, PRICE_ALERT_MESSAGES.badText);
      return;
    }
    try {
      await commands.dispatch(
        res,
        { type: 'ConfirmPriceAlerts', subscriptionId: token.subscriptionId },
        LINK_HOLDER,
      );
    } catch (error) {
      // No alert behind the link (erased since): the same answer as a bad link.
      if (priceAlertErrors.is(error)) {
        plainPage(res, 400, PRICE_ALERT_MESSAGES.badTitle, PRICE_ALERT_MESSAGES.badText);
        return;
      }
      backend.logger.error('price alert confirmation failed', { err: error });
      plainPage(
        res,
        503,
        PRICE_ALERT_MESSAGES.confirmFailedTitle,
        PRICE_ALERT_MESSAGES.confirmFailedText,
      );
      return;
    }
    res.redirect(303, PRICE_ALERT_PATHS.confirmed);
  });

  // ---- the back office ----

  admin.get(
    inAdmin(PRICE_ALERT_PATHS.adminSummary),
    commands.handle(async (_req, res) => {
      const summary: PriceAlertSummary = await queries.priceAlertSummary();
      res.setHeader('Cache-Control', 'no-store');
      res.json(summary);
    }),
  );
}

/** The public read saying whether the form is offered. */
export const priceAlertAvailabilityRead = {
  path: PRICE_ALERT_PATHS.availability,
  read: async (
    _queries: unknown,
    _params: Record<string, string>,
    context: { config: { SMTP_URL?: string | undefined } },
  ) => ({
    alertsAvailable: Boolean(context.config.SMTP_URL),
  }),
};
