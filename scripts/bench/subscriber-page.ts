/**
 * The back office's subscriber list at scale: one page (newest first) and one e-mail search
 * over `count` subscribers in the in-memory read model, median of `runs` after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import { MemoryReadStore } from '../../projections/read-store/memory';
import {
  NEWSLETTER_COLLECTIONS,
  newsletterQueries,
  newSubscriptionFields,
  type SubscriptionDoc,
} from '../../projections/newsletter';
import { positionSortKey } from '../../projections/views';

export interface SubscriberPageResult {
  count: number;
  firstPageMs: number;
  searchMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

export async function benchSubscriberPage(count: number, runs = 7): Promise<SubscriberPageResult> {
  const store = new MemoryReadStore();
  const docs: { kind: 'upsert'; doc: SubscriptionDoc }[] = [];
  for (let i = 1; i <= count; i++) {
    docs.push({
      kind: 'upsert',
      doc: {
        _id: `s${i}`,
        email: `reader${i}@example${i % 97}.com`,
        subscribedAt: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
        source: 'visitor',
        active: i % 9 !== 0,
        ...newSubscriptionFields(),
        sortKey: positionSortKey(BigInt(i)),
      },
    });
  }
  await store.collection<SubscriptionDoc>(NEWSLETTER_COLLECTIONS.subscriptions).bulkWrite(docs);
  const queries = newsletterQueries(store);
  const time = async (work: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < runs + 2; i++) {
      const start = performance.now();
      await work();
      if (i >= 2) samples.push(performance.now() - start);
    }
    return median(samples);
  };
  return {
    count,
    firstPageMs: await time(() => queries.subscriptionPage({ page: 1, pageSize: 25 })),
    searchMs: await time(() =>
      queries.subscriptionPage({ q: 'reader1999', page: 1, pageSize: 25 }),
    ),
  };
}
