/**
 * The back office's subscriber queries over 200,000 subscribers in the in-memory read model
 * (with the address index a search reads):
 * pages are newest first, contiguous and complete at the start, the middle and the end; the
 * search and the status filter count and page the matches; the CSV export's batches hand out
 * every subscriber exactly once. Correctness only (timings: `npm run bench`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import {
  NEWSLETTER_COLLECTIONS,
  SUBSCRIBER_ADDRESSES_COLLECTION,
  newsletterQueries,
  newSubscriptionFields,
  type SubscriberAddressDoc,
  type SubscriptionDoc,
} from '../../../projections/newsletter';
import { positionSortKey } from '../../../projections/views';

const N = 200_000;
const store = new MemoryReadStore();
const queries = newsletterQueries(store);
/** Subscriber i (1 = oldest): every 7th is inactive, e-mail user{i}@example{i % 50}.com. */
const emailOf = (i: number) => `user${i}@example${i % 50}.com`;
const idOf = (i: number) => `id-${i}`;

beforeAll(async () => {
  const docs: { kind: 'upsert'; doc: SubscriptionDoc }[] = [];
  for (let i = 1; i <= N; i++) {
    docs.push({
      kind: 'upsert',
      doc: {
        _id: idOf(i),
        email: emailOf(i),
        subscribedAt: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
        source: 'visitor',
        active: i % 7 !== 0,
        ...newSubscriptionFields(),
        sortKey: positionSortKey(BigInt(i)),
      },
    });
  }
  await store.collection<SubscriptionDoc>(NEWSLETTER_COLLECTIONS.subscriptions).bulkWrite(docs);
  // And the address index a search reads (projections/newsletter/addresses.ts).
  await store.collection<SubscriberAddressDoc>(SUBSCRIBER_ADDRESSES_COLLECTION).bulkWrite(
    docs.map(({ doc }) => ({
      kind: 'upsert' as const,
      doc: { _id: doc._id, email: doc.email, active: doc.active, sortKey: doc.sortKey ?? '' },
    })),
  );
}, 60_000);

/** The ids subscriber numbers from..down to (newest first). */
const newestFirst = (from: number, count: number) =>
  Array.from({ length: count }, (_, k) => idOf(from - k)).filter((id) => id !== 'id-0');

describe('subscriptionPage at 200,000', () => {
  it.each([
    [1, 25],
    [2, 25],
    [3, 25],
    [4000, 25],
    [4001, 25],
    [7999, 25],
    [8000, 25],
    [1, 100],
    [1000, 100],
    [2000, 100],
    [1, 10],
    [20000, 10],
  ])('page %i of size %i: the right rows, newest first', async (page, pageSize) => {
    const result = await queries.subscriptionPage({ page, pageSize });
    expect(result.total).toBe(N);
    const newest = N - (page - 1) * pageSize;
    expect(result.rows.map((r) => r._id)).toEqual(newestFirst(newest, pageSize));
    expect(result.rows[0]).toEqual({
      _id: idOf(newest),
      email: emailOf(newest),
      subscribedAt: new Date(Date.UTC(2024, 0, 1) + newest * 1000).toISOString(),
      source: 'visitor',
      active: newest % 7 !== 0,
      weeklyIssue: true,
      priceAlerts: true,
      medications: [],
      state: null,
      bounces: 0,
    });
  });

  it('a page past the end is empty, with the total', async () => {
    expect(await queries.subscriptionPage({ page: 8001, pageSize: 25 })).toEqual({
      rows: [],
      total: N,
    });
  });

  it('walking the first and last 40 pages: contiguous, no row twice', async () => {
    const seen = new Set<string>();
    for (const page of [...Array(40).keys()]
      .map((k) => k + 1)
      .concat([...Array(40).keys()].map((k) => 2000 - k))) {
      const { rows } = await queries.subscriptionPage({ page, pageSize: 100 });
      expect(rows).toHaveLength(100);
      for (const row of rows) {
        expect(seen.has(row._id)).toBe(false);
        seen.add(row._id);
      }
    }
    expect(seen.size).toBe(8000);
    expect(seen.has(idOf(N))).toBe(true);
    expect(seen.has(idOf(1))).toBe(true);
  });

  it('searches part of the e-mail (any case), counted and paged on the server', async () => {
    // user1999@, user19990@..user19999@, user199900@..user199999@ -> 1 + 10 + 100 = 111.
    const first = await queries.subscriptionPage({ q: 'USER1999', page: 1, pageSize: 100 });
    expect(first.total).toBe(111);
    expect(first.rows[0]?.email).toBe('user199999@example49.com');
    const second = await queries.subscriptionPage({ q: 'user1999', page: 2, pageSize: 100 });
    expect(second.rows.map((r) => r.email)).toEqual([
      ...Array.from({ length: 10 }, (_, k) => emailOf(19999 - k)),
      emailOf(1999),
    ]);
  });

  it('a search is literal text, not a pattern', async () => {
    expect((await queries.subscriptionPage({ q: 'user.*', page: 1, pageSize: 10 })).total).toBe(0);
    expect(
      (await queries.subscriptionPage({ q: '1@example1.', page: 1, pageSize: 10 })).total,
    ).toBe(4000);
  });

  it('filters by status, alone and with a search', async () => {
    const inactive = await queries.subscriptionPage({ status: 'inactive', page: 1, pageSize: 10 });
    expect(inactive.total).toBe(Math.floor(N / 7));
    expect(inactive.rows[0]?._id).toBe(idOf(199997));
    expect(inactive.rows.every((r) => !r.active)).toBe(true);
    const active = await queries.subscriptionPage({ status: 'active', page: 1, pageSize: 10 });
    expect(active.total).toBe(N - Math.floor(N / 7));
    const both = await queries.subscriptionPage({
      q: 'user1999',
      status: 'inactive',
      page: 1,
      pageSize: 100,
    });
    expect(both.rows.map((r) => r.email)).toEqual(
      [
        199997, 199990, 199983, 199976, 199969, 199962, 199955, 199948, 199941, 199934, 199927,
        199920, 199913, 199906, 19999, 19992,
      ].map(emailOf),
    );
    expect(both.total).toBe(16);
  });
});

describe('subscriptionBatches (the CSV export) at 200,000', () => {
  it('every subscriber exactly once, oldest first, in bounded batches', async () => {
    let expected = 1;
    let batches = 0;
    for await (const batch of queries.subscriptionBatches({})) {
      batches++;
      expect(batch.length).toBeLessThanOrEqual(10_000);
      for (const row of batch) expect(row._id).toBe(idOf(expected++));
    }
    expect(expected - 1).toBe(N);
    expect(batches).toBe(20);
  }, 60_000);

  it('only the filtered ones', async () => {
    const ids: string[] = [];
    for await (const batch of queries.subscriptionBatches({ q: 'user1999', status: 'inactive' }, 5))
      ids.push(...batch.map((r) => r._id));
    expect(ids).toHaveLength(16);
    expect(ids[0]).toBe(idOf(19992));
    expect(ids.at(-1)).toBe(idOf(199997));
  });
});
