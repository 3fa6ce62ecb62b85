/**
 * Newsletter subscriptions as Given(events) / When(command) / Then(events or error), and the
 * event schema the bus checks appended data against.
 */
import { describe, expect, it } from 'vitest';
import { foldSubscription, subscriptionDecider } from '../../../domain/newsletter/decider';
import {
  asSubscriptionEvent,
  subscriptionEventSchemas,
  subscriptionStreamId,
  type SubscriptionEvent,
} from '../../../domain/newsletter/events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const { given } = DeciderSpecification.for(subscriptionDecider);

const subscribed: SubscriptionEvent = {
  type: 'VisitorSubscribed',
  data: { subscriptionId: 'h-1', email: 'ann@example.com' },
};

describe('Subscribe', () => {
  it('given no subscription, records the visitor as subscribed with the e-mail normalised', () => {
    given([])
      .when({ type: 'Subscribe', subscriptionId: 'h-1', email: '  Ann@Example.COM ' })
      .then([subscribed]);
  });

  it('given the e-mail is subscribed, it is refused with the spec message', () => {
    given([subscribed])
      .when({ type: 'Subscribe', subscriptionId: 'h-1', email: 'ann@example.com' })
      .thenThrows(DecisionError, {
        code: 'already_subscribed',
        message: 'This email is already subscribed to our updates.',
      });
  });
});

const unsubscribed: SubscriptionEvent = {
  type: 'VisitorUnsubscribed',
  data: { subscriptionId: 'h-1' },
};
const reactivated: SubscriptionEvent = {
  type: 'SubscriptionReactivated',
  data: { subscriptionId: 'h-1' },
};
const deleted = (wasActive: boolean): SubscriptionEvent => ({
  type: 'SubscriptionDeleted',
  data: { subscriptionId: 'h-1', wasActive },
});

describe('Unsubscribe (the one-click link)', () => {
  it('given an active subscription, records the visitor as unsubscribed', () => {
    given([subscribed]).when({ type: 'Unsubscribe', subscriptionId: 'h-1' }).then([unsubscribed]);
  });

  it('given it is already inactive, nothing happens (the link used twice)', () => {
    given([subscribed, unsubscribed])
      .when({ type: 'Unsubscribe', subscriptionId: 'h-1' })
      .thenNothingHappened();
  });

  it('given no subscription, or a deleted one, nothing happens (nothing to stop)', () => {
    given([]).when({ type: 'Unsubscribe', subscriptionId: 'h-1' }).thenNothingHappened();
    given([subscribed, deleted(true)])
      .when({ type: 'Unsubscribe', subscriptionId: 'h-1' })
      .thenNothingHappened();
  });

  it('given it was reactivated, unsubscribing works again', () => {
    given([subscribed, unsubscribed, reactivated])
      .when({ type: 'Unsubscribe', subscriptionId: 'h-1' })
      .then([unsubscribed]);
  });
});

describe('Subscribe again (reactivation)', () => {
  it('given an inactive subscription, subscribing reactivates it (no second subscriber)', () => {
    given([subscribed, unsubscribed])
      .when({ type: 'Subscribe', subscriptionId: 'h-1', email: 'ANN@example.com' })
      .then([reactivated]);
  });

  it('given it was reactivated, subscribing once more is a duplicate', () => {
    given([subscribed, unsubscribed, reactivated])
      .when({ type: 'Subscribe', subscriptionId: 'h-1', email: 'ann@example.com' })
      .thenThrows(DecisionError, { code: 'already_subscribed' });
  });

  it('given a deleted subscription, the address subscribes afresh', () => {
    given([subscribed, deleted(true)])
      .when({ type: 'Subscribe', subscriptionId: 'h-1', email: 'ann@example.com' })
      .then([subscribed]);
  });
});

describe('DeleteSubscription (erasure)', () => {
  it('given an active subscription, records the deletion and that it was active', () => {
    given([subscribed])
      .when({ type: 'DeleteSubscription', subscriptionId: 'h-1' })
      .then([deleted(true)]);
  });

  it('given an inactive one, records the deletion and that it was not active', () => {
    given([subscribed, unsubscribed])
      .when({ type: 'DeleteSubscription', subscriptionId: 'h-1' })
      .then([deleted(false)]);
  });

  it.each([
    ['no subscription', []],
    ['an already deleted one', [subscribed, deleted(true)]],
  ] as const)('given %s, it is refused as not found', (_case, history) => {
    given(history)
      .when({ type: 'DeleteSubscription', subscriptionId: 'h-1' })
      .thenThrows(DecisionError, {
        code: 'subscription_not_found',
        message: 'Subscription not found',
      });
  });

  it('after a deletion the state keeps no address', () => {
    expect(foldSubscription([subscribed, deleted(true)])).toEqual({
      status: 'deleted',
      subscriptionId: 'h-1',
    });
  });
});

describe('fold', () => {
  it('no events: absent', () => {
    expect(foldSubscription([])).toEqual({ status: 'absent' });
  });

  it('VisitorSubscribed: active, with the id and e-mail', () => {
    expect(foldSubscription([subscribed])).toEqual({
      status: 'active',
      subscriptionId: 'h-1',
      email: 'ann@example.com',
      bounces: 0,
      preferences: {
        medications: [],
        state: null,
        weeklyIssue: true,
        priceAlerts: true,
      },
    });
  });
});

describe('events', () => {
  it('the stream is named by the subscription id', () => {
    expect(subscriptionStreamId('abc')).toBe('subscription-abc');
  });

  it('narrows stored events by type', () => {
    expect(asSubscriptionEvent(subscribed)).toBe(subscribed);
    expect(asSubscriptionEvent({ type: 'ProviderListed', data: {} })).toBeNull();
  });

  it.each([
    [{ subscriptionId: 'h-1', email: 'ann@example.com' }, true],
    [{ subscriptionId: 'h-1', email: 'a@b.c' }, true],
    [{ subscriptionId: 'h-1', email: 'Ann@example.com' }, false],
    [{ subscriptionId: 'h-1', email: ' ann@example.com' }, false],
    [{ subscriptionId: 'h-1', email: 'ann@example' }, false],
    [{ subscriptionId: '', email: 'ann@example.com' }, false],
    [{ email: 'ann@example.com' }, false],
  ])('VisitorSubscribed data %j valid: %s', (data, valid) => {
    expect(subscriptionEventSchemas.VisitorSubscribed.safeParse(data).success).toBe(valid);
  });
});
