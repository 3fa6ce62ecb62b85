/**
 * 'subscriber_addresses': each subscription's address, status and place in the list
 * ({ _id: subscription id, email, active, sortKey }), held in memory for the back office's
 * search by address. The list itself lives on disk with the addresses sealed
 * (projections/read-store/sealed.ts), where a search would open every subscriber (16 s at
 * 200,000); here it is one pass over short documents, and only the page's rows are opened.
 * Sealed in a snapshot like the list was, and erased with the key.
 */
import {
  asSubscriptionEvent,
  SUBSCRIPTION_EVENT_TYPES,
  subscribedEmail,
} from '../../domain/newsletter/events';
import { perContext, type Projector } from '../projector';
import type { BulkOperation, Document } from '../read-store/port';
import { positionSortKey } from '../views';

export const SUBSCRIBER_ADDRESSES_COLLECTION = 'subscriber_addresses';

export type SubscriberAddressDoc = Document & { email: string; active: boolean; sortKey: string };

const pendingByContext = perContext<BulkOperation<SubscriberAddressDoc>[]>(() => []);

export const subscriberAddressesProjector: Projector = {
  name: 'subscriber_addresses',
  version: 1,
  eventTypes: SUBSCRIPTION_EVENT_TYPES,
  collections: [SUBSCRIBER_ADDRESSES_COLLECTION],
  sealedData: { erasedBy: ['SubscriptionDeleted'] },
  async handle(recorded, ctx) {
    const event = asSubscriptionEvent(recorded);
    if (!event) return;
    const pending = pendingByContext.of(ctx);
    const byId = { _id: event.data.subscriptionId };
    switch (event.type) {
      case 'VisitorSubscribed': {
        const email = subscribedEmail(event.data);
        if (email === null) return; // erased
        pending.push({
          kind: 'upsert',
          doc: {
            _id: event.data.subscriptionId,
            email,
            active: true,
            sortKey: positionSortKey(recorded.position),
          },
        });
        return;
      }
      case 'VisitorUnsubscribed':
      case 'SubscriberUnsubscribedByAdministrator':
      case 'SubscriptionDeactivatedByBounces':
        pending.push({ kind: 'update', filter: byId, update: { $set: { active: false } } });
        return;
      case 'SubscriptionReactivated':
        pending.push({
          kind: 'update',
          filter: byId,
          update: { $set: { active: true, sortKey: positionSortKey(recorded.position) } },
        });
        return;
      case 'SubscriptionDeleted':
        pending.push({ kind: 'delete', filter: byId });
        return;
      default:
        return;
    }
  },
  async flush(ctx) {
    const pending = pendingByContext.take(ctx);
    if (!pending) return;
    await ctx
      .collection<SubscriberAddressDoc>(SUBSCRIBER_ADDRESSES_COLLECTION)
      .bulkWrite(pending, { handOver: true });
  },
};
