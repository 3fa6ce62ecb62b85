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
  /** Active, or Inactive (the unsubscribe link, an administrator, or two bounces). */
  active: boolean;
  /** Whether the weekly issue goes to it (recipients: active and weeklyIssue !== false). */
  weeklyIssue: boolean;
  /** Whether price alerts may be mailed to it. */
  priceAlerts: boolean;
  /** The medications it follows ('semaglutide', 'tirzepatide'); empty: every one. */
  medications: string[];
  /** Its state (USPS code), or null for any state. */
  state: string | null;
  /** When it last became inactive, and how (absent while active). */
  inactiveAt?: string;
  inactiveHow?: 'link' | 'administrator' | 'bounces';
  /** The administrator's reason, when an administrator unsubscribed it. */
  inactiveReason?: string;
  /** Permanent refusals by its mail server since it (last) subscribed. */
  bounces: number;
  /** positionSortKey of the (last) subscription: the list's order, newest first, and its cursor. */
  sortKey?: string;
};

/** What a new subscription's document holds besides who and when: the defaults it starts with. */
export const newSubscriptionFields = (
  weeklyIssue = true,
): Pick<SubscriptionDoc, 'weeklyIssue' | 'priceAlerts' | 'medications' | 'state' | 'bounces'> => ({
  weeklyIssue,
  priceAlerts: true,
  medications: [],
  state: null,
  bounces: 0,
});
