import type { Document } from '../read-store/port';

export const NEWSLETTER_COLLECTIONS = { subscriptions: 'subscriptions' } as const;

/**
 * A subscription's personal fields: the address, what it follows, and an administrator's
 * reason. Sealed together where the list is kept on disk (projections/read-store/sealed.ts).
 */
export const SUBSCRIPTION_SEALED_FIELDS = [
  'email',
  'medications',
  'state',
  'inactiveReason',
] as const;

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
  /**
   * The permanent refusals by its mail server since it (last) subscribed, as the sort keys of
   * their events: a set, so a bounce applied twice (a crash between a write and its
   * checkpoint re-applies one event) counts once. Their number is the row's `bounces`.
   */
  bouncedAt: string[];
  /** How the count was kept before `bouncedAt` (a read model not rebuilt since). */
  bounces?: number;
  /** positionSortKey of the (last) subscription: the list's order, newest first, and its cursor. */
  sortKey?: string;
};

/** What a new subscription's document holds besides who and when: the defaults it starts with. */
export const newSubscriptionFields = (
  weeklyIssue = true,
): Pick<
  SubscriptionDoc,
  'weeklyIssue' | 'priceAlerts' | 'medications' | 'state' | 'bouncedAt'
> => ({
  weeklyIssue,
  priceAlerts: true,
  medications: [],
  state: null,
  bouncedAt: [],
});
