import type { Document } from '../read-store/port';

export const NEWSLETTER_COLLECTIONS = { subscriptions: 'subscriptions' } as const;

/**
 * SubscriptionView: one newsletter subscriber for the back office. `_id` is the subscription
 * id (random, as in the stream name `subscription-{id}`). A deleted
 * subscription has no document (erasure: the address leaves the read model).
 */
export type SubscriptionDoc = Document & {
  /** Lowercase, trimmed. */
  email: string;
  /** When it was (last) subscribed: the event's occurredAt (a reactivation restamps it). */
  subscribedAt: string;
  /** Who subscribed it: a visitor through the public form, an administrator, or the system. */
  source: 'visitor' | 'admin' | 'system';
  /** Active, or Inactive after the unsubscribe link was used. */
  active: boolean;
  /** positionSortKey of the (last) subscription: the list's order, newest first, and its cursor. */
  sortKey?: string;
};
