/**
 * The newsletter subscription decider, one stream per e-mail. Pure: the subscription id (random,
 * linked to the address outside the log) arrives resolved by commands/.
 *
 * Commands arrive validated (commands/ checks the e-mail with validateSubscriberEmail), so the
 * decider checks only what needs the history:
 *   Subscribe     absent or deleted -> VisitorSubscribed; inactive -> SubscriptionReactivated;
 *                 active -> 'already subscribed'.
 *   Unsubscribe   active -> VisitorUnsubscribed; anything else -> nothing (a one-click link
 *                 used twice, or after a deletion, is already satisfied).
 *   Delete        active or inactive -> SubscriptionDeleted; absent or deleted -> not found.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import { NEWSLETTER_MESSAGES, normaliseSubscriberEmail } from './rules';
import { subscribedEmail, type SubscriptionEvent } from './events';

export type SubscriptionState =
  | { status: 'absent' }
  | { status: 'active' | 'inactive'; subscriptionId: string; email: string }
  | { status: 'deleted'; subscriptionId: string };

export const initialSubscriptionState: SubscriptionState = { status: 'absent' };

export type SubscriptionCommand =
  | { type: 'Subscribe'; subscriptionId: string; email: string }
  | { type: 'Unsubscribe'; subscriptionId: string }
  | { type: 'DeleteSubscription'; subscriptionId: string };

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Subscription not found';

/** What the history refuses; the API maps already_subscribed to 409 and not found to 404. */
export const subscriptionErrors = decisionErrors({
  already_subscribed: NEWSLETTER_MESSAGES.duplicate,
  subscription_not_found: SUBSCRIPTION_NOT_FOUND_MESSAGE,
});
export type SubscriptionErrorCode = keyof typeof subscriptionErrors.messages;
export const SUBSCRIPTION_ERROR_MESSAGES = subscriptionErrors.messages;

function fail(code: SubscriptionErrorCode): never {
  return subscriptionErrors.fail(code);
}

export function evolveSubscription(
  state: SubscriptionState,
  event: SubscriptionEvent,
): SubscriptionState {
  switch (event.type) {
    case 'VisitorSubscribed':
      return {
        status: 'active',
        subscriptionId: event.data.subscriptionId,
        // '' once erased (its key destroyed): only a deletion can follow, which needs no address.
        email: subscribedEmail(event.data) ?? '',
      };
    case 'VisitorUnsubscribed':
      return state.status === 'active' ? { ...state, status: 'inactive' } : state;
    case 'SubscriptionReactivated':
      return state.status === 'inactive' ? { ...state, status: 'active' } : state;
    case 'SubscriptionDeleted':
      return { status: 'deleted', subscriptionId: event.data.subscriptionId };
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
      if (state.status === 'active') fail('already_subscribed');
      if (state.status === 'inactive') {
        return [
          { type: 'SubscriptionReactivated', data: { subscriptionId: state.subscriptionId } },
        ];
      }
      return [
        {
          type: 'VisitorSubscribed',
          data: {
            subscriptionId: command.subscriptionId,
            email: normaliseSubscriberEmail(command.email),
          },
        },
      ];
    case 'Unsubscribe':
      if (state.status !== 'active') return [];
      return [{ type: 'VisitorUnsubscribed', data: { subscriptionId: state.subscriptionId } }];
    case 'DeleteSubscription':
      if (state.status !== 'active' && state.status !== 'inactive') {
        fail('subscription_not_found');
      }
      return [
        {
          type: 'SubscriptionDeleted',
          data: { subscriptionId: state.subscriptionId, wasActive: state.status === 'active' },
        },
      ];
  }
}

/** A newsletter subscription: one stream `subscription-{id}` per address. */
export const subscriptionDecider: Decider<
  SubscriptionCommand,
  SubscriptionEvent,
  SubscriptionState
> = {
  decide: (command, state) => decideSubscription(command, state),
  evolve: evolveSubscription,
  initialState: initialSubscriptionState,
};
