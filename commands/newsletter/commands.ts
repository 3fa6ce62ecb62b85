/** Newsletter commands: one stream per subscribed address, decided by subscriptionDecider. */
import { z } from 'zod';
import { subscriptionDecider } from '../../domain/newsletter/decider';
import { subscriptionEventSchemas } from '../../domain/newsletter/events';
import { NEWSLETTER_MESSAGES, validateSubscriberEmail } from '../../domain/newsletter/rules';
import { declareCommand, onStream, writeModel } from '../command';
import { subscriptionIdOf, subscriptionStreamId } from './streams';

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

export const subscribeToNewsletterCommand = z.object({
  type: z.literal('SubscribeToNewsletter'),
  email: subscriberEmail,
});

export const newsletterCommands = {
  SubscribeToNewsletter: declareCommand({
    schema: subscribeToNewsletterCommand,
    // The stream is new (appended at 'no_stream'). Losing that race means the same e-mail was
    // subscribed in between: deciding again on the fresh stream answers 'already subscribed'.
    streams: ({ email }) => {
      const subscriptionId = subscriptionIdOf(email);
      return [
        onStream(subscriptionModel, subscriptionStreamId(email), {
          id: subscriptionId,
          decide: (state, now) =>
            subscriptionDecider.decide({ type: 'Subscribe', subscriptionId, email }, state, now),
        }),
      ];
    },
  }),
};
