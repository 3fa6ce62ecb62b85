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

describe('fold', () => {
  it('no events: absent', () => {
    expect(foldSubscription([])).toEqual({ status: 'absent' });
  });

  it('VisitorSubscribed: active, with the id and e-mail', () => {
    expect(foldSubscription([subscribed])).toEqual({
      status: 'active',
      subscriptionId: 'h-1',
      email: 'ann@example.com',
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
