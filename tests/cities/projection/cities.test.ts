/**
 * The state rankings behind the city pages: given provider events, which providers each
 * state's city pages rank. A provider gaining or losing a state moves every city page of that
 * state at once; a removed provider leaves them all.
 */
import { describe, expect, it } from 'vitest';
import { CITY_COLLECTIONS, cityRankingsProjector, cityQueries } from '../../../projections/cities';
import { readCityPage } from '../../../api/cities/reads';
import { citiesByState } from '../../../domain/cities';
import type { StateCode } from '../../../domain/shared/reference/states';
import type { ProjectedEvent } from '../../../projections/event-source';
import { liveContext } from '../../../projections/projector';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import { history, providerListed, type History } from '../../support/events';
import { project } from '../../support/projections';

async function rankings(events: readonly ProjectedEvent[]) {
  const queries = cityQueries(await project(cityRankingsProjector, events));
  return {
    queries,
    /** Provider names a state's city pages show, best first, with its basis. */
    async of(state: StateCode) {
      const doc = await queries.stateRanking(state);
      return doc ? { basis: doc.basis, names: doc.providers.map((p) => p.name) } : null;
    },
  };
}

const changeStates = (h: History, id: string, states: StateCode[]) =>
  h.add(`provider-${id}`, 'ProviderDetailsChanged', {
    providerId: id,
    changes: { states },
    changedFields: ['states'],
  });

describe('which providers a state ranks', () => {
  it.each([
    [
      'only the featured providers serving it',
      'OH',
      { basis: 'featured', names: ['Ohio Featured'] },
    ],
    [
      'all providers serving it, by the rule, when none of them is featured',
      'TX',
      { basis: 'all', names: ['Texas Plain', 'Ohio Plain'] },
    ],
    ['nothing when no provider serves it', 'AK', null],
  ] as const)('%s (%s)', async (_case, state, expected) => {
    const h = history();
    providerListed(h, 'oh', { name: 'Ohio Featured', states: ['OH'], featured: true });
    providerListed(h, 'oh2', { name: 'Ohio Plain', states: ['OH', 'TX'] });
    providerListed(h, 'tx', { name: 'Texas Plain', states: ['TX'], googleScore: 5 });
    expect(await (await rankings(h.events)).of(state)).toEqual(expected);
  });

  it("ranks by the home page's rule: detailed rating first, 'Best Overall' on the first card", async () => {
    const h = history();
    providerListed(h, 'a', { name: 'Alpha', states: ['OH'], featured: true });
    providerListed(h, 'b', {
      name: 'Beta',
      states: ['OH'],
      featured: true,
      card: { detailedRating: 4.9 },
    });
    const doc = await (await rankings(h.events)).queries.stateRanking('OH');
    expect(doc?.providers.map((p) => [p.name, p.rank, p.badgeText])).toEqual([
      ['Beta', 1, 'Best Overall'],
      ['Alpha', 2, null],
    ]);
  });
});

describe('a page of a state ranking', () => {
  it.each([
    [0, 2],
    [2, 2],
    [4, 2],
    [6, 2],
    [0, 15],
  ])(
    'skip %i, limit %i: the cards of the whole ranking at that place, and how many it holds',
    async (skip, limit) => {
      const h = history();
      for (let i = 0; i < 5; i++) {
        providerListed(h, `p${i}`, {
          name: `Ohio ${i}`,
          states: ['OH'],
          featured: true,
          googleScore: 3 + i / 2,
        });
      }
      const { queries } = await rankings(h.events);
      const whole = await queries.stateRanking('OH');
      const page = await queries.stateRankingPage('OH', skip, limit);
      expect(whole?.providerCount).toBe(5);
      expect(page).toEqual({ ...whole, providers: whole?.providers.slice(skip, skip + limit) });
      expect(await queries.stateRankingPage('AK', skip, limit)).toBeNull();
    },
  );
});

describe('a city page over a ranking stored before providerCount existed', () => {
  it('reads the ranking whole and pages it the same', async () => {
    const h = history();
    for (let i = 0; i < 5; i++) {
      providerListed(h, `p${i}`, { name: `Ohio ${i}`, states: ['OH'], featured: true });
    }
    const store = await project(cityRankingsProjector, h.events);
    const city = citiesByState('OH')[0]!;
    const expected = await readCityPage(cityQueries(store), city.slug, { page: '2', limit: '2' });
    // As a read store not rebuilt since the field was added holds it.
    await store.collection(CITY_COLLECTIONS.states).update(
      { _id: 'OH' },
      {
        $unset: { providerCount: '' },
      },
    );
    const page = await readCityPage(cityQueries(store), city.slug, { page: '2', limit: '2' });
    expect(page.providers.map((p) => p.name)).toEqual(expected.providers.map((p) => p.name));
    expect(page.paging).toEqual({ page: 2, pageCount: 3, pageSize: 2, total: 5 });
  });
});

