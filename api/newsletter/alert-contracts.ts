/**
 * Price alerts over HTTP, one definition for the form, the confirmation page and the routes:
 * POST /api/newsletter/price-alerts { email, alert }   (visitor, same origin, rate-limited)
 *   alert: { kind: 'provider', providerSlug, medication }
 *        | { kind: 'cheapest', medication, state, below }   (below: whole dollars 1..5000)
 *   201 { status: 'confirmation-sent' | 'active', message }
 *   400 { error, fields: { email | kind | providerSlug | medication | state | below } }
 *   409 { error }   the address keeps 20 alerts already
 *   429 { error: 'Too many requests. Try again in N minutes.' }
 *   503 { error: 'Price alerts are not available right now.' }   SMTP_URL is not set (after validation)
 * GET /api/newsletter/price-alerts/availability        { alertsAvailable } (public read)
 * GET /price-alerts/confirm/:token    the confirmation page (a bad link: a 400 page)
 * POST /price-alerts/confirm/:token   confirms (a form without JavaScript): 303 to
 *                                     /price-alerts/confirmed
 * GET /api/admin/price-alerts/summary                  PriceAlertSummary
 */
import {
  MAX_ALERT_BELOW_USD,
  MIN_ALERT_BELOW_USD,
  PRICE_ALERT_FIELD_MESSAGES,
  PRICE_ALERT_MEDICATIONS,
  type PriceAlertMedication,
} from '../../domain/newsletter/alert-vocabulary';

export {
  MAX_ALERT_BELOW_USD,
  MIN_ALERT_BELOW_USD,
  PRICE_ALERT_FIELD_MESSAGES,
  PRICE_ALERT_MEDICATIONS,
  type PriceAlertMedication,
};

export const PRICE_ALERT_PATHS = {
  request: '/api/newsletter/price-alerts',
  availability: '/api/newsletter/price-alerts/availability',
  adminSummary: '/api/admin/price-alerts/summary',
  /** The signed confirmation link (GET: the page with its button; POST: confirms). */
  confirm: (token: string) => `/price-alerts/confirm/${encodeURIComponent(token)}`,
  /** Where the confirmation's form lands. */
  confirmed: '/price-alerts/confirmed',
} as const;

export type PriceAlertRequestStatus = 'confirmation-sent' | 'active';

export const PRICE_ALERT_MESSAGES = {
  confirmationSent: 'Check your inbox: confirm your address to start this alert.',
  active: 'Alert saved. We will e-mail you when this price changes.',
  unavailable: 'Price alerts are not available right now.',
  failed: 'Your alert could not be saved. Please try again in a minute.',
  invalid: 'Some fields are not valid: see the messages next to them',
  providerUnknown: 'Provider: no listed provider has this address',
  medicationNotOffered: (medication: string) =>
    `Medication: this provider does not list ${medication}`,
  confirmTitle: 'Confirm your price alerts',
  confirmText:
    'Press the button to confirm this address. We will then e-mail you when a price you follow changes, at most once a day.',
  confirmButton: 'Confirm my price alerts',
  confirmedTitle: 'Your price alerts are on',
  confirmedText:
    'We will e-mail you when a price you follow changes, at most once a day. Every alert e-mail has a link to stop them.',
  badTitle: 'This confirmation link is not valid',
  badText:
    'The link is incomplete or was changed. Open it again from the e-mail (copy the whole address), or ask for the alert again.',
  confirmFailedTitle: 'Confirming failed',
  confirmFailedText: 'Nothing was changed. Please try the link again in a minute.',
} as const;

/** The request body as the form sends it (the server checks every field). */
export interface PriceAlertRequestBody {
  email: string;
  alert:
    | { kind: 'provider'; providerSlug: string; medication: PriceAlertMedication }
    | { kind: 'cheapest'; medication: PriceAlertMedication; state: string; below: number };
}

export interface PriceAlertRequestAnswer {
  status: PriceAlertRequestStatus;
  message: string;
}

export interface PriceAlertAvailability {
  /** False without SMTP_URL: the form is not offered. */
  alertsAvailable: boolean;
}

export interface PriceAlertSummary {
  /** Alerts of confirmed addresses: these are mailed. */
  active: number;
  /** Alerts whose address has not confirmed yet. */
  awaitingConfirmation: number;
  /** Alert mails sent in the last 7 days. */
  sentThisWeek: number;
}

/** The form's field names, as the 400's `fields` names them. */
export const PRICE_ALERT_FIELDS = [
  'email',
  'kind',
  'providerSlug',
  'medication',
  'state',
  'below',
] as const;
export type PriceAlertField = (typeof PRICE_ALERT_FIELDS)[number];
