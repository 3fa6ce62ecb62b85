/**
 * The provider projector: given provider events, the records, admin views and the public
 * ranking it keeps.
 */
import { describe, expect, it } from 'vitest';
import {
  adminProviderView,
  pricedCollection,
  providersProjector,
  type AdminProviderDoc,
  type ProviderCardDoc,
  type ProviderDoc,
} from '../../../projections/providers';
import type { ProjectedEvent } from '../../../projections/event-source';
import { liveContext } from '../../../projections/projector';
import { STATE_CODES } from '../../../domain/shared/reference/states';
import {
  history,
  NO_PRICES,
  providerDetails as details,
  providerListed,
  vialScoreOf as scoreOf,
} from '../../support/events';
import { appProjector, project } from '../../support/projections';

const MANY_STATES = STATE_CODES.slice(0, 25);

async function docs(events: ProjectedEvent[]) {
  const store = await project(providersProjector, events);
  return {
    // Through the read side's codec: prices are stored as dose lists, read as tables.
    providers: await pricedCollection(store.collection<ProviderDoc>('providers')).find({}),
    admin: await pricedCollection(store.collection<AdminProviderDoc>('admin_providers')).find({}),
    ranking: await store
      .collection<ProviderCardDoc>('public_provider_ranking')
      .find({}, { sort: { rank: 1 } }),
  };
}

describe('provider records', () => {
  it('a listing creates the record with its published score, times and revision', async () => {
    const h = providerListed(history(), 'p1', { featured: true, states: ['CA'] });
    const { providers } = await docs(h.events);
    expect(providers).toEqual([
      expect.objectContaining({
        _id: 'p1',
        id: 'p1',
        name: 'Acme Health',
        states: ['CA'],
        featured: true,
        publishedVialScore: scoreOf({ states: ['CA'] }),
        vialScoreMonth: '2025-03',
        createdAt: '2025-03-14T10:00:00.000Z',
        revision: 2,
      }),
    ]);
  });

  it('edits change the fields and updatedAt, but not the published score', async () => {
    const h = providerListed(history(), 'p1', {}).add(
      'provider-p1',
      'ProviderDetailsChanged',
      {
        providerId: 'p1',
        changes: { googleScore: 5, name: 'Acme 2' },
        changedFields: ['googleScore', 'name'],
      },
      { occurredAt: '2025-03-20T09:00:00.000Z' },
    );
    const { providers, admin } = await docs(h.events);
    expect(providers[0]).toMatchObject({
      name: 'Acme 2',
      googleScore: 5,
      updatedAt: '2025-03-20T09:00:00.000Z',
      publishedVialScore: scoreOf({}),
    });
    expect(admin[0]).toMatchObject({
      vialScore: scoreOf({}),
      pendingVialScore: scoreOf({ googleScore: 5 }),
    });
  });

  it.each([
    ['listed without prices', [], null],
    ['listed with prices', ['listedWithPrices'], '2025-03-14T10:00:00.000Z'],
    ['then a price change', ['listedWithPrices', 'pricesChanged'], '2025-04-01T08:00:00.000Z'],
    ['then a verification', ['pricesChanged', 'verified'], '2025-05-02T12:00:00.000Z'],
  ] as const)("'Prices checked': %s -> %s", async (_case, steps, expected) => {
    const h = providerListed(
      history(),
      'p1',
      { featured: true },
      {
        prices: (steps as readonly string[]).includes('listedWithPrices')
          ? { semaglutide: { '0.25mg': 199 }, tirzepatide: {} }
          : NO_PRICES,
      },
    );
    if ((steps as readonly string[]).includes('pricesChanged'))
      h.add(
        'provider-p1',
        'ProviderPricesChanged',
        { providerId: 'p1', prices: { semaglutide: { '0.25mg': 179 }, tirzepatide: {} } },
        { occurredAt: '2025-04-01T08:00:00.000Z' },
      );
    if ((steps as readonly string[]).includes('verified'))
      h.add(
        'provider-p1',
        'ProviderPricesVerified',
        { providerId: 'p1', verifiedAt: '2025-05-02T12:00:00.000Z' },
        { occurredAt: '2025-05-02T12:00:00.000Z' },
      );
    const { providers, admin, ranking } = await docs(h.events);
    expect(providers[0]?.pricesCheckedAt).toBe(expected);
    expect(admin[0]?.pricesCheckedAt).toBe(expected);
    expect(ranking[0]?.pricesCheckedAt).toBe(expected);
  });

  it('a verification changes neither the prices nor updatedAt', async () => {
    const prices = { semaglutide: { '0.25mg': 199 }, tirzepatide: {} };
    const h = providerListed(history(), 'p1', {}, { prices }).add(
      'provider-p1',
      'ProviderPricesVerified',
      { providerId: 'p1', verifiedAt: '2025-05-02T12:00:00.000Z' },
      { occurredAt: '2025-05-02T12:00:00.000Z' },
    );
    const { providers } = await docs(h.events);
    expect(providers[0]).toMatchObject({ prices, updatedAt: '2025-03-14T10:00:00.000Z' });
  });

  it('stores dose labels as values, never as field names, in every read model that keeps prices', async () => {
    const prices = { semaglutide: { '0.25mg': 199, '0.5mg': 249 }, tirzepatide: { '2.5mg': 299 } };
    const h = providerListed(history(), 'p1', { featured: true, states: ['CA'] }, { prices });
    const store = await project(
      ['providers', 'city_rankings', 'audit_log'].map(appProjector),
      h.events,
    );
    const stored = {
      semaglutide: [
        { dose: '0.25mg', price: 199 },
        { dose: '0.5mg', price: 249 },
      ],
      tirzepatide: [{ dose: '2.5mg', price: 299 }],
    };
    for (const name of ['providers', 'admin_providers', 'city_provider_records']) {
      const raw = await store.collection(name).findOne({ _id: 'p1' });
      expect(raw?.prices, name).toEqual(stored);
    }
    const subject = await store.collection('audit_subjects').findOne({ _id: 'provider:p1' });
    expect(subject?.prices).toEqual(stored);
    // The read side still answers tables (the API's shape).
    const admin = await pricedCollection(
      store.collection<AdminProviderDoc>('admin_providers'),
    ).findOne({ _id: 'p1' });
    expect(admin?.prices).toEqual(prices);
  });

  it('a removal deletes the record, its admin view and its card', async () => {
    const h = providerListed(history(), 'p1', { featured: true }).add(
      'provider-p1',
      'ProviderRemoved',
      {
        providerId: 'p1',
        name: 'Acme Health',
      },
    );
    expect(await docs(h.events)).toEqual({ providers: [], admin: [], ranking: [] });
  });

  it('an event already applied is not applied again', async () => {
    const h = providerListed(history(), 'p1', {});
    const store = await project(providersProjector, h.events);
    const before = await store.collection('providers').find({});
    // The listing again (a replay after a crash) must not reset the record.
    await providersProjector.handle(h.events[0]!, liveContext(store));
    expect(await store.collection('providers').find({})).toEqual(before);
  });
});

