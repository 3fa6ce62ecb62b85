import type { Document } from '../read-store/port';

export const NEWSLETTER_COLLECTIONS = { subscriptions: 'subscriptions' } as const;

/**
 * SubscriptionView: one newsletter subscriber for the back office. `_id` is the subscription
 * id (the sha256 of the e-mail, as in the stream name `subscription-{id}`).
 */
export type SubscriptionDoc = Document & {
  /** Lowercase, trimmed. */
  email: string;
  /** The event's occurredAt. */
  subscribedAt: string;
  /** Who subscribed it: a visitor through the public form, an administrator, or the system. */
  source: 'visitor' | 'admin' | 'system';
  /** positionSortKey: breaks subscribedAt ties in log order (not returned by queries). */
  sortKey?: string;
};