describe('a provider gains and loses a state', () => {
  it('gaining a state adds it to every city page of that state', async () => {
    const h = history();
    providerListed(h, 'p1', { name: 'Acme', states: ['OH'], featured: true });
    const before = await rankings(h.events);
    expect(await before.of('MI')).toBeNull();

    changeStates(h, 'p1', ['OH', 'MI']);
    const after = await rankings(h.events);
    expect(await after.of('MI')).toEqual({ basis: 'featured', names: ['Acme'] });
    for (const city of citiesByState('MI')) {
      const page = await readCityPage(after.queries, city.slug);
      expect(
        page.providers.map((p) => p.name),
        city.slug,
      ).toEqual(['Acme']);
    }
  });

  it('losing a state takes it off every city page of that state and points to the nearest served', async () => {
    const h = history();
    providerListed(h, 'p1', { name: 'Acme', states: ['OH', 'MI'], featured: true });
    changeStates(h, 'p1', ['OH']);
    const r = await rankings(h.events);
    expect(await r.of('MI')).toBeNull();
    expect(await r.of('OH')).toEqual({ basis: 'featured', names: ['Acme'] });
    for (const city of citiesByState('MI')) {
      const page = await readCityPage(r.queries, city.slug);
      expect(page.basis, city.slug).toBe('none');
      expect(page.providers).toEqual([]);
      expect(page.nearestServedStates.map((s) => s.code)).toEqual(['OH']);
    }
  });

  it('unfeaturing the only featured provider of a state falls back to all providers serving it', async () => {
    const h = history();
    providerListed(h, 'f', { name: 'Featured', states: ['OH'], featured: true });
    providerListed(h, 'p', { name: 'Plain', states: ['OH'] });
    expect(await (await rankings(h.events)).of('OH')).toEqual({
      basis: 'featured',
      names: ['Featured'],
    });
    h.add('provider-f', 'ProviderUnfeatured', { providerId: 'f' });
    expect((await (await rankings(h.events)).of('OH'))?.basis).toBe('all');
  });
});

describe('a removed provider', () => {
  it('leaves every city page', async () => {
    const h = history();
    providerListed(h, 'p1', { name: 'Acme', states: ['OH', 'TX', 'CA'], featured: true });
    providerListed(h, 'p2', { name: 'Other', states: ['OH'], featured: true });
    h.add('provider-p1', 'ProviderRemoved', { providerId: 'p1', name: 'Acme' });
    const r = await rankings(h.events);
    expect(await r.of('OH')).toEqual({ basis: 'featured', names: ['Other'] });
    expect(await r.of('TX')).toBeNull();
    expect(await r.of('CA')).toBeNull();
    expect(await r.queries.servedStates()).toEqual(['OH']);
  });
});

describe('replays', () => {
  it('applying the same events again leaves the same rankings', async () => {
    const h = history();
    providerListed(h, 'p1', { name: 'Acme', states: ['OH', 'MI'], featured: true });
    changeStates(h, 'p1', ['OH']);
    const store = new MemoryReadStore();
    const ctx = liveContext(store);
    for (const pass of [1, 2]) {
      for (const event of h.events) {
        await cityRankingsProjector.handle(event, ctx);
        await cityRankingsProjector.flush?.(ctx);
      }
      const queries = cityQueries(store);
      expect(await queries.servedStates(), `pass ${pass}`).toEqual(['OH']);
    }
  });
});

describe('the rating a city page may publish', () => {
  it('is computed only from entered ratings with entered counts', async () => {
    const h = history();
    providerListed(h, 'a', {
      name: 'Alpha',
      states: ['OH'],
      featured: true,
      card: { detailedRating: 4.0, votesCount: 100 },
    });
    providerListed(h, 'b', {
      name: 'Beta',
      states: ['OH'],
      featured: true,
      card: { detailedRating: 5.0, votesCount: 300 },
    });
    providerListed(h, 'c', { name: 'Gamma', states: ['OH', 'TX'], featured: true });
    const { queries } = await rankings(h.events);
    expect((await queries.stateRanking('OH'))?.rating).toEqual({
      ratingValue: 4.8,
      reviewCount: 400,
    });
    expect((await queries.stateRanking('TX'))?.rating).toBeNull();
  });
});
