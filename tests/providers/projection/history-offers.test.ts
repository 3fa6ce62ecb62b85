/**
 * The price history once a provider's offers are entered (issue 25): the offers are its prices,
 * so a change of the offers' starting price adds a point, and offers that keep the tables'
 * starting prices (the upcast saved as offers, the demo seed) add none.
 */
import { describe, expect, it } from 'vitest';
import { providerHistoryProjector, providerHistoryQueries } from '../../../projections/providers';
import { history, NO_PRICES, providerListed } from '../../support/events';
import { project } from '../../support/projections';
import type { Offer } from '../../../domain/providers/offers';

const T0 = '2025-03-14T10:00:00.000Z';
const T1 = '2025-04-01T09:00:00.000Z';
const T2 = '2025-05-01T09:00:00.000Z';

const offer = (prices: { dose: string; monthly: number }[]): Offer => ({
  id: 'sema-vial',
  medication: 'semaglutide',
  form: 'compounded-vial',
  prices,
  intro: null,
  plans: [],
  concentrationMgPerMl: 2.5,
  checked: { source: null, checkedOn: null },
});

describe('Given a provider listed with price tables', () => {
  const listed = () =>
    providerListed(
      history(),
      'p1',
      { medications: ['Semaglutide'] },
      { prices: { ...NO_PRICES, semaglutide: { '0.25mg': 199, '0.5mg': 249 } } },
    );

  it('When its tables are saved as offers unchanged, Then no point is added', async () => {
    const h = listed();
    h.add(
      'provider-p1',
      'ProviderOffersChanged',
      {
        providerId: 'p1',
        offers: [
          offer([
            { dose: '0.25mg', monthly: 199 },
            { dose: '0.5mg', monthly: 249 },
          ]),
        ],
      },
      { occurredAt: T1 },
    );
    const series = await providerHistoryQueries(
      await project(providerHistoryProjector, h.events),
    ).providerHistory('p1');
    expect(series.prices).toEqual([{ at: T0, semaglutide: 199, tirzepatide: null }]);
  });

  it("When its offers' starting price changes, Then a point is added", async () => {
    const h = listed();
    h.add(
      'provider-p1',
      'ProviderOffersChanged',
      { providerId: 'p1', offers: [offer([{ dose: '0.25 mg', monthly: 199 }])] },
      { occurredAt: T1 },
    );
    h.add(
      'provider-p1',
      'ProviderOffersChanged',
      { providerId: 'p1', offers: [offer([{ dose: '0.25 mg', monthly: 179 }])] },
      { occurredAt: T2 },
    );
    const series = await providerHistoryQueries(
      await project(providerHistoryProjector, h.events),
    ).providerHistory('p1');
    expect(series.prices).toEqual([
      { at: T0, semaglutide: 199, tirzepatide: null },
      { at: T2, semaglutide: 179, tirzepatide: null },
    ]);
  });
});
