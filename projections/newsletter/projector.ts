/**
 * 'subscriptions': one SubscriptionDoc per subscribed e-mail ({ _id: subscription id, email,
 * subscribedAt, source, active, how it became inactive, bounces, preferences, sortKey }) for
 * the back office's list and the weekly issue's recipients. Keyed by the
 * subscription id, so applying an event twice rewrites the same document. Written at `flush`:
 * a replay of many subscriptions writes them in one bulk write per flush, in event order.
 *
 * A deletion removes the document: the address does not survive in the read model.
 */
import {
  SUBSCRIPTION_EVENT_TYPES,
  asSubscriptionEvent,
  preferencesOf,
  subscribedEmail,
} from '../../domain/newsletter/events';
import { perContext, type Projector } from '../projector';
import type { BulkOperation } from '../read-store/port';
import { positionSortKey } from '../views';
import { NEWSLETTER_COLLECTIONS, newSubscriptionFields, type SubscriptionDoc } from './views';

const pendingByContext = perContext<BulkOperation<SubscriptionDoc>[]>(() => []);

/** Back to active: nothing left of how it became inactive. */
const NOT_INACTIVE = { inactiveAt: '', inactiveHow: '', inactiveReason: '' } as const;

const INACTIVE_HOW = {
  VisitorUnsubscribed: 'link',
  SubscriberUnsubscribedByAdministrator: 'administrator',
  SubscriptionDeactivatedByBounces: 'bounces',
} as const satisfies Record<string, NonNullable<SubscriptionDoc['inactiveHow']>>;

export const subscriptionsProjector: Projector = {
  name: 'subscriptions',
  // 2: bounces kept as a set of events (`bouncedAt`), so re-applying one counts it once.
  version: 2,
  eventTypes: SUBSCRIPTION_EVENT_TYPES,
  collections: [NEWSLETTER_COLLECTIONS.subscriptions],
  // Addresses and preferences, sealed in the log: sealed in a snapshot too, erased with the key.
  sealedData: { erasedBy: ['SubscriptionDeleted'] },
  // The subscription lookup by address, the back office's list newest first (all, or by
  // status), the recipients of an issue in keyset pages, and who left since an issue.
  indexes: {
    [NEWSLETTER_COLLECTIONS.subscriptions]: [
      { fields: { email: 1 }, unique: true },
      { fields: { subscribedAt: -1, sortKey: -1 } },
      { fields: { sortKey: 1 } },
      { fields: { active: 1, sortKey: 1 } },
      // An issue's recipients (active, taking the weekly issue) in keyset pages, and their
      // count: declared, so the embedded on-disk list answers both in SQL alone.
      { fields: { active: 1, weeklyIssue: 1, sortKey: 1 } },
      { fields: { inactiveAt: 1 } },
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
            ...newSubscriptionFields(event.data.weeklyIssue !== false),
            sortKey: positionSortKey(recorded.position),
          },
        });
        return;
      }
      case 'VisitorUnsubscribed':
      case 'SubscriberUnsubscribedByAdministrator':
      case 'SubscriptionDeactivatedByBounces': {
        const byAdministrator = event.type === 'SubscriberUnsubscribedByAdministrator';
        const inactive = {
          active: false,
          inactiveAt: recorded.metadata.occurredAt,
          inactiveHow: INACTIVE_HOW[event.type],
        };
        pending.push({
          kind: 'update',
          filter: byId,
          update: byAdministrator
            ? { $set: { ...inactive, inactiveReason: event.data.reason } }
            : { $set: inactive, $unset: { inactiveReason: '' } },
        });
        return;
      }
      case 'SubscriptionReactivated':
        pending.push({
          kind: 'update',
          filter: byId,
          update: {
            $set: {
              active: true,
              weeklyIssue: event.data.weeklyIssue !== false,
              bouncedAt: [],
              subscribedAt: recorded.metadata.occurredAt,
              sortKey: positionSortKey(recorded.position),
            },
            $unset: { ...NOT_INACTIVE, bounces: '' },
          },
        });
        return;
      case 'SubscriberBounced':
        pending.push({
          kind: 'update',
          filter: byId,
          update: { $addToSet: { bouncedAt: positionSortKey(recorded.position) } },
        });
        return;
      case 'SubscriberPreferencesChanged': {
        // Erased (a replay after the deletion): the row is gone, and nothing is left to show.
        const preferences = preferencesOf(event.data);
        if (preferences === null) return;
        pending.push({ kind: 'update', filter: byId, update: { $set: preferences } });
        return;
      }
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
