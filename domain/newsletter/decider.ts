/**
 * The newsletter subscription decider, one stream per e-mail. Pure: the subscription id (random,
 * linked to the address outside the log) arrives resolved by commands/.
 *
 * Commands arrive validated (commands/ checks the e-mail, the reason and the preferences), so
 * the decider checks only what needs the history:
 *   Subscribe     absent or deleted -> VisitorSubscribed; inactive (however it became so) ->
 *                 SubscriptionReactivated (its bounces forgotten); active -> 'already
 *                 subscribed', except one who had turned the weekly issue off and now asks for
 *                 it: SubscriberPreferencesChanged with the weekly issue on.
 *   Unsubscribe   active -> VisitorUnsubscribed; anything else -> nothing (a one-click link
 *                 used twice, or after a deletion, is already satisfied).
 *   UnsubscribeByAdministrator  active -> SubscriberUnsubscribedByAdministrator; inactive ->
 *                 'already inactive'; absent or deleted -> not found.
 *   RecordBounce  active or inactive -> SubscriberBounced, and on an active subscription's
 *                 second bounce SubscriptionDeactivatedByBounces; absent or deleted -> not found.
 *   ChangePreferences  active or inactive -> SubscriberPreferencesChanged (nothing when they
 *                 are the same); absent or deleted -> not found.
 *   Delete        active or inactive -> SubscriptionDeleted; absent or deleted -> not found.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import { DEFAULT_PREFERENCES, type SubscriberPreferences } from './preferences';
import { BOUNCES_TO_DEACTIVATE, NEWSLETTER_MESSAGES, normaliseSubscriberEmail } from './rules';
import { preferencesOf, subscribedEmail, type SubscriptionEvent } from './events';

export type SubscriptionState =
  | { status: 'absent' }
  | {
      status: 'active' | 'inactive';
      subscriptionId: string;
      email: string;
      /** Bounces since it was (last) subscribed. */
      bounces: number;
      preferences: SubscriberPreferences;
    }
  | { status: 'deleted'; subscriptionId: string };

export const initialSubscriptionState: SubscriptionState = { status: 'absent' };

export type SubscriptionCommand =
  | { type: 'Subscribe'; subscriptionId: string; email: string; weeklyIssue?: boolean }
  | { type: 'Unsubscribe'; subscriptionId: string }
  | { type: 'UnsubscribeByAdministrator'; subscriptionId: string; reason: string }
  | { type: 'RecordBounce'; subscriptionId: string; issueId?: string; response: string }
  | ({ type: 'ChangePreferences'; subscriptionId: string } & SubscriberPreferences)
  | { type: 'DeleteSubscription'; subscriptionId: string };

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Subscription not found';
export const ALREADY_INACTIVE_MESSAGE = 'This subscriber is already inactive';

/**
 * What the history refuses; the API maps already_subscribed and already_inactive to 409 and
 * not found to 404.
 */
export const subscriptionErrors = decisionErrors({
  already_subscribed: NEWSLETTER_MESSAGES.duplicate,
  already_inactive: ALREADY_INACTIVE_MESSAGE,
  subscription_not_found: SUBSCRIPTION_NOT_FOUND_MESSAGE,
});
export type SubscriptionErrorCode = keyof typeof subscriptionErrors.messages;
export const SUBSCRIPTION_ERROR_MESSAGES = subscriptionErrors.messages;

function fail(code: SubscriptionErrorCode): never {
  return subscriptionErrors.fail(code);
}

const inactive = <S extends SubscriptionState>(state: S): S =>
  state.status === 'active' ? { ...state, status: 'inactive' } : state;

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
        bounces: 0,
        preferences: { ...DEFAULT_PREFERENCES, weeklyIssue: event.data.weeklyIssue !== false },
      };
    case 'VisitorUnsubscribed':
    case 'SubscriberUnsubscribedByAdministrator':
    case 'SubscriptionDeactivatedByBounces':
      return inactive(state);
    case 'SubscriptionReactivated':
      return state.status === 'inactive'
        ? {
            ...state,
            status: 'active',
            bounces: 0,
            preferences: { ...state.preferences, weeklyIssue: event.data.weeklyIssue !== false },
          }
        : state;
    case 'SubscriberBounced':
      return state.status === 'active' || state.status === 'inactive'
        ? { ...state, bounces: state.bounces + 1 }
        : state;
    case 'SubscriberPreferencesChanged': {
      // Erased (read after a deletion): nothing to know, and a deletion follows anyway.
      const preferences = preferencesOf(event.data);
      return preferences && (state.status === 'active' || state.status === 'inactive')
        ? { ...state, preferences }
        : state;
    }
    case 'SubscriptionDeleted':
      return { status: 'deleted', subscriptionId: event.data.subscriptionId };
  }
}

