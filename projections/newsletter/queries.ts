import type { ReadStore } from '../read-store/port';
import { NEWSLETTER_COLLECTIONS, type SubscriptionDoc } from './views';

export function newsletterQueries(store: ReadStore) {
  const subscriptions = () =>
    store.collection<SubscriptionDoc>(NEWSLETTER_COLLECTIONS.subscriptions);
  return {
    /**
     * Newsletter subscribers for the back office, newest first (spec: subscribed_at
     * descending; the same instant in the order they were recorded).
     */
    subscriptions(): Promise<SubscriptionDoc[]> {
      return subscriptions().find(
        {},
        { sort: { subscribedAt: -1, sortKey: -1 }, projection: { sortKey: 0 } },
      );
    },

    subscriptionCount(): Promise<number> {
      return subscriptions().count({});
    },
  };
}

export type NewsletterQueries = ReturnType<typeof newsletterQueries>;