describe('admin provider view', () => {
  it('has the details, prices, published and pending scores, revision and times, and no record-only fields', async () => {
    const { admin, providers } = await docs(
      providerListed(history(), 'p1', { description: 'Hello' }).events,
    );
    expect(admin[0]).toEqual(adminProviderView(providers[0]!));
    expect(Object.keys(admin[0]!).sort()).toEqual(
      [
        '_id',
        ...Object.keys(details()),
        'prices',
        'vialScore',
        'pendingVialScore',
        'revision',
        'createdAt',
        'updatedAt',
        'pricesCheckedAt',
      ].sort(),
    );
  });
});

describe('public ranking', () => {
  const high = scoreOf({ googleScore: 5, trustpilotScore: 5 });
  const low = scoreOf({ googleScore: 1 });

  it('holds only featured providers, best published score first, with Best Overall on the first', async () => {
    const h = history();
    providerListed(h, 'low', { name: 'Low', featured: true, googleScore: 1 }, { score: low });
    providerListed(
      h,
      'high',
      { name: 'High', featured: true, googleScore: 5, trustpilotScore: 5 },
      { score: high },
    );
    providerListed(
      h,
      'hidden',
      { name: 'Hidden', featured: false, googleScore: 5, trustpilotScore: 5 },
      { score: high },
    );
    const { ranking } = await docs(h.events);
    expect(ranking.map((c) => [c._id, c.rank, c.badgeText])).toEqual([
      ['high', 1, 'Best Overall'],
      ['low', 2, null],
    ]);
  });

  it('ranks by the published score, not by what the current data would give', async () => {
    const h = history();
    providerListed(
      h,
      'a',
      { name: 'A', featured: true, googleScore: 5, trustpilotScore: 5 },
      { score: high },
    );
    providerListed(h, 'b', { name: 'B', featured: true, googleScore: 1 }, { score: low });
    // B's data now beats A, but its new score is not published yet.
    h.add('provider-b', 'ProviderDetailsChanged', {
      providerId: 'b',
      changes: { googleScore: 5, trustpilotScore: 5, states: MANY_STATES },
      changedFields: ['googleScore', 'trustpilotScore', 'states'],
    });
    let { ranking } = await docs(h.events);
    expect(ranking.map((c) => c._id)).toEqual(['a', 'b']);
    expect(ranking[1]!.vialScore).toEqual(low);

    const republished = scoreOf({ googleScore: 5, trustpilotScore: 5, states: MANY_STATES });
    expect(republished.outOf5).toBeGreaterThan(high.outOf5);
    h.add('provider-b', 'VialScoreRecomputed', {
      providerId: 'b',
      score: republished,
      reason: 'requested',
      month: '2025-03',
    });
    ({ ranking } = await docs(h.events));
    expect(ranking.map((c) => c._id)).toEqual(['b', 'a']);
    expect(ranking[0]).toMatchObject({ vialScore: republished, rankingScore: republished.outOf5 });
  });

  it('unfeaturing takes the card off', async () => {
    const h = providerListed(history(), 'p1', { featured: true }).add(
      'provider-p1',
      'ProviderUnfeatured',
      {
        providerId: 'p1',
      },
    );
    expect((await docs(h.events)).ranking).toEqual([]);
  });

  it('a card badge set in the card content replaces Best Overall', async () => {
    const h = providerListed(history(), 'p1', {
      featured: true,
      card: { badgeText: 'Editor pick' },
    });
    expect((await docs(h.events)).ranking[0]?.badgeText).toBe('Editor pick');
  });
});
