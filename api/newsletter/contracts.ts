/**
 * The newsletter signup, one definition for the form, the route and the command:
 * POST /api/subscriptions { email }
 *   201 { ok: true }                                      subscribed
 *   400 { error, fields: { email } }                      missing or not x@y.z
 *   409 { error: 'This email is already subscribed...' }  the e-mail (any case, spaces) is taken
 *   429 { error }                                         too many attempts from one address
 */
import { NEWSLETTER_MESSAGES, validateSubscriberEmail } from '../../domain/newsletter/rules';

export { NEWSLETTER_MESSAGES, validateSubscriberEmail };

export const NEWSLETTER_PATHS = {
  subscribe: '/api/subscriptions',
  /** GET: the subscribers, newest first (back office). */
  adminSubscriptions: '/api/admin/subscriptions',
} as const;

/** The request body; the server checks the e-mail with validateSubscriberEmail. */
export interface SubscribeBody {
  email: string;
}

/** One newsletter subscriber in the back office. */
export interface SubscriptionView {
  _id: string;
  email: string;
  subscribedAt: string;
  source: 'visitor' | 'admin' | 'system';
}
