/**
 * The subscribers part of the newsletter (issue 26): what the back office's list shows of each
 * subscriber, unsubscribing someone with a reason, and the preferences page a signed link in
 * every mail opens.
 *
 * GET  /api/admin/subscriptions?q=&status=&page=&pageSize=  { rows: SubscriptionView[], total }
 * POST /api/admin/subscriptions/:id/unsubscribe { reason }
 *   200 { ok: true }; 400 { error, fields: { reason } }; 404 not found; 409 already inactive
 * GET  /preferences/:token        the preferences page (a plain 400 page for a bad link)
 * POST /preferences/:token        the page's form (url-encoded: medications (repeated), state,
 *                                  weeklyIssue, priceAlerts as checkboxes): 303 to
 *                                  /preferences/:token?saved=1; 400 page naming the field
 * GET  /api/newsletter/preferences/:token   PreferencesView (400 for a bad link), no-store
 */
import {
  DEFAULT_PREFERENCES,
  PREFERENCE_MEDICATIONS,
  PREFERENCE_MESSAGES,
  PREFERENCE_STATES,
} from '../../domain/newsletter/preferences';
import { UNSUBSCRIBE_REASON_MAX, UNSUBSCRIBE_REASON_MESSAGES } from '../../domain/newsletter/rules';

export {
  DEFAULT_PREFERENCES,
  PREFERENCE_MEDICATIONS,
  PREFERENCE_MESSAGES,
  PREFERENCE_STATES,
  UNSUBSCRIBE_REASON_MAX,
  UNSUBSCRIBE_REASON_MESSAGES,
};

/** How a subscriber became inactive. */
export type InactiveHow = 'link' | 'administrator' | 'bounces';

/** The back office's words for how a subscriber became inactive. */
export const INACTIVE_HOW_LABELS: Readonly<Record<InactiveHow, string>> = {
  link: 'Unsubscribed by the link',
  administrator: 'Unsubscribed by an administrator',
  bounces: 'Inactive after two bounces',
};

/** One newsletter subscriber in the back office. */
export interface SubscriptionView {
  _id: string;
  email: string;
  subscribedAt: string;
  source: 'visitor' | 'admin' | 'system';
  active: boolean;
  /** Whether the weekly issue goes to it (recipients: active and weeklyIssue). */
  weeklyIssue: boolean;
  priceAlerts: boolean;
  /** 'semaglutide', 'tirzepatide'; empty: every medication. */
  medications: string[];
  /** A USPS state code, or null for any state. */
  state: string | null;
  /** When it last became inactive, how, and (by an administrator) why. */
  inactiveAt?: string;
  inactiveHow?: InactiveHow;
  inactiveReason?: string;
  /** Bounces since it (last) subscribed; two make an active subscriber inactive. */
  bounces: number;
  /** Its signed one-click unsubscribe link, for the operator to send by hand. */
  unsubscribeUrl: string;
  /** The last issue sent to it, or null. */
  lastIssue: { issueId: string; sentAt: string } | null;
}

export interface SubscriptionPage {
  rows: SubscriptionView[];
  total: number;
}

/** POST /api/admin/subscriptions/:id/unsubscribe's body. */
export interface AdminUnsubscribeBody {
  reason: string;
}

/** The preferences page's data (no address but a masked one: the link may be forwarded). */
export interface PreferencesView {
  /** 'a***@example.com'. */
  email: string;
  active: boolean;
  medications: string[];
  state: string | null;
  weeklyIssue: boolean;
  priceAlerts: boolean;
  /** The same subscriber's unsubscribe page (a path on this site). */
  unsubscribePath: string;
}

export const SUBSCRIBER_PATHS = {
  /** POST: an administrator unsubscribes someone, with a reason. */
  adminUnsubscribe: (id: string) =>
    `/api/admin/subscriptions/${encodeURIComponent(id)}/unsubscribe`,
  /** The preferences page (GET) and its form's target (POST). */
  preferences: (token: string) => `/preferences/${encodeURIComponent(token)}`,
  /** Where the form lands once saved. */
  preferencesSaved: (token: string) => `/preferences/${encodeURIComponent(token)}?saved=1`,
  /** GET: the page's data (its loader). */
  preferencesRead: (token: string) => `/api/newsletter/preferences/${encodeURIComponent(token)}`,
  /** The read's route pattern. */
  preferencesReadPattern: '/api/newsletter/preferences/:token',
} as const;

/** The form's field names (url-encoded). */
export const PREFERENCE_FORM_FIELDS = {
  medications: 'medications',
  state: 'state',
  weeklyIssue: 'weeklyIssue',
  priceAlerts: 'priceAlerts',
} as const;

/** The preferences page's words. */
export const PREFERENCES_PAGE_MESSAGES = {
  title: 'Your newsletter preferences',
  intro:
    'Choose what we write to you about. You can change this at any time from any of our e-mails.',
  medicationsLegend: 'Medications you follow',
  medicationsHint: 'Choose none to hear about both.',
  stateLabel: 'Your state',
  anyState: 'Any state',
  kindsLegend: 'What we send you',
  weeklyIssue: 'The weekly issue',
  priceAlerts: 'Price alerts',
  save: 'Save preferences',
  saved: 'Preferences saved',
  inactive:
    'This address is unsubscribed: nothing is sent to it. Your choices are kept for when you subscribe again from the home page.',
  unsubscribe: 'Unsubscribe from everything',
  loadFailed: 'Your preferences could not be loaded. Please try the link again in a minute.',
  badTitle: 'This preferences link is not valid',
  badText:
    'The link is incomplete or was changed. Open it again from one of our e-mails (copy the whole address).',
  gone: 'This subscription no longer exists. Subscribe again from the home page to hear from us.',
} as const;

/** Reads the page's ?saved=1 (kept as the number 1, so the router writes it back the same). */
export function parsePreferencesSearch(search: Record<string, unknown>): { saved?: 1 } {
  const { saved } = search;
  return saved === '1' || saved === 1 ? { saved: 1 } : {};
}
