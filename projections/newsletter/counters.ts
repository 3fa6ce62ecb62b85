import { asSubscriptionEvent } from '../../domain/newsletter/events';
import type { DashboardCounter } from '../dashboard';

/**
 * Active newsletter subscribers: +1 subscribed or reactivated, -1 unsubscribed (by the link,
 * an administrator or two bounces), -1 deleted while active (the event carries the status it
 * left). The decider emits each only when the status changes, so counting every event once is
 * exact.
 */
export const newsletterCounters: DashboardCounter[] = [
  {
    name: 'subscriptions',
    eventTypes: [
      'VisitorSubscribed',
      'SubscriptionReactivated',
      'VisitorUnsubscribed',
      'SubscriberUnsubscribedByAdministrator',
      'SubscriptionDeactivatedByBounces',
      'SubscriptionDeleted',
    ],
    delta(recorded) {
      const event = asSubscriptionEvent(recorded);
      if (!event) return 0;
      switch (event.type) {
        case 'VisitorSubscribed':
        case 'SubscriptionReactivated':
          return 1;
        case 'VisitorUnsubscribed':
        case 'SubscriberUnsubscribedByAdministrator':
        case 'SubscriptionDeactivatedByBounces':
          return -1;
        case 'SubscriptionDeleted':
          return event.data.wasActive ? -1 : 0;
        case 'SubscriberBounced':
        case 'SubscriberPreferencesChanged':
          return 0;
      }
    },
  },
];
