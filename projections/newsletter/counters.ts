import type { DashboardCounter } from '../dashboard';

/** Newsletter subscribers: each subscribed address counts once. */
export const newsletterCounters: DashboardCounter[] = [
  {
    name: 'subscriptions',
    eventTypes: ['VisitorSubscribed'],
    membership: (event) => ({
      member: (event.data as { subscriptionId: string }).subscriptionId,
      counted: true,
    }),
  },
];
