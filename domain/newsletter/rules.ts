/**
 * Newsletter subscription rules (spec sections 5 and 8). E-mails are stored lowercase and
 * trimmed, so "Ann@Example.com " and "ann@example.com" are the same subscriber (the address
 * is linked to its one subscription by its normalised form).
 */
import { isSimpleEmail, normaliseEmail } from '../shared/email';

export const NEWSLETTER_MESSAGES = {
  invalid: 'Please enter a valid email address.',
  duplicate: 'This email is already subscribed to our updates.',
  failed: 'Subscription failed. Please try again later.',
  success: "Successfully Subscribed! You'll receive weekly GLP-1 updates and provider news.",
} as const;

export { isSimpleEmail, normaliseEmail as normaliseSubscriberEmail } from '../shared/email';

export type SubscriberEmailCheck = { ok: true; email: string } | { ok: false; error: string };

/** Present and x@y.z after trimming, else 'Please enter a valid email address.' */
export function validateSubscriberEmail(value: unknown): SubscriberEmailCheck {
  if (typeof value !== 'string') return { ok: false, error: NEWSLETTER_MESSAGES.invalid };
  const email = normaliseEmail(value);
  return isSimpleEmail(email)
    ? { ok: true, email }
    : { ok: false, error: NEWSLETTER_MESSAGES.invalid };
}

/**
 * How the audit log names a subscriber: the first character of the address and its domain
 * ('a***@example.com'), never the address itself, so a deleted subscriber's address does not
 * survive in the audit log (the domain alone names nobody).
 */
export function maskSubscriberEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** The longest reason an administrator may give for unsubscribing someone. */
export const UNSUBSCRIBE_REASON_MAX = 200;

export const UNSUBSCRIBE_REASON_MESSAGES = {
  required: 'Reason is required: say why this subscriber is unsubscribed.',
  oneLine: 'Reason must be one line.',
  tooLong: `Reason must be at most ${UNSUBSCRIBE_REASON_MAX} characters.`,
} as const;

export type UnsubscribeReasonCheck = { ok: true; reason: string } | { ok: false; error: string };

/** The administrator's reason, trimmed: one line of 1 to 200 characters. */
export function validateUnsubscribeReason(value: unknown): UnsubscribeReasonCheck {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (reason === '') return { ok: false, error: UNSUBSCRIBE_REASON_MESSAGES.required };
  if (/[\r\n\u2028\u2029]/.test(reason)) {
    return { ok: false, error: UNSUBSCRIBE_REASON_MESSAGES.oneLine };
  }
  if (reason.length > UNSUBSCRIBE_REASON_MAX) {
    return { ok: false, error: UNSUBSCRIBE_REASON_MESSAGES.tooLong };
  }
  return { ok: true, reason };
}

/** How many permanent refusals (bounces) make an active subscription inactive. */
export const BOUNCES_TO_DEACTIVATE = 2;
