/**
 * Newsletter subscription events, stored in the stream `subscription-{subscriptionId}` where
 * the id is random (commands/newsletter/subscriber-ids.ts links the address to it in the key
 * store, outside the log; older subscriptions have the sha256 of the address). One stream per
 * address: a second subscription of the same address gets the same id and is decided on the
 * same stream (optimistic concurrency), so it is never a second subscriber.
 *
 * The time of each fact is the event's metadata `occurredAt`; the data holds only the fact.
 * The e-mail is stored lowercase and trimmed (spec section 5), and only in VisitorSubscribed:
 * unsubscribing, reactivating and deleting name the subscription by its id.
 *
 * Lifecycle: VisitorSubscribed -> (inactive by VisitorUnsubscribed (the link),
 * SubscriberUnsubscribedByAdministrator or SubscriptionDeactivatedByBounces <->
 * SubscriptionReactivated)* -> SubscriptionDeleted (the back office's delete, an erasure
 * request); after a deletion the same address may subscribe again, which starts over with
 * VisitorSubscribed. SubscriberBounced and SubscriberPreferencesChanged may come while active
 * or inactive.
 *
 * Fields added later are optional, so logs written before them replay unchanged.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';
import { PREFERENCE_MEDICATION_VALUES, type PreferenceMedication } from './preferences';
import { isSimpleEmail, normaliseSubscriberEmail, UNSUBSCRIBE_REASON_MAX } from './rules';
import { STATE_CODES, type StateCode } from '../shared/reference/states';

export const SUBSCRIPTION_STREAM_PREFIX = 'subscription-';
export const subscriptionStreamId = (subscriptionId: string): string =>
  `${SUBSCRIPTION_STREAM_PREFIX}${subscriptionId}`;

const subscriptionId = z.string().min(1);

export const subscriptionEventSchemas = {
  VisitorSubscribed: z.object({
    subscriptionId,
    /** Normalised: trimmed and lowercase. */
    email: z
      .string()
      .refine(
        (email) => isSimpleEmail(email) && email === normaliseSubscriberEmail(email),
        'E-mail must be a normalised (trimmed, lowercase) x@y.z address',
      ),
    /** Whether the weekly issue is wanted; absent (older events) means yes. */
    weeklyIssue: z.boolean().optional(),
  }),
  /** The one-click unsubscribe link was used: the subscription turns Inactive. */
  VisitorUnsubscribed: z.object({ subscriptionId }),
  /**
   * An inactive subscriber subscribed again: Active once more, whatever made it inactive, and
   * its bounces forgotten. `weeklyIssue` as in VisitorSubscribed (absent: unchanged).
   */
  SubscriptionReactivated: z.object({ subscriptionId, weeklyIssue: z.boolean().optional() }),
  /** An administrator unsubscribed someone (asked by mail, say): Inactive, with their reason. */
  SubscriberUnsubscribedByAdministrator: z.object({
    subscriptionId,
    reason: z.string().trim().min(1).max(UNSUBSCRIBE_REASON_MAX),
  }),
  /** A mail server refused a message for good (a permanent SMTP refusal), what it answered. */
  SubscriberBounced: z.object({
    subscriptionId,
    issueId: z.string().min(1).optional(),
    response: z.string().max(2000),
  }),
  /** The second bounce of an active subscription: Inactive. */
  SubscriptionDeactivatedByBounces: z.object({ subscriptionId }),
  /**
   * The subscriber chose what they want (the preferences page). Every field but the id is
   * sealed in the log with the subscriber's key; after an erasure the event reads
   * `{ subscriptionId, erased: true }` (see preferencesOf).
   */
  SubscriberPreferencesChanged: z.object({
    subscriptionId,
    medications: z.array(z.enum(PREFERENCE_MEDICATION_VALUES)),
    state: z.enum(STATE_CODES).nullable(),
    weeklyIssue: z.boolean(),
    priceAlerts: z.boolean(),
  }),
  /**
   * An administrator deleted the subscription (an erasure request). `wasActive` is the status
   * it left, so the dashboard's count of active subscribers moves by the event alone.
   */
  SubscriptionDeleted: z.object({ subscriptionId, wasActive: z.boolean() }),
} as const;

/**
 * The address a VisitorSubscribed carries, or null when it was erased: the event log stores it
 * sealed with the subscriber's own key (commands/newsletter/sealed-event-store.ts), and once
 * the subscription is deleted the key is gone and the event reads
 * `{ subscriptionId, email: null, erased: true }`.
 */
export function subscribedEmail(data: { email?: unknown }): string | null {
  return typeof data.email === 'string' ? data.email : null;
}

/**
 * The preferences a SubscriberPreferencesChanged carries, or null when it was erased (its key
 * destroyed: the sealed fields are gone and the event reads `{ subscriptionId, erased: true }`).
 */
export function preferencesOf(data: {
  medications?: unknown;
  state?: unknown;
  weeklyIssue?: unknown;
  priceAlerts?: unknown;
}): {
  medications: PreferenceMedication[];
  state: StateCode | null;
  weeklyIssue: boolean;
  priceAlerts: boolean;
} | null {
  if (!Array.isArray(data.medications) || typeof data.weeklyIssue !== 'boolean') return null;
  return {
    medications: data.medications as PreferenceMedication[], // checked on append
    state: typeof data.state === 'string' ? (data.state as StateCode) : null,
    weeklyIssue: data.weeklyIssue,
    priceAlerts: data.priceAlerts === true,
  };
}

type Schemas = typeof subscriptionEventSchemas;
export type SubscriptionEventType = keyof Schemas;
export type SubscriptionEventData<T extends SubscriptionEventType> = z.infer<Schemas[T]>;

export type VisitorSubscribed = SubscriptionEventData<'VisitorSubscribed'>;

/** Any subscription event as a decider emits it. */
export type SubscriptionEvent = {
  [T in SubscriptionEventType]: DomainEvent<T, SubscriptionEventData<T>>;
}[SubscriptionEventType];

export const SUBSCRIPTION_EVENT_TYPES = Object.keys(
  subscriptionEventSchemas,
) as SubscriptionEventType[];

export function isSubscriptionEventType(type: string): type is SubscriptionEventType {
  return Object.hasOwn(subscriptionEventSchemas, type);
}

/** Narrows a stored event to a subscription event; data is trusted (validated on append). */
export function asSubscriptionEvent(event: {
  type: string;
  data: unknown;
}): SubscriptionEvent | null {
  return isSubscriptionEventType(event.type) ? (event as SubscriptionEvent) : null;
}
