/**
 * Issue 26, subscribers: an administrator unsubscribes someone with a reason, bounces (two make
 * an active subscriber inactive), preferences, the weekly issue at subscription, and
 * subscribing again after any kind of inactive. Given(events) / When(command) / Then(events or
 * refusal).
 */
import { describe, expect, it } from 'vitest';
import { foldSubscription, subscriptionDecider } from '../../../domain/newsletter/decider';
import {
  preferencesOf,
  subscriptionEventSchemas,
  type SubscriptionEvent,
} from '../../../domain/newsletter/events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const { given } = DeciderSpecification.for(subscriptionDecider);
const ID = 'h-1';

const subscribed: SubscriptionEvent = {
  type: 'VisitorSubscribed',
  data: { subscriptionId: ID, email: 'ann@example.com' },
};
const unsubscribed: SubscriptionEvent = {
  type: 'VisitorUnsubscribed',
  data: { subscriptionId: ID },
};
const byAdministrator: SubscriptionEvent = {
  type: 'SubscriberUnsubscribedByAdministrator',
  data: { subscriptionId: ID, reason: 'Asked by mail on 3 May' },
};
const bounced: SubscriptionEvent = {
  type: 'SubscriberBounced',
  data: { subscriptionId: ID, issueId: 'i-1', response: '550 mailbox unavailable' },
};
const deactivated: SubscriptionEvent = {
  type: 'SubscriptionDeactivatedByBounces',
  data: { subscriptionId: ID },
};
const reactivated: SubscriptionEvent = {
  type: 'SubscriptionReactivated',
  data: { subscriptionId: ID },
};
const deleted: SubscriptionEvent = {
  type: 'SubscriptionDeleted',
  data: { subscriptionId: ID, wasActive: true },
};
const preferences = {
  medications: ['tirzepatide' as const],
  state: 'OH' as const,
  weeklyIssue: false,
  priceAlerts: true,
};
const changed: SubscriptionEvent = {
  type: 'SubscriberPreferencesChanged',
  data: { subscriptionId: ID, ...preferences },
};

const notFound = { code: 'subscription_not_found', message: 'Subscription not found' };

describe('Subscribe with the weekly issue or without it', () => {
  it('given nothing, a subscriber for price alerts only is recorded without the weekly issue', () => {
    given([])
      .when({ type: 'Subscribe', subscriptionId: ID, email: 'ann@example.com', weeklyIssue: false })
      .then([
        {
          type: 'VisitorSubscribed',
          data: { subscriptionId: ID, email: 'ann@example.com', weeklyIssue: false },
        },
      ]);
  });

  it('given one without the weekly issue, subscribing from the form turns the weekly issue on', () => {
    const alertsOnly: SubscriptionEvent = {
      type: 'VisitorSubscribed',
      data: { subscriptionId: ID, email: 'ann@example.com', weeklyIssue: false },
    };
    given([alertsOnly])
      .when({ type: 'Subscribe', subscriptionId: ID, email: 'ann@example.com' })
      .then([
        {
          type: 'SubscriberPreferencesChanged',
          data: {
            subscriptionId: ID,
            medications: [],
            state: null,
            weeklyIssue: true,
            priceAlerts: true,
          },
        },
      ]);
  });

  it('given an active subscriber with the weekly issue, asking for alerts only is "already subscribed"', () => {
    given([subscribed])
      .when({ type: 'Subscribe', subscriptionId: ID, email: 'ann@example.com', weeklyIssue: false })
      .thenThrows(DecisionError, { code: 'already_subscribed' });
  });
});

describe('UnsubscribeByAdministrator', () => {
  const command = {
    type: 'UnsubscribeByAdministrator' as const,
    subscriptionId: ID,
    reason: '  Asked by mail on 3 May ',
  };

  it('given an active subscriber, records the administrator unsubscribing them with the reason trimmed', () => {
    given([subscribed]).when(command).then([byAdministrator]);
  });

  it.each([
    ['by the link', unsubscribed],
    ['by an administrator', byAdministrator],
    ['after two bounces', deactivated],
  ])('given a subscriber inactive %s, it is refused: already inactive', (_how, inactive) => {
    given([subscribed, inactive]).when(command).thenThrows(DecisionError, {
      code: 'already_inactive',
      message: 'This subscriber is already inactive',
    });
  });

  it('given no subscription, or a deleted one, it is refused: not found', () => {
    given([]).when(command).thenThrows(DecisionError, notFound);
    given([subscribed, deleted]).when(command).thenThrows(DecisionError, notFound);
  });
});

