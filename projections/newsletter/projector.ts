/**
 * 'subscriptions': one SubscriptionDoc per subscribed e-mail ({ _id: subscription id, email,
 * subscribedAt, source, active, sortKey }) for the back office's list. Keyed by the
 * subscription id, so applying an event twice rewrites the same document. Written at `flush`:
 * a replay of many subscriptions writes them in one bulk write per flush, in event order.
 *
 * A deletion removes the document: the address does not survive in the read model.
 */
import {
  SUBSCRIPTION_EVENT_TYPES,
  asSubscriptionEvent,
  subscribedEmail,
} from '../../domain/newsletter/events';
import { perContext, type Projector } from '../projector';
import type { BulkOperation } from '../read-store/port';
import { positionSortKey } from '../views';
import { NEWSLETTER_COLLECTIONS, type SubscriptionDoc } from './views';

const pendingByContext = perContext<BulkOperation<SubscriptionDoc>[]>(() => []);

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
    const pending = pendingByContext.of(ctx);
    const byId = { _id: event.data.subscriptionId };
    switch (event.type) {
      case 'VisitorSubscribed': {
        const email = subscribedEmail(event.data);
        // Erased (a replay after the deletion; the key is destroyed): no row to make.
        if (email === null) return;
        pending.push({
          kind: 'upsert',
          doc: {
            _id: event.data.subscriptionId,
            email,
            subscribedAt: recorded.metadata.occurredAt,
            source: recorded.metadata.actor.kind,
            active: true,
            sortKey: positionSortKey(recorded.position),
          },
        });
        return;
      }
      case 'VisitorUnsubscribed':
        pending.push({ kind: 'update', filter: byId, update: { $set: { active: false } } });
        return;
      case 'SubscriptionReactivated':
        pending.push({
          kind: 'update',
          filter: byId,
          update: {
            $set: {
              active: true,
              subscribedAt: recorded.metadata.occurredAt,
              sortKey: positionSortKey(recorded.position),
            },
          },
        });
        return;
      case 'SubscriptionDeleted':
        pending.push({ kind: 'delete', filter: byId });
        return;
    }
  },
  async flush(ctx) {
    // Dropped even if the write fails: the events are applied again from the store.
    const pending = pendingByContext.take(ctx);
    if (!pending) return;
    await ctx
      .collection<SubscriptionDoc>(NEWSLETTER_COLLECTIONS.subscriptions)
      .bulkWrite(pending, { handOver: true });
  },
};
