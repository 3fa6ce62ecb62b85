/**
 * Newsletter commands: one stream per subscription, decided by subscriptionDecider. The
 * subscription id of an address comes from SubscriberIds (subscriber-ids.ts, async: the key
 * store links the address to it), resolved by the caller before it dispatches.
 */
import { z } from 'zod';
import { subscriptionDecider, type SubscriptionCommand } from '../../domain/newsletter/decider';
import { subscriptionEventSchemas } from '../../domain/newsletter/events';
import { NEWSLETTER_MESSAGES, validateSubscriberEmail } from '../../domain/newsletter/rules';
import { declareCommand, onStream, writeModel } from '../command';
import { SUBSCRIPTION_ID_PATTERN } from './streams';
import { subscriptionStreamId as streamOfId } from '../../domain/newsletter/events';

const subscriptionModel = writeModel(subscriptionDecider, subscriptionEventSchemas);

/** A newsletter address: the domain rule decides (x@y.z after trimming), then lowercased. */
export const subscriberEmail = z
  .string({ error: NEWSLETTER_MESSAGES.invalid })
  .transform((value, ctx) => {
    const check = validateSubscriberEmail(value);
    if (check.ok) return check.email;
    ctx.addIssue({ code: 'custom', message: check.error });
    return z.NEVER;
  });

/** A subscription's id as the stream names it: 32 hex characters (64 for a legacy one). */
export const subscriptionIdField = z
  .string({ error: 'Subscription id is required' })
  .regex(SUBSCRIPTION_ID_PATTERN, 'Subscription id must be 32 or 64 hexadecimal characters');

export const subscribeToNewsletterCommand = z.object({
  type: z.literal('SubscribeToNewsletter'),
  email: subscriberEmail,
  /** SubscriberIds.idFor(email): the address's one subscription. */
  subscriptionId: subscriptionIdField,
});

export const unsubscribeFromNewsletterCommand = z.object({
  type: z.literal('UnsubscribeFromNewsletter'),
  subscriptionId: subscriptionIdField,
});

export const deleteSubscriptionCommand = z.object({
  type: z.literal('DeleteSubscription'),
  subscriptionId: subscriptionIdField,
});

const onSubscription = (subscriptionId: string, command: SubscriptionCommand) => [
  onStream(subscriptionModel, streamOfId(subscriptionId), {
    id: subscriptionId,
    decide: (state, now) => subscriptionDecider.decide(command, state, now),
  }),
];

export const newsletterCommands = {
  SubscribeToNewsletter: declareCommand({
    schema: subscribeToNewsletterCommand,
    // Two subscriptions of one address race on one stream: the loser decides again on the
    // fresh history and answers 'already subscribed' (or reactivates, never a second one).
    streams: ({ email, subscriptionId }) =>
      onSubscription(subscriptionId, { type: 'Subscribe', subscriptionId, email }),
  }),
  UnsubscribeFromNewsletter: declareCommand({
    schema: unsubscribeFromNewsletterCommand,
    streams: ({ subscriptionId }) =>
      onSubscription(subscriptionId, { type: 'Unsubscribe', subscriptionId }),
  }),
  DeleteSubscription: declareCommand({
    schema: deleteSubscriptionCommand,
    streams: ({ subscriptionId }) =>
      onSubscription(subscriptionId, { type: 'DeleteSubscription', subscriptionId }),
  }),
};