describe('RecordBounce', () => {
  const command = {
    type: 'RecordBounce' as const,
    subscriptionId: ID,
    issueId: 'i-1',
    response: '550 mailbox unavailable',
  };

  it('given an active subscriber never bounced, records the bounce only', () => {
    given([subscribed]).when(command).then([bounced]);
  });

  it('given an active subscriber bounced once, the second bounce also makes it inactive', () => {
    given([subscribed, bounced]).when(command).then([bounced, deactivated]);
  });

  it('given an inactive subscriber, the bounce is recorded and nothing else', () => {
    given([subscribed, bounced, unsubscribed]).when(command).then([bounced]);
  });

  it('given a subscriber who bounced, then subscribed again, the count starts over', () => {
    given([subscribed, bounced, deactivated, reactivated]).when(command).then([bounced]);
  });

  it('given a bounce without an issue (the welcome mail), the event names none', () => {
    given([subscribed])
      .when({ type: 'RecordBounce', subscriptionId: ID, response: '550 no such user' })
      .then([
        { type: 'SubscriberBounced', data: { subscriptionId: ID, response: '550 no such user' } },
      ]);
  });

  it('given no subscription, or a deleted one, it is refused: not found', () => {
    given([]).when(command).thenThrows(DecisionError, notFound);
    given([subscribed, deleted]).when(command).thenThrows(DecisionError, notFound);
  });
});

describe('ChangePreferences', () => {
  const command = { type: 'ChangePreferences' as const, subscriptionId: ID, ...preferences };

  it('given an active subscriber, records the new preferences', () => {
    given([subscribed]).when(command).then([changed]);
  });

  it('given an inactive subscriber, records them too (kept for a return)', () => {
    given([subscribed, unsubscribed]).when(command).then([changed]);
  });

  it('given the same preferences already, nothing happens', () => {
    given([subscribed, changed]).when(command).thenNothingHappened();
  });

  it('given no subscription, or a deleted one, it is refused: not found', () => {
    given([]).when(command).thenThrows(DecisionError, notFound);
    given([subscribed, deleted]).when(command).thenThrows(DecisionError, notFound);
  });
});

describe('Subscribe again after any kind of inactive', () => {
  it.each([
    ['by the link', [unsubscribed]],
    ['by an administrator', [byAdministrator]],
    ['after two bounces', [bounced, bounced, deactivated]],
  ])('given a subscriber inactive %s, subscribing reactivates them', (_how, history) => {
    given([subscribed, ...history])
      .when({ type: 'Subscribe', subscriptionId: ID, email: 'ann@example.com' })
      .then([reactivated]);
  });

  it('given a reactivation, the subscriber is active with no bounces and the weekly issue on', () => {
    const state = foldSubscription([subscribed, changed, bounced, deactivated, reactivated]);
    expect(state).toMatchObject({
      status: 'active',
      bounces: 0,
      preferences: { ...preferences, weeklyIssue: true },
    });
  });

  it('given an alerts-only return, the reactivation keeps the weekly issue off', () => {
    given([subscribed, unsubscribed])
      .when({ type: 'Subscribe', subscriptionId: ID, email: 'ann@example.com', weeklyIssue: false })
      .then([
        { type: 'SubscriptionReactivated', data: { subscriptionId: ID, weeklyIssue: false } },
      ]);
  });
});

describe('events read back', () => {
  it('old events (no weeklyIssue) still pass their schemas', () => {
    expect(subscriptionEventSchemas.VisitorSubscribed.safeParse(subscribed.data).success).toBe(
      true,
    );
    expect(
      subscriptionEventSchemas.SubscriptionReactivated.safeParse({ subscriptionId: ID }).success,
    ).toBe(true);
  });

  it('an erased preferences event reads as no preferences, and folds to nothing new', () => {
    expect(preferencesOf({ subscriptionId: ID, erased: true } as never)).toBeNull(); // as never: the erased shape is what the log gives back, not what deciders emit
    expect(preferencesOf(changed.data)).toEqual(preferences);
  });

  it('the preferences schema refuses a medication or a state outside the lists', () => {
    const schema = subscriptionEventSchemas.SubscriberPreferencesChanged;
    expect(schema.safeParse({ ...changed.data, medications: ['liraglutide'] }).success).toBe(false);
    expect(schema.safeParse({ ...changed.data, state: 'ZZ' }).success).toBe(false);
  });
});
