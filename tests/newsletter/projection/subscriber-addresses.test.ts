/**
 * 'subscriber_addresses', the index a search by address reads: a row per subscription with its
 * address, status and place in the list, following the list's lifecycle; an erased address
 * makes no row and a deletion removes it. A bounce applied twice (a crash between a write and
 * its checkpoint) counts once in the list.
 */
import { describe, expect, it } from 'vitest';
import {
  NEWSLETTER_COLLECTIONS,
  SUBSCRIBER_ADDRESSES_COLLECTION,
  subscriberAddressesProjector,
  subscriptionsProjector,
  newsletterQueries,
} from '../../../projections/newsletter';
import type { ProjectedEvent } from '../../../projections/event-source';
import { positionSortKey } from '../../../projections/views';
import { project } from '../../support/projections';
import { recorded } from '../../support/events';

const ANN = 'a'.repeat(32);
const BOB = 'b'.repeat(32);
let position = 0n;
const event = (type: string, data: Record<string, unknown>): ProjectedEvent =>
  recorded(type as never, data as never, {
    position: ++position,
    revision: 0,
    streamId: `subscription-${String(data.subscriptionId)}`,
  }); // events built as stored, whatever their type (the bus types them when dispatched)

const addresses = async (events: ProjectedEvent[]) => {
  const store = await project([subscriptionsProjector, subscriberAddressesProjector], events);
  return {
    store,
    rows: await store.collection(SUBSCRIBER_ADDRESSES_COLLECTION).find({}, { sort: { _id: 1 } }),
  };
};

describe('subscriber_addresses', () => {
  it.each<[string, Array<[string, Record<string, unknown>]>, unknown[]]>([
    [
      'a subscription',
      [['VisitorSubscribed', { subscriptionId: ANN, email: 'ann@example.com' }]],
      [{ _id: ANN, email: 'ann@example.com', active: true }],
    ],
    [
      'unsubscribed by the link, then by an administrator',
      [
        ['VisitorSubscribed', { subscriptionId: ANN, email: 'ann@example.com' }],
        ['VisitorUnsubscribed', { subscriptionId: ANN }],
      ],
      [{ _id: ANN, email: 'ann@example.com', active: false }],
    ],
    [
      'subscribed again after leaving',
      [
        ['VisitorSubscribed', { subscriptionId: ANN, email: 'ann@example.com' }],
        ['SubscriberUnsubscribedByAdministrator', { subscriptionId: ANN, reason: 'asked' }],
        ['SubscriptionReactivated', { subscriptionId: ANN }],
      ],
      [{ _id: ANN, email: 'ann@example.com', active: true }],
    ],
    [
      'deleted (an erasure), the other kept',
      [
        ['VisitorSubscribed', { subscriptionId: ANN, email: 'ann@example.com' }],
        ['VisitorSubscribed', { subscriptionId: BOB, email: 'bob@example.com' }],
        ['SubscriptionDeleted', { subscriptionId: ANN, wasActive: true }],
      ],
      [{ _id: BOB, email: 'bob@example.com', active: true }],
    ],
    [
      'an erased address (a replay after the key was destroyed)',
      [['VisitorSubscribed', { subscriptionId: ANN, email: null, erased: true }]],
      [],
    ],
  ])('given %s, then the rows are', async (_name, events, expected) => {
    const { rows } = await addresses(events.map(([type, data]) => event(type, data)));
    expect(rows.map(({ _id, email, active }) => ({ _id, email, active }))).toEqual(expected);
  });

  it('keeps the list place of the last (re)subscription, so a search pages as the list does', async () => {
    const events = [
      event('VisitorSubscribed', { subscriptionId: ANN, email: 'ann@example.com' }),
      event('VisitorUnsubscribed', { subscriptionId: ANN }),
      event('SubscriptionReactivated', { subscriptionId: ANN }),
    ];
    const { rows, store } = await addresses(events);
    expect(rows[0]?.sortKey).toBe(positionSortKey(events[2]!.position));
    const list = await store.collection(NEWSLETTER_COLLECTIONS.subscriptions).findOne({ _id: ANN });
    expect(list?.sortKey).toBe(rows[0]?.sortKey);
    const page = await newsletterQueries(store).subscriptionPage({
      q: 'ANN@',
      page: 1,
      pageSize: 10,
    });
    expect(page).toMatchObject({ total: 1, rows: [{ _id: ANN, email: 'ann@example.com' }] });
  });

  it('given a bounce applied twice (re-applied after a crash), then the list counts it once', async () => {
    const subscribed = event('VisitorSubscribed', {
      subscriptionId: ANN,
      email: 'ann@example.com',
    });
    const bounced = event('SubscriberBounced', { subscriptionId: ANN });
    const store = await project(subscriptionsProjector, [subscribed, bounced, bounced]);
    expect(await newsletterQueries(store).subscription(ANN)).toMatchObject({ bounces: 1 });
  });
});
