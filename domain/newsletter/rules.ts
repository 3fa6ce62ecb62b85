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
