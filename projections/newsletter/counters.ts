import { asSubscriptionEvent } from '../../domain/newsletter/events';
import type { DashboardCounter } from '../dashboard';

/**
 * Active newsletter subscribers: +1 subscribed or reactivated, -1 unsubscribed, -1 deleted
 * while active (the event carries the status it left). The decider emits each only when the
 * status changes, so counting every event once is exact.
 */
export const newsletterCounters: DashboardCounter[] = [
  {
    name: 'subscriptions',
    eventTypes: [
      'VisitorSubscribed',
      'SubscriptionReactivated',
      'VisitorUnsubscribed',
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
          return -1;
        case 'SubscriptionDeleted':
          return event.data.wasActive ? -1 : 0;
      }
    },
  },
];
