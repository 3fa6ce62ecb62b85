/**
 * The newsletter subscription decider, one stream per e-mail. Pure: the subscription id (the
 * hash of the e-mail) arrives computed by commands/.
 *
 * Commands arrive validated (commands/ checks the e-mail with validateSubscriberEmail), so the
 * decider checks only what needs the history: whether the address is already subscribed.
 * Removing a subscription (unsubscribe, the back office's delete) is a later command; the
 * state and the command are unions so it joins as one more case.
 */
import { NEWSLETTER_MESSAGES, normaliseSubscriberEmail } from '../rules/newsletter';
import type { SubscriptionEvent } from './events';

export type SubscriptionState =
  { status: 'absent' } | { status: 'subscribed'; subscriptionId: string; email: string };

export const initialSubscriptionState: SubscriptionState = { status: 'absent' };

export type SubscriptionCommand = { type: 'Subscribe'; subscriptionId: string; email: string };

export type SubscriptionErrorCode = 'already_subscribed';

export const SUBSCRIPTION_ERROR_MESSAGES: Record<SubscriptionErrorCode, string> = {
  already_subscribed: NEWSLETTER_MESSAGES.duplicate,
};

/** A command the history does not allow. The API maps `code` to 409. */
export class SubscriptionDecisionError extends Error {
  override readonly name = 'SubscriptionDecisionError';
  constructor(
    readonly code: SubscriptionErrorCode,
    message: string = SUBSCRIPTION_ERROR_MESSAGES[code],
  ) {
    super(message);
  }
}

function fail(code: SubscriptionErrorCode): never {
  throw new SubscriptionDecisionError(code);
}

export function evolveSubscription(
  _state: SubscriptionState,
  event: SubscriptionEvent,
): SubscriptionState {
  switch (event.type) {
    case 'VisitorSubscribed':
      return {
        status: 'subscribed',
        subscriptionId: event.data.subscriptionId,
        email: event.data.email,
      };
  }
}

export function foldSubscription(events: readonly SubscriptionEvent[]): SubscriptionState {
  return events.reduce(evolveSubscription, initialSubscriptionState);
}

export function decideSubscription(
  command: SubscriptionCommand,
  state: SubscriptionState,
): SubscriptionEvent[] {
  switch (command.type) {
    case 'Subscribe':
      if (state.status !== 'absent') fail('already_subscribed');
      return [
        {
          type: 'VisitorSubscribed',
          data: {
            subscriptionId: command.subscriptionId,
            email: normaliseSubscriberEmail(command.email),
          },
        },
      ];
  }
}