export function foldSubscription(events: readonly SubscriptionEvent[]): SubscriptionState {
  return events.reduce(evolveSubscription, initialSubscriptionState);
}

const samePreferences = (a: SubscriberPreferences, b: SubscriberPreferences) =>
  a.state === b.state &&
  a.weeklyIssue === b.weeklyIssue &&
  a.priceAlerts === b.priceAlerts &&
  a.medications.length === b.medications.length &&
  a.medications.every((m, i) => b.medications[i] === m);

type Known = Extract<SubscriptionState, { status: 'active' | 'inactive' }>;

/** The subscription, active or inactive; absent or deleted is 'Subscription not found'. */
function known(state: SubscriptionState): Known {
  if (state.status !== 'active' && state.status !== 'inactive') fail('subscription_not_found');
  return state;
}

export function decideSubscription(
  command: SubscriptionCommand,
  state: SubscriptionState,
): SubscriptionEvent[] {
  switch (command.type) {
    case 'Subscribe': {
      const weekly = command.weeklyIssue === undefined ? {} : { weeklyIssue: command.weeklyIssue };
      if (state.status === 'active') {
        // Asking for the weekly issue after turning it off (or subscribing for alerts only).
        if (command.weeklyIssue !== false && !state.preferences.weeklyIssue) {
          return [
            {
              type: 'SubscriberPreferencesChanged',
              data: {
                subscriptionId: state.subscriptionId,
                ...state.preferences,
                weeklyIssue: true,
              },
            },
          ];
        }
        fail('already_subscribed');
      }
      if (state.status === 'inactive') {
        return [
          {
            type: 'SubscriptionReactivated',
            data: { subscriptionId: state.subscriptionId, ...weekly },
          },
        ];
      }
      return [
        {
          type: 'VisitorSubscribed',
          data: {
            subscriptionId: command.subscriptionId,
            email: normaliseSubscriberEmail(command.email),
            ...weekly,
          },
        },
      ];
    }
    case 'Unsubscribe':
      if (state.status !== 'active') return [];
      return [{ type: 'VisitorUnsubscribed', data: { subscriptionId: state.subscriptionId } }];
    case 'UnsubscribeByAdministrator': {
      const subscription = known(state);
      if (subscription.status === 'inactive') fail('already_inactive');
      return [
        {
          type: 'SubscriberUnsubscribedByAdministrator',
          data: { subscriptionId: subscription.subscriptionId, reason: command.reason.trim() },
        },
      ];
    }
    case 'RecordBounce': {
      const subscription = known(state);
      const { subscriptionId } = subscription;
      const bounced: SubscriptionEvent = {
        type: 'SubscriberBounced',
        data: {
          subscriptionId,
          ...(command.issueId === undefined ? {} : { issueId: command.issueId }),
          response: command.response,
        },
      };
      if (subscription.status === 'active' && subscription.bounces + 1 >= BOUNCES_TO_DEACTIVATE) {
        return [bounced, { type: 'SubscriptionDeactivatedByBounces', data: { subscriptionId } }];
      }
      return [bounced];
    }
    case 'ChangePreferences': {
      const subscription = known(state);
      const preferences: SubscriberPreferences = {
        medications: command.medications,
        state: command.state,
        weeklyIssue: command.weeklyIssue,
        priceAlerts: command.priceAlerts,
      };
      if (samePreferences(subscription.preferences, preferences)) return [];
      return [
        {
          type: 'SubscriberPreferencesChanged',
          data: { subscriptionId: subscription.subscriptionId, ...preferences },
        },
      ];
    }
    case 'DeleteSubscription': {
      const subscription = known(state);
      return [
        {
          type: 'SubscriptionDeleted',
          data: {
            subscriptionId: subscription.subscriptionId,
            wasActive: subscription.status === 'active',
          },
        },
      ];
    }
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
