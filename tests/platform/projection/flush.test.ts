/**
 * What projectors defer to `flush`: the public ranking is recomputed only after events on a
 * provider featured before or after them, and a rebuild (flushing once per run of pages)
 * leaves the same read models as the runner (flushing after every event).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appProjectors } from '../../../workers/bootstrap/composition';
import { rebuild } from '../../../projections';
import { fromStoredPrices } from '../../../projections/providers';
import type { ProjectedEvent } from '../../../projections/event-source';
import { liveContext, type ProjectionContext } from '../../../projections/projector';
import {
  PROVIDER_COLLECTIONS,
  providersProjector,
  type ProviderDoc,
} from '../../../projections/providers';
import { rankWithPublishedScores } from '../../../projections/providers/ranking';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import type { Document, ReadStore } from '../../../projections/read-store/port';
import { providerPricesSchema } from '../../../domain/providers/provider';
import { computeVialScore } from '../../../domain/providers/vial-score';
import {
  history,
  NO_PRICES as noPrices,
  providerDetails as details,
  providerListed as listed,
} from '../../support/events';
import { project } from '../../support/projections';

/** A live context that records which ranking methods were called. */
function recordingContext(store: ReadStore) {
  const calls: string[] = [];
  const live = liveContext(store);
  const ctx: ProjectionContext = {
    collection<T extends Document>(name: string) {
      const col = live.collection<T>(name);
      if (name !== PROVIDER_COLLECTIONS.ranking) return col;
      return new Proxy(col, {
        get(target, prop, receiver) {
          calls.push(String(prop));
          return Reflect.get(target, prop, receiver) as unknown;
        },
      });
    },
  };
  return { ctx, calls };
}

async function apply(ctx: ProjectionContext, events: ProjectedEvent[]) {
  for (const event of events) {
    await providersProjector.handle(event, ctx);
    await providersProjector.flush?.(ctx);
  }
}

describe('ranking refresh', () => {
  it("a non-featured provider's edit does not touch the ranking", async () => {
    const h = history();
    listed(h, 'shown', { name: 'Shown', featured: true });
    listed(h, 'hidden', { name: 'Hidden' });
    const store = new MemoryReadStore();
    const { ctx, calls } = recordingContext(store);
    await apply(ctx, h.events);
    expect(calls).not.toEqual([]);
    const ranking = await store.collection(PROVIDER_COLLECTIONS.ranking).find({});
    const before = h.events.length;
    h.add('provider-hidden', 'ProviderDetailsChanged', {
      providerId: 'hidden',
      changes: { googleScore: 5 },
      changedFields: ['googleScore'],
    });
    h.add('provider-hidden', 'ProviderPricesChanged', {
      providerId: 'hidden',
      prices: providerPricesSchema.parse({ semaglutide: { '0.25mg': 99 } }),
    });
    calls.length = 0;
    await apply(ctx, h.events.slice(before));
    expect(calls).toEqual([]);
    expect(await store.collection(PROVIDER_COLLECTIONS.ranking).find({})).toEqual(ranking);
    expect(
      await store.collection<ProviderDoc>('providers').findOne({ _id: 'hidden' }),
    ).toMatchObject({ googleScore: 5 });
  });

  it('unfeaturing the first provider moves Best Overall to the next one', async () => {
    const h = history();
    listed(h, 'a', { name: 'A', featured: true, card: { detailedRating: 5 } });
    listed(h, 'b', { name: 'B', featured: true, card: { detailedRating: 4 } });
    listed(h, 'c', { name: 'C', featured: true, card: { detailedRating: 3, badgeText: 'Budget' } });
    const store = new MemoryReadStore();
    const ctx = liveContext(store);
    await apply(ctx, h.events);
    const cards = () =>
      store
        .collection(PROVIDER_COLLECTIONS.ranking)
        .find({}, { sort: { rank: 1 } })
        .then((all) => all.map((c) => [c._id, c.rank, c.badgeText]));
    expect(await cards()).toEqual([
      ['a', 1, 'Best Overall'],
      ['b', 2, null],
      ['c', 3, 'Budget'],
    ]);
    const before = h.events.length;
    h.add('provider-a', 'ProviderUnfeatured', { providerId: 'a' });
    await apply(ctx, h.events.slice(before));
    expect(await cards()).toEqual([
      ['b', 1, 'Best Overall'],
      ['c', 2, 'Budget'],
    ]);
    h.add('provider-b', 'ProviderRemoved', { providerId: 'b', name: 'B' });
    await apply(ctx, h.events.slice(before + 1));
    expect(await cards()).toEqual([['c', 1, 'Budget']]);
  });
});

