/**
 * 'provider_dates': when the public provider data last changed and when Vial Scores were last
 * recomputed. A draft's events change no public date until it is published; removing a draft
 * forgets it. The same history gives the same dates applied event by event (the runner) and in
 * one replay (a rebuild, written once at its flush).
 */
import { describe, expect, it } from 'vitest';
import { rebuild } from '../../../projections';
import type { ProjectedEvent } from '../../../projections/event-source';
import { providerDatesProjector, providerDatesQueries } from '../../../projections/providers';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import { history, listing, NO_PRICES, providerDetails, vialScoreOf } from '../../support/events';
import { project } from '../../support/projections';

const T = (n: number) => `2025-04-0${n}T09:00:00.000Z`;

function datesHistory() {
  return history()
    .add('provider-p1', 'ProviderListed', listing('p1'), { occurredAt: T(1) })
    .add(
      'provider-p1',
      'VialScoreRecomputed',
      { providerId: 'p1', score: vialScoreOf(), reason: 'monthly', month: '2025-04' },
      { occurredAt: T(2) },
    )
    .add(
      'provider-p2',
      'ProviderDrafted',
      { providerId: 'p2', details: providerDetails({ name: 'Draft Co' }), prices: NO_PRICES },
      { occurredAt: T(3) },
    )
    .add(
      'provider-p2',
      'ProviderDetailsChanged',
      {
        providerId: 'p2',
        changes: { description: 'Still a draft.' },
        changedFields: ['description'],
      },
      { occurredAt: T(4) },
    );
}

const published = () =>
  datesHistory().add(
    'provider-p2',
    'ProviderPublished',
    { providerId: 'p2' },
    { occurredAt: T(5) },
  );
const draftRemoved = () =>
  datesHistory().add(
    'provider-p2',
    'ProviderRemoved',
    { providerId: 'p2', name: 'Draft Co', draft: true },
    { occurredAt: T(5) },
  );
const featuredAfter = () =>
  draftRemoved().add('provider-p1', 'ProviderFeatured', { providerId: 'p1' }, { occurredAt: T(6) });

/** The events as a log a rebuild reads page by page. */
const logOf = (events: readonly ProjectedEvent[]) => ({
  async readAll(options?: { after?: bigint; limit?: number }) {
    const after = options?.after ?? 0n;
    return events.filter((e) => e.position > after).slice(0, options?.limit ?? 1000);
  },
});

const cases = [
  {
    given: 'a listing, a recomputation, then a draft edited',
    events: () => datesHistory().events,
    dates: { providersChangedAt: T(1), vialScoresRecomputedAt: T(2) },
  },
  {
    given: 'the draft then published',
    events: () => published().events,
    dates: { providersChangedAt: T(5), vialScoresRecomputedAt: T(2) },
  },
  {
    given: 'the draft then removed',
    events: () => draftRemoved().events,
    dates: { providersChangedAt: T(1), vialScoresRecomputedAt: T(2) },
  },
  {
    given: 'the draft removed, then a listed provider featured',
    events: () => featuredAfter().events,
    dates: { providersChangedAt: T(6), vialScoresRecomputedAt: T(2) },
  },
];

describe('provider dates', () => {
  it.each(cases)('Given $given: the dates', async ({ events, dates }) => {
    const store = await project(providerDatesProjector, events());
    expect(await providerDatesQueries(store).providerDates()).toEqual(dates);
  });

  it.each(cases)(
    'Given $given: a rebuild in pages of 2 writes the same document as the runner',
    async ({ events }) => {
      const live = await project(providerDatesProjector, events());
      const rebuilt = new MemoryReadStore();
      await rebuild(rebuilt, logOf(events()), [providerDatesProjector], { batchSize: 2 });
      expect(await rebuilt.collection('provider_dates').find({})).toEqual(
        await live.collection('provider_dates').find({}),
      );
    },
  );

  it('Given no provider event: no dates', async () => {
    const store = await project(providerDatesProjector, []);
    expect(await providerDatesQueries(store).providerDates()).toEqual({
      providersChangedAt: null,
      vialScoresRecomputedAt: null,
    });
  });
});
