/**
 * The newsletter, one definition for the form, the back office and the routes:
 * POST /api/subscriptions { email }
 *   201 { ok: true }                                      subscribed (or an inactive one reactivated)
 *   400 { error, fields: { email } }                      missing or not x@y.z
 *   409 { error: 'This email is already subscribed...' }  the e-mail (any case, spaces) is active
 *   429 { error: 'Too many requests. Try again in N minutes.' }  too many attempts from one IP
 * GET /api/admin/subscriptions?q=&status=&page=&pageSize=  { rows, total }, newest first
 * GET /api/admin/subscriptions.csv?q=&status=              the filtered list as CSV (streamed)
 * DELETE /api/admin/subscriptions/:id                      { ok: true } | 404 (an erasure)
 * GET /unsubscribe/:token   the confirmation page (400 page for a bad or tampered link)
 * POST /newsletter         the signup form without JavaScript (url-encoded email): 303 to
 *                           /?newsletter={subscribed|invalid|duplicate|failed}#newsletter, or
 *                           past the limit /?newsletter=limited&retry={minutes}#newsletter
 * POST /unsubscribe/:token  unsubscribes (RFC 8058 one-click: 200; the page's form, which
 *                           posts to ?via=page: 303 to /unsubscribed)
 */
import { NEWSLETTER_MESSAGES, validateSubscriberEmail } from '../../domain/newsletter/rules';
// Types only at run time (no express): safe in the browser bundle, and the limit's words stay
// the ones every other limited route uses.
import { retryAfterText } from '../http/rate-limit';

export { NEWSLETTER_MESSAGES, validateSubscriberEmail };

/** Signup attempts per IP and window (valid or not): enough for a household, not for a script. */
export const SUBSCRIBE_LIMIT = 10;
export const SUBSCRIBE_WINDOW_MS = 60 * 60 * 1000;
const WINDOW_MINUTES = SUBSCRIBE_WINDOW_MS / 60_000;

/** The whole minutes a refused visitor waits (rounded up): 1 to the window's length. */
export function subscribeRetryMinutes(retryAfterMs: number): number {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  return Number.isFinite(minutes) ? Math.min(WINDOW_MINUTES, Math.max(1, minutes)) : WINDOW_MINUTES;
}

/**
 * What a signup past the limit says, in both forms (the JSON answer's `error` and the plain
 * form's ?newsletter=limited): 'Too many requests. Try again in N minutes.'
 */
export function subscribeLimitedMessage(minutes: number): string {
  return `Too many requests. ${retryAfterText(minutes * 60_000)}`;
}

/** Whether a 429's text is that sentence (a proxy's own 429 says something else). */
export const isSubscribeLimitedMessage = (text: string): boolean =>
  /^Too many requests\. Try again in \d+ minutes?\.$/.test(text);

export const NEWSLETTER_PATHS = {
  subscribe: '/api/subscriptions',
  /** The signup form's target without JavaScript (answered with a redirect to `signupResult`). */
  signupForm: '/newsletter',
  /** Where the form's post lands: the home page's signup, saying how it went. */
  signupResult: (status: Exclude<NewsletterFormStatus, 'limited'>) =>
    `/?newsletter=${status}#newsletter`,
  /** Where the form's post lands past the limit: the minutes to wait travel in the URL. */
  signupLimited: (retryMinutes: number) => `/?newsletter=limited&retry=${retryMinutes}#newsletter`,
  /** GET: one page of subscribers, newest first (back office). */
  adminSubscriptions: '/api/admin/subscriptions',
  /** GET: the filtered list as CSV. */
  adminCsv: '/api/admin/subscriptions.csv',
  /** DELETE: erases one subscription. */
  adminOne: (id: string) => `/api/admin/subscriptions/${encodeURIComponent(id)}`,
  /** The one-click unsubscribe link (GET: confirmation page; POST: unsubscribe). */
  unsubscribe: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
  /** Where the confirmation page's form posts (answered with a redirect to `unsubscribed`). */
  unsubscribeForm: (token: string) => `/unsubscribe/${encodeURIComponent(token)}?via=page`,
  /** Where the page's form lands afterwards. */
  unsubscribed: '/unsubscribed',
} as const;

