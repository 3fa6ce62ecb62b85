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
 * Lifecycle: VisitorSubscribed -> (VisitorUnsubscribed <-> SubscriptionReactivated)* ->
 * SubscriptionDeleted (the back office's delete, an erasure request); after a deletion the
 * same address may subscribe again, which starts over with VisitorSubscribed.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';
import { isSimpleEmail, normaliseSubscriberEmail } from './rules';

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
  }),
  /** The one-click unsubscribe link was used: the subscription turns Inactive. */
  VisitorUnsubscribed: z.object({ subscriptionId }),
  /** An inactive subscriber subscribed again: Active once more. */
  SubscriptionReactivated: z.object({ subscriptionId }),
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
