/**
 * The newsletter subscription decider, one stream per e-mail. Pure: the subscription id (the
 * hash of the e-mail) arrives computed by commands/.
 *
 * Commands arrive validated (commands/ checks the e-mail with validateSubscriberEmail), so the
 * decider checks only what needs the history: whether the address is already subscribed.
 * Removing a subscription (unsubscribe, the back office's delete) is a later command; the
 * state and the command are unions so it joins as one more case.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import { NEWSLETTER_MESSAGES, normaliseSubscriberEmail } from './rules';
import type { SubscriptionEvent } from './events';

export type SubscriptionState =
  { status: 'absent' } | { status: 'subscribed'; subscriptionId: string; email: string };

export const initialSubscriptionState: SubscriptionState = { status: 'absent' };

export type SubscriptionCommand = { type: 'Subscribe'; subscriptionId: string; email: string };

/** What the history refuses; the API maps it to 409. */
export const subscriptionErrors = decisionErrors({
  already_subscribed: NEWSLETTER_MESSAGES.duplicate,
});
export type SubscriptionErrorCode = keyof typeof subscriptionErrors.messages;
export const SUBSCRIPTION_ERROR_MESSAGES = subscriptionErrors.messages;

function fail(code: SubscriptionErrorCode): never {
  return subscriptionErrors.fail(code);
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

/** A newsletter subscription: one stream `subscription-{sha256(e-mail)}` per address. */
export const subscriptionDecider: Decider<
  SubscriptionCommand,
  SubscriptionEvent,
  SubscriptionState
> = {
  decide: (command, state) => decideSubscription(command, state),
  evolve: evolveSubscription,
  initialState: initialSubscriptionState,
};