/** How a signup posted without JavaScript went (the home page's ?newsletter=). */
export const NEWSLETTER_FORM_STATUSES = [
  'subscribed',
  'invalid',
  'duplicate',
  'failed',
  'limited',
] as const;
export type NewsletterFormStatus = (typeof NEWSLETTER_FORM_STATUSES)[number];

/** The home page's search parameters for it: `retry` (minutes) only with 'limited'. */
export interface NewsletterFormSearch {
  newsletter?: NewsletterFormStatus;
  retry?: number;
}

/**
 * Reads ?newsletter= and, for 'limited', ?retry= (kept within 1 and the window; missing or not
 * a number reads as the whole window, the longest the limit can make anyone wait).
 */
export function parseNewsletterFormSearch(search: Record<string, unknown>): NewsletterFormSearch {
  // Both read up front: the page cache keys a page by the parameters its route reads
  // (web/route-guards.ts, searchKeysRead), found by reading an empty query.
  const { newsletter: status, retry } = search;
  const newsletter = NEWSLETTER_FORM_STATUSES.find((known) => known === status);
  if (newsletter === undefined) return {};
  if (newsletter !== 'limited') return { newsletter };
  const raw = typeof retry === 'string' ? Number(retry) : retry;
  const minutes = typeof raw === 'number' && Number.isFinite(raw) ? raw : WINDOW_MINUTES;
  return { newsletter, retry: subscribeRetryMinutes(minutes * 60_000) };
}

/** The form's message for a failed status: the same words the JavaScript form shows. */
export function newsletterFormError(
  status: Exclude<NewsletterFormStatus, 'subscribed'>,
  retryMinutes = WINDOW_MINUTES,
): string {
  if (status === 'limited') return subscribeLimitedMessage(retryMinutes);
  return NEWSLETTER_MESSAGES[status];
}

/** The admin screen's words (spec sections 2 and 8), word for word. */
export const SUBSCRIPTION_ADMIN_MESSAGES = {
  searchPlaceholder: 'Search by email...',
  empty: 'No subscriptions found',
  loadFailed: 'Failed to load subscriptions',
  deleteFailed: 'Failed to delete subscription',
  deleted: 'Subscription deleted successfully',
  /** Spec section 5: the delete confirmation names the subscriber's e-mail. */
  confirmDelete: (email: string) => `Are you sure you want to delete ${email}?`,
} as const;

/** The request body; the server checks the e-mail with validateSubscriberEmail. */
export interface SubscribeBody {
  email: string;
}

export const SUBSCRIPTION_PAGE_SIZES = [10, 25, 50, 100] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /api/admin/subscriptions's parameters, as the server reads them (./list-params). */
export interface SubscriptionListParams {
  q?: string;
  status?: SubscriptionStatus;
  page: number;
  pageSize: number;
}

// SubscriptionView and SubscriptionPage (one subscriber in the back office): ./subscriber-contracts.

export const SUBSCRIPTION_CSV_HEADER = ['Email', 'Subscribed at', 'Status', 'Source'] as const;

/** The unsubscribe pages' words. */
export const UNSUBSCRIBE_MESSAGES = {
  confirmTitle: 'Unsubscribe from the newsletter',
  confirmText:
    'Press the button to stop receiving the weekly GLP-1 newsletter at this address. No sign-in is needed.',
  button: 'Unsubscribe',
  doneTitle: 'You are unsubscribed',
  doneText:
    'You will not receive the newsletter any more. If you change your mind, subscribe again from the home page at any time.',
  badTitle: 'This unsubscribe link is not valid',
  badText:
    'The link is incomplete or was changed. Open it again from the newsletter e-mail (copy the whole address), or write to us and we will unsubscribe you.',
} as const;
export * from './alert-contracts';
export * from './subscriber-contracts';
export * from './issue-contracts';
