/**
 * Newsletter commands: one stream per subscription, decided by subscriptionDecider. The
 * subscription id of an address comes from SubscriberIds (subscriber-ids.ts, async: the key
 * store links the address to it), resolved by the caller before it dispatches.
 */
import { z } from 'zod';
import { subscriptionDecider, type SubscriptionCommand } from '../../domain/newsletter/decider';
import { subscriptionEventSchemas } from '../../domain/newsletter/events';
import {
  PREFERENCE_MESSAGES,
  readMedications,
  readState,
} from '../../domain/newsletter/preferences';
import {
  NEWSLETTER_MESSAGES,
  validateSubscriberEmail,
  validateUnsubscribeReason,
} from '../../domain/newsletter/rules';
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
  /** False for a subscriber who wants price alerts only; absent means yes. */
  weeklyIssue: z.boolean({ error: 'weeklyIssue must be true or false' }).optional(),
});

/** The administrator's reason: one line of 1 to 200 characters (trimmed). */
const unsubscribeReason = z.unknown().transform((value, ctx) => {
  const check = validateUnsubscribeReason(value);
  if (check.ok) return check.reason;
  ctx.addIssue({ code: 'custom', message: check.error });
  return z.NEVER;
});

export const unsubscribeSubscriberByAdministratorCommand = z.object({
  type: z.literal('UnsubscribeSubscriberByAdministrator'),
  subscriptionId: subscriptionIdField,
  reason: unsubscribeReason,
});

export const recordSubscriberBounceCommand = z.object({
  type: z.literal('RecordSubscriberBounce'),
  subscriptionId: subscriptionIdField,
  issueId: z
    .string({ error: 'issueId must be text' })
    .min(1, 'issueId must not be empty')
    .optional(),
  /**
   * The mail server's answer, cut to what the event keeps. Addresses in it (servers often
   * repeat the recipient) are masked: the answer is not sealed, and must not keep an address
   * an erasure would leave behind.
   */
  response: z.string({ error: 'response must be text' }).transform((text) =>
    text
      .replace(/[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g, '[address]')
      .trim()
      .slice(0, 2000),
  ),
});

const yesOrNo = (message: string) => z.boolean({ error: message });

export const changeSubscriberPreferencesCommand = z.object({
  type: z.literal('ChangeSubscriberPreferences'),
  subscriptionId: subscriptionIdField,
  medications: z.unknown().transform((value, ctx) => {
    const medications = readMedications(value);
    if (medications) return medications;
    ctx.addIssue({ code: 'custom', message: PREFERENCE_MESSAGES.medications });
    return z.NEVER;
  }),
  state: z.unknown().transform((value, ctx) => {
    const state = readState(value);
    if (state !== undefined) return state;
    ctx.addIssue({ code: 'custom', message: PREFERENCE_MESSAGES.state });
    return z.NEVER;
  }),
  weeklyIssue: yesOrNo(PREFERENCE_MESSAGES.weeklyIssue),
  priceAlerts: yesOrNo(PREFERENCE_MESSAGES.priceAlerts),
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
    streams: ({ email, subscriptionId, weeklyIssue }) =>
      onSubscription(subscriptionId, {
        type: 'Subscribe',
        subscriptionId,
        email,
        ...(weeklyIssue === undefined ? {} : { weeklyIssue }),
      }),
  }),
  UnsubscribeFromNewsletter: declareCommand({
    schema: unsubscribeFromNewsletterCommand,
    streams: ({ subscriptionId }) =>
      onSubscription(subscriptionId, { type: 'Unsubscribe', subscriptionId }),
  }),
  UnsubscribeSubscriberByAdministrator: declareCommand({
    schema: unsubscribeSubscriberByAdministratorCommand,
    streams: ({ subscriptionId, reason }) =>
      onSubscription(subscriptionId, {
        type: 'UnsubscribeByAdministrator',
        subscriptionId,
        reason,
      }),
  }),
  RecordSubscriberBounce: declareCommand({
    schema: recordSubscriberBounceCommand,
    streams: ({ subscriptionId, issueId, response }) =>
      onSubscription(subscriptionId, {
        type: 'RecordBounce',
        subscriptionId,
        ...(issueId === undefined ? {} : { issueId }),
        response,
      }),
  }),
  ChangeSubscriberPreferences: declareCommand({
    schema: changeSubscriberPreferencesCommand,
    streams: ({ type: _type, ...preferences }) =>
      onSubscription(preferences.subscriptionId, { type: 'ChangePreferences', ...preferences }),
  }),
  DeleteSubscription: declareCommand({
    schema: deleteSubscriptionCommand,
    streams: ({ subscriptionId }) =>
      onSubscription(subscriptionId, { type: 'DeleteSubscription', subscriptionId }),
  }),
};
