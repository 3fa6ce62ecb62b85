/**
 * 'subscriptions': one SubscriptionDoc per subscribed e-mail ({ _id: subscription id, email,
 * subscribedAt, source, sortKey }) for the back office's list. Keyed by the subscription id, so
 * applying an event twice rewrites the same document. Written at `flush`: a replay of many
 * subscriptions writes them in one bulk write per flush.
 */
import { SUBSCRIPTION_EVENT_TYPES, asSubscriptionEvent } from '../../domain/newsletter/events';
import type { ProjectionContext, Projector } from '../projector';
import { positionSortKey } from '../views';
import { NEWSLETTER_COLLECTIONS, type SubscriptionDoc } from './views';

const pendingByContext = new WeakMap<ProjectionContext, SubscriptionDoc[]>();

export const subscriptionsProjector: Projector = {
  name: 'subscriptions',
  eventTypes: SUBSCRIPTION_EVENT_TYPES,
  collections: [NEWSLETTER_COLLECTIONS.subscriptions],
  // The subscription lookup by address, and the back office's list newest first.
  indexes: {
    [NEWSLETTER_COLLECTIONS.subscriptions]: [
      { fields: { email: 1 }, unique: true },
      { fields: { subscribedAt: -1, sortKey: -1 } },
    ],
  },
  async handle(recorded, ctx) {
    const event = asSubscriptionEvent(recorded);
    if (!event) return;
    let pending = pendingByContext.get(ctx);
    if (!pending) {
      pending = [];
      pendingByContext.set(ctx, pending);
    }
    switch (event.type) {
      case 'VisitorSubscribed':
        pending.push({
          _id: event.data.subscriptionId,
          email: event.data.email,
          subscribedAt: recorded.metadata.occurredAt,
          source: recorded.metadata.actor.kind,
          sortKey: positionSortKey(recorded.position),
        });
        return;
    }
  },
  async flush(ctx) {
    const pending = pendingByContext.get(ctx);
    if (!pending) return;
    // Dropped even if the write fails: the events are applied again from the store.
    pendingByContext.delete(ctx);
    await ctx.collection<SubscriptionDoc>(NEWSLETTER_COLLECTIONS.subscriptions).bulkWrite(
      pending.map((doc) => ({ kind: 'upsert' as const, doc })),
      { handOver: true },
    );
  },
};
