/**
 * The provider history projector: a price change adds a point, a change that leaves the
 * starting prices alone adds none, each published score adds one with its method version,
 * an event applied twice adds nothing, and a replay gives the same series.
 */
import { describe, expect, it } from 'vitest';
import {
  providerHistoryProjector,
  providerHistoryQueries,
  type ProviderHistoryDoc,
} from '../../../projections/providers';
import { rebuild } from '../../../projections/rebuild';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import { HISTORY_MAX_POINTS } from '../../../domain/providers/history';
import { history, NO_PRICES, providerListed, vialScoreOf } from '../../support/events';
import { project } from '../../support/projections';

const T0 = '2025-03-14T10:00:00.000Z';
const T1 = '2025-04-01T09:00:00.000Z';
const T2 = '2025-05-01T09:00:00.000Z';

function events() {
  const h = providerListed(
    history(),
    'p1',
    { medications: ['Semaglutide'] },
    {
      prices: { ...NO_PRICES, semaglutide: { '0.25mg': 199, '0.5mg': 249 } },
    },
  );
  h.add(
    'provider-p1',
    'ProviderPricesChanged',
    { providerId: 'p1', prices: { ...NO_PRICES, semaglutide: { '0.25mg': 179, '0.5mg': 249 } } },
    { occurredAt: T1 },
  );
  // Only a dose that is not the lowest changes: no new point.
  h.add(
    'provider-p1',
    'ProviderPricesChanged',
    { providerId: 'p1', prices: { ...NO_PRICES, semaglutide: { '0.25mg': 179, '0.5mg': 229 } } },
    { occurredAt: T2 },
  );
  h.add(
    'provider-p1',
    'VialScoreRecomputed',
    {
      providerId: 'p1',
      score: vialScoreOf({ medications: ['Semaglutide'], states: ['OH'] }),
      reason: 'monthly',
      month: '2025-05',
      methodVersion: '1.0',
    },
    { occurredAt: T2 },
  );
  return h.events;
}

describe('provider history', () => {
  it('keeps each starting price change and each published score', async () => {
    const store = await project(providerHistoryProjector, events());
    const series = await providerHistoryQueries(store).providerHistory('p1');
    expect(series.prices).toEqual([
      { at: T0, semaglutide: 199, tirzepatide: null },
      { at: T1, semaglutide: 179, tirzepatide: null },
    ]);
    expect(series.scores.map((s) => [s.at, s.month, s.methodVersion])).toEqual([
      [T0, '2025-03', null], // the fixture's listing event carries no version (older events)
      [T2, '2025-05', '1.0'],
    ]);
  });

  it('a price change adds a point', async () => {
    const all = events();
    const before = await providerHistoryQueries(
      await project(providerHistoryProjector, all.slice(0, 2)),
    ).providerHistory('p1');
    const after = await providerHistoryQueries(
      await project(providerHistoryProjector, all.slice(0, 3)),
    ).providerHistory('p1');
    expect(after.prices.length).toBe(before.prices.length + 1);
  });

  it('an event applied twice adds nothing; a replay gives the same series', async () => {
    const all = events();
    const once = await project(providerHistoryProjector, all);
    const twice = await project(providerHistoryProjector, [...all, ...all]);
    const read = (s: typeof once) => s.collection<ProviderHistoryDoc>('provider_history').find({});
    expect(await read(twice)).toEqual(await read(once));
    const replay = await project(providerHistoryProjector, all);
    expect(await read(replay)).toEqual(await read(once));
  });

  it("a rebuild (series held and added to in place) gives the runner's series, past the cap", async () => {
    const h = providerListed(history(), 'p1', { medications: ['Semaglutide'] });
    const score = vialScoreOf({ medications: ['Semaglutide'], states: ['OH'] });
    for (let i = 0; i < HISTORY_MAX_POINTS + 30; i++) {
      const at = new Date(Date.UTC(2025, 5, 1) + i * 3_600_000).toISOString();
      const prices = (lowest: number, top: number) => ({
        ...NO_PRICES,
        semaglutide: { '0.25mg': lowest, '1mg': top },
      });
      h.add(
        'provider-p1',
        'ProviderPricesChanged',
        { providerId: 'p1', prices: prices(100 + i, 900) },
        { occurredAt: at },
      );
      // A change that leaves the lowest price alone adds no point.
      h.add(
        'provider-p1',
        'ProviderPricesChanged',
        { providerId: 'p1', prices: prices(100 + i, 901) },
        { occurredAt: at },
      );
      h.add(
        'provider-p1',
        'VialScoreRecomputed',
        { providerId: 'p1', score, reason: 'monthly', month: '2025-06', methodVersion: '1.0' },
        { occurredAt: at },
      );
    }
    const runner = await project(providerHistoryProjector, h.events);
    const rebuilt = new MemoryReadStore();
    const log = {
      async readAll({ after = 0n, limit = 1000 }: { after?: bigint; limit?: number } = {}) {
        return h.events.filter((e) => e.position > after).slice(0, limit);
      },
    };
    await rebuild(rebuilt, log, [providerHistoryProjector], { batchSize: 7 });
    const read = (s: MemoryReadStore) =>
      s.collection<ProviderHistoryDoc>('provider_history').find({});
    const [doc] = await read(rebuilt);
    expect(doc?.prices).toHaveLength(HISTORY_MAX_POINTS);
    expect(doc?.scores).toHaveLength(HISTORY_MAX_POINTS);
    expect(JSON.stringify(await read(rebuilt))).toBe(JSON.stringify(await read(runner)));
  });

  it('a provider without history reads as empty series', async () => {
    const store = await project(providerHistoryProjector, []);
    expect(await providerHistoryQueries(store).providerHistory('nobody')).toEqual({
      prices: [],
      scores: [],
    });
  });
});
