/**
 * The back office's subscriber list at scale: one page (newest first) and one e-mail search
 * over `count` subscribers, median of `runs` after a warm-up, kept as the embedded profile
 * keeps them: in the on-disk file with the personal fields sealed per subscriber
 * (projections/read-store/sealed.ts). The keys are held in memory here (the key store's
 * lookup, one SQLite query per page, is left out).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openEmail, sealEmail } from '../../commands/newsletter';
import { KeptReadStore } from '../../projections/read-store/kept';
import { withSealedCollections, type DocumentSealer } from '../../projections/read-store/sealed';
import {
  NEWSLETTER_COLLECTIONS,
  SUBSCRIBER_ADDRESSES_COLLECTION,
  SUBSCRIPTION_SEALED_FIELDS,
  newsletterQueries,
  newSubscriptionFields,
  subscriptionsProjector,
  type SubscriberAddressDoc,
  type SubscriptionDoc,
} from '../../projections/newsletter';
import { positionSortKey } from '../../projections/views';

/** Each subscriber's key derived from a random secret (as random as the key store's). */
function benchSealer(): DocumentSealer {
  const secret = randomBytes(32);
  const keyOf = (id: string) => createHash('sha256').update(secret).update(id).digest();
  return {
    keysToRead: async (ids) => new Map(ids.map((id) => [id, keyOf(id)])),
    keysToWrite: async (ids) => new Map(ids.map((id) => [id, keyOf(id)])),
    seal: sealEmail,
    open: openEmail,
  };
}

export interface SubscriberPageResult {
  count: number;
  firstPageMs: number;
  searchMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

export async function benchSubscriberPage(count: number, runs = 7): Promise<SubscriberPageResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vial-bench-subscribers-'));
  const onDisk = await KeptReadStore.open({
    path: path.join(dir, 'kept.sqlite'),
    collections: [],
    onDisk: {
      path: path.join(dir, 'read-models.sqlite'),
      collections: [NEWSLETTER_COLLECTIONS.subscriptions],
    },
  });
  const store = withSealedCollections(
    onDisk,
    new Map([
      [
        NEWSLETTER_COLLECTIONS.subscriptions,
        { fields: SUBSCRIPTION_SEALED_FIELDS, sealer: benchSealer() },
      ],
    ]),
  );
  for (const [name, indexes] of Object.entries(subscriptionsProjector.indexes ?? {})) {
    await store.ensureIndexes(name, indexes);
  }
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
  // The address index the search reads (in memory, as the embedded profile holds it).
  await store.collection<SubscriberAddressDoc>(SUBSCRIBER_ADDRESSES_COLLECTION).bulkWrite(
    docs.map(({ doc }) => ({
      kind: 'upsert' as const,
      doc: { _id: doc._id, email: doc.email, active: doc.active, sortKey: doc.sortKey ?? '' },
    })),
  );
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
  try {
    return {
      count,
      firstPageMs: await time(() => queries.subscriptionPage({ page: 1, pageSize: 25 })),
      searchMs: await time(() =>
        queries.subscriptionPage({ q: 'reader1999', page: 1, pageSize: 25 }),
      ),
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
