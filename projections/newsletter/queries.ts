import type { Filter, ReadStore } from '../read-store/port';
import { SUBSCRIBER_ADDRESSES_COLLECTION, type SubscriberAddressDoc } from './addresses';
import { NEWSLETTER_COLLECTIONS, type SubscriptionDoc } from './views';

export type SubscriptionStatusFilter = 'active' | 'inactive';

export interface SubscriptionListQuery {
  /** Part of the e-mail, any case. */
  q?: string;
  status?: SubscriptionStatusFilter;
}

export interface SubscriptionPageQuery extends SubscriptionListQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** A subscriber as the back office shows it (the sort key stays inside). */
export interface SubscriptionRow {
  _id: string;
  email: string;
  subscribedAt: string;
  source: SubscriptionDoc['source'];
  active: boolean;
  weeklyIssue: boolean;
  priceAlerts: boolean;
  medications: string[];
  state: string | null;
  inactiveAt?: string;
  inactiveHow?: NonNullable<SubscriptionDoc['inactiveHow']>;
  inactiveReason?: string;
  bounces: number;
}

/** The kept collection the sender writes each subscriber's last sent issue to. */
export const LAST_SENT_COLLECTION = 'newsletter_last_sent';

/** A subscriber's last sent issue, as the sender keeps it. */
export interface LastSentIssue {
  issueId: string;
  sentAt: string;
}