// A random provider history: each step is one event on one of a few providers.
const IDS = ['p1', 'p2', 'p3', 'p4', 'p5'];
const step = fc.record({
  id: fc.constantFrom(...IDS),
  kind: fc.constantFrom('details', 'prices', 'feature', 'unfeature', 'score', 'remove', 'list'),
  name: fc.constantFrom('Acme', 'Beta', 'Gamma', 'acme'),
  rating: fc.option(fc.constantFrom(1, 3.5, 5), { nil: null }),
  badge: fc.constantFrom('', 'Best Overall', 'Pick'),
  google: fc.constantFrom(0, 2, 5),
  price: fc.constantFrom(99, 199, 299),
  who: fc.constantFrom('admin', 'visitor'),
});

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function historyOf(steps: Step[]) {
  const h = history();
  const live = new Map<string, { featured: boolean; data: ReturnType<typeof details> }>();
  h.add('admin-a1', 'AdminRegistered', {
    adminId: 'a1',
    email: 'ops@example.com',
    passwordHash: 'x',
  });
  for (const s of steps) {
    const stream = `provider-${s.id}`;
    const known = live.get(s.id);
    if (!known || s.kind === 'list') {
      if (known) continue;
      const d = details({ name: s.name, googleScore: s.google, card: { badgeText: s.badge } });
      live.set(s.id, { featured: false, data: d });
      h.add(stream, 'ProviderListed', { providerId: s.id, details: d, prices: noPrices });
      continue;
    }
    switch (s.kind) {
      case 'details': {
        const card = { ...known.data.card, detailedRating: s.rating, badgeText: s.badge };
        h.add(stream, 'ProviderDetailsChanged', {
          providerId: s.id,
          changes: { name: s.name, googleScore: s.google, card },
          changedFields: ['name', 'googleScore', 'card.detailedRating', 'card.badgeText'],
        });
        known.data = { ...known.data, name: s.name, googleScore: s.google, card };
        break;
      }
      case 'prices':
        h.add(stream, 'ProviderPricesChanged', {
          providerId: s.id,
          prices: providerPricesSchema.parse({ semaglutide: { '0.25mg': s.price } }),
        });
        break;
      case 'feature':
      case 'unfeature':
        if (known.featured === (s.kind === 'feature')) break;
        known.featured = s.kind === 'feature';
        h.add(stream, known.featured ? 'ProviderFeatured' : 'ProviderUnfeatured', {
          providerId: s.id,
        });
        break;
      case 'score':
        h.add(stream, 'VialScoreRecomputed', {
          providerId: s.id,
          score: computeVialScore({ ...known.data, googleScore: s.google, prices: noPrices }),
          reason: 'requested',
          month: '2025-03',
        });
        break;
      case 'remove':
        h.add(stream, 'ProviderRemoved', { providerId: s.id, name: known.data.name });
        live.delete(s.id);
        break;
    }
  }
  return h.events;
}

async function everything(store: ReadStore) {
  const out: Record<string, Document[]> = {};
  for (const name of appProjectors().flatMap((p) => p.collections)) {
    out[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
  }
  return out;
}

describe('rebuild and live projection', () => {
  it('a rebuild gives the same read models as the runner, and the ranking the rule gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 40 }),
        async (steps, batchSize, flushEvery) => {
          const events = historyOf(steps);
          const live = await project(appProjectors(), events);
          const rebuilt = new MemoryReadStore();
          await rebuild(
            rebuilt,
            {
              async readAll({ after = 0n, limit = 500 } = {}) {
                return events.filter((e) => e.position > after).slice(0, limit);
              },
            },
            appProjectors(),
            { batchSize, flushEvery },
          );
          const a = await everything(live);
          expect(await everything(rebuilt)).toEqual(a);

          const featured = (a[PROVIDER_COLLECTIONS.providers] as ProviderDoc[]).filter(
            (d) => d.featured,
          );
          const expected = rankWithPublishedScores(
            // Stored with dose lists; the rule reads tables (the read side decodes them).
            featured.map((doc) => ({
              record: { ...doc, prices: fromStoredPrices(doc.prices) },
              published: doc.publishedVialScore,
            })),
          );
          const ranking = await live
            .collection(PROVIDER_COLLECTIONS.ranking)
            .find({}, { sort: { rank: 1 } });
          expect(ranking).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
