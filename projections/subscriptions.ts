/**
 * 'subscriptions': one SubscriptionDoc per subscribed e-mail ({ _id: subscription id, email,
 * subscribedAt, source, sortKey }) for the back office's list. Keyed by the subscription id, so
 * applying an event twice rewrites the same document.
 */
import { asSubscriptionEvent } from '../domain/subscription/events';
import type { Projector } from './projector';
import { COLLECTIONS, positionSortKey, type SubscriptionDoc } from './views';

export const subscriptionsProjector: Projector = {
  name: 'subscriptions',
  collections: [COLLECTIONS.subscriptions],
  async handle(recorded, ctx) {
    const event = asSubscriptionEvent(recorded);
    if (!event) return;
    const subscriptions = ctx.collection<SubscriptionDoc>(COLLECTIONS.subscriptions);
    switch (event.type) {
      case 'VisitorSubscribed':
        await subscriptions.upsert({
          _id: event.data.subscriptionId,
          email: event.data.email,
          subscribedAt: recorded.metadata.occurredAt,
          source: recorded.metadata.actor.kind,
          sortKey: positionSortKey(recorded.position),
        });
        return;
    }
  },
};