export interface SubscriptionPageResult {
  rows: SubscriptionRow[];
  total: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The filter of a list query: e-mails containing `q` (stored lowercase), and the status. */
export function subscriptionFilter(query: SubscriptionListQuery): Filter {
  const filter: Filter = {};
  const q = query.q?.trim().toLowerCase();
  if (q) filter.email = { $regex: escapeRegex(q) };
  if (query.status) filter.active = query.status === 'active';
  return filter;
}

const WITHOUT_SORT_KEY = { sortKey: 0 } as const;
/** The row of a document; one written before a field existed reads as its default. */
const strip = (doc: SubscriptionDoc): SubscriptionRow => ({
  _id: doc._id,
  email: doc.email,
  subscribedAt: doc.subscribedAt,
  source: doc.source,
  active: doc.active !== false,
  weeklyIssue: doc.weeklyIssue !== false,
  priceAlerts: doc.priceAlerts !== false,
  medications: Array.isArray(doc.medications) ? [...doc.medications] : [],
  state: typeof doc.state === 'string' ? doc.state : null,
  ...(doc.inactiveAt ? { inactiveAt: doc.inactiveAt } : {}),
  ...(doc.inactiveHow ? { inactiveHow: doc.inactiveHow } : {}),
  ...(doc.inactiveReason ? { inactiveReason: doc.inactiveReason } : {}),
  bounces: Array.isArray(doc.bouncedAt)
    ? doc.bouncedAt.length
    : typeof doc.bounces === 'number'
      ? doc.bounces
      : 0,
});

type LastSentDoc = { _id: string; issueId: string; sentAt: string };

export function newsletterQueries(store: ReadStore) {
  const subscriptions = () =>
    store.collection<SubscriptionDoc>(NEWSLETTER_COLLECTIONS.subscriptions);
  const addresses = () => store.collection<SubscriberAddressDoc>(SUBSCRIBER_ADDRESSES_COLLECTION);
  /** The subscriptions of these ids, in this order (the address index chose and ordered them). */
  const inOrder = async (ids: readonly string[]): Promise<SubscriptionDoc[]> => {
    if (ids.length === 0) return [];
    const byId = new Map(
      (await subscriptions().find({ _id: { $in: [...ids] } })).map((doc) => [doc._id, doc]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  /**
   * The collection a list query filters and orders: with a search by address, the address
   * index (in memory; the list keeps addresses sealed: ./addresses.ts), else the list itself.
   * Both hold `active` and `sortKey`.
   */
  const listOf = (query: SubscriptionListQuery) =>
    query.q?.trim()
      ? {
          collection: addresses(),
          rows: (docs: Array<{ _id: string }>) => inOrder(docs.map((d) => d._id)),
        }
      : {
          collection: subscriptions(),
          rows: async (docs: Array<{ _id: string }>) => docs as SubscriptionDoc[],
        };
  return {
    /**
     * Every subscriber, newest first (spec: subscribed_at descending; the same instant in the
     * order they were recorded). Small lists and tests; the back office reads pages.
     */
    subscriptions(): Promise<SubscriptionDoc[]> {
      return subscriptions().find({}, { sort: { sortKey: -1 }, projection: WITHOUT_SORT_KEY });
    },

    /**
     * One page of the back office's list, newest first, and how many match. Counted first,
     * then read as the page's slice of the OLDEST-first order (skip = total - page * size) and
     * reversed: the same rows, but the in-memory store (whose documents arrive in log order)
     * then sorts an already ordered list instead of keeping a running top-N, which at 200,000
     * subscribers is ~10x faster for the first pages (scripts/bench.ts, 'subscriber page').
     */
    async subscriptionPage(query: SubscriptionPageQuery): Promise<SubscriptionPageResult> {
      const filter = subscriptionFilter(query);
      const { collection, rows } = listOf(query);
      const total = await collection.count(filter);
      const end = total - (query.page - 1) * query.pageSize;
      if (end <= 0) return { rows: [], total };
      const start = Math.max(0, end - query.pageSize);
      const oldestFirst = await collection.find(filter, {
        sort: { sortKey: 1 },
        skip: start,
        limit: end - start,
      });
      return { rows: (await rows(oldestFirst.reverse())).map(strip), total };
    },

    /**
     * Every subscriber matching `query` in the order they subscribed (oldest first), in batches
     * of `batchSize` by a keyset cursor (the sort key of the last row sent): what the CSV
     * export streams. Memory stays at one batch, whatever the number of subscribers; a row
     * written while exporting never shifts the next batch. Oldest first because a keyset
     * batch in log order is one cheap pass of the in-memory store (newest first kept a
     * running top-N of every batch, ~7x slower at 200,000).
     */
    async *subscriptionBatches(
      query: SubscriptionListQuery,
      batchSize = 10_000,
    ): AsyncGenerator<SubscriptionRow[]> {
      const base = subscriptionFilter(query);
      const { collection, rows } = listOf(query);
      let cursor: string | null = null;
      for (;;) {
        const filter: Filter = cursor === null ? base : { ...base, sortKey: { $gt: cursor } };
        const batch = await collection.find(filter, {
          sort: { sortKey: 1 },
          limit: batchSize,
        });
        if (batch.length === 0) return;
        yield (await rows(batch)).map(strip);
        if (batch.length < batchSize) return;
        cursor = batch.at(-1)?.sortKey ?? null;
        if (cursor === null) return;
      }
    },

    /** One subscriber by its subscription id, or null. */
    async subscription(subscriptionId: string): Promise<SubscriptionRow | null> {
      const doc = await subscriptions().findOne({ _id: subscriptionId });
      return doc ? strip(doc) : null;
    },

    /**
     * The last issue sent to each of these subscribers (the sender's kept collection; a
     * subscriber never sent one, or no sender yet, is absent).
     */
    async lastSentIssues(subscriptionIds: readonly string[]): Promise<Map<string, LastSentIssue>> {
      const found = new Map<string, LastSentIssue>();
      if (subscriptionIds.length === 0) return found;
      const docs = await store
        .collection<LastSentDoc>(LAST_SENT_COLLECTION)
        .find({ _id: { $in: [...subscriptionIds] } });
      for (const doc of docs) found.set(doc._id, { issueId: doc.issueId, sentAt: doc.sentAt });
      return found;
    },

    subscriptionCount(): Promise<number> {
      return subscriptions().count({});
    },
  };
}

export type NewsletterQueries = ReturnType<typeof newsletterQueries>;
