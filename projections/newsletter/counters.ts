import type { DashboardCounter } from '../dashboard';

/** Newsletter subscribers: each address subscribes once (its stream is appended at 'no stream'). */
export const newsletterCounters: DashboardCounter[] = [
  { name: 'subscriptions', eventTypes: ['VisitorSubscribed'], delta: () => 1 },
];
