/**
 * The provider page's content and JSON-LD, as rule tables: only entered ratings (with their
 * source), prices sorted by dose, titration per offered medication, the published score shown,
 * and an AggregateRating only from an entered editor's rating with an entered vote count.
 */
import { describe, expect, it } from 'vitest';
import { emptyHistory } from '../../../domain/providers/history';
import {
  buildProviderPage,
  enteredRatings,
  priceRows,
} from '../../../domain/providers/provider-page';
import { providerJsonLd, providerPageCopy } from '../../../domain/providers/provider-seo';
import { computeVialScore } from '../../../domain/providers/vial-score';
import { aProvider, FULL_PRICES } from '../../support/provider-fixture';

const page = (overrides: Parameters<typeof aProvider>[0] = {}, published = false) => {
  const record = aProvider(overrides);
  return buildProviderPage({
    record,
    published: published ? computeVialScore(record) : null,
    publishedMonth: published ? '2025-03' : null,
    history: emptyHistory(),
  });
};

describe('entered ratings', () => {
  it.each([
    ['nothing entered', {}, []],
    ['a score only', { trustpilotScore: 4.2 }, [{ source: 'Trustpilot', score: 4.2, count: null }]],
    ['a count only', { googleReviewCount: 80 }, [{ source: 'Google', score: null, count: 80 }]],
    [
      'both sites',
      { trustpilotScore: 4, trustpilotReviewCount: 10, googleScore: 0 },
      [
        { source: 'Trustpilot', score: 4, count: 10 },
        { source: 'Google', score: 0, count: null },
      ],
    ],
  ] as const)('%s', (_case, fields, expected) => {
    expect(enteredRatings({ ...aProvider(), ...fields })).toEqual(expected);
  });
});

describe('the page of a provider', () => {
  it('shows nothing invented for an empty provider', () => {
    const view = page({ medications: [] });
    expect(view).toMatchObject({
      slug: 'acme-health',
      priceTables: [],
      startingPrice: null,
      titration: [],
      ratings: [],
      features: [],
      discountCode: '',
      pricesCheckedAt: null,
      vialScoreMonth: null,
      ratingLabel: 'Needs Improvement',
    });
    expect(JSON.stringify(view)).not.toMatch(/Outstanding|299|2-Minute Quiz|48 Hours/);
  });

  it('sorts each table by dose and keeps only countable prices', () => {
    expect(priceRows({ '1mg': 299, '0.25mg': 199, 'starter kit': 50, '2mg': Number.NaN })).toEqual([
      { dose: '0.25 mg', label: '0.25mg', mg: 0.25, monthly: 199 },
      { dose: '1 mg', label: '1mg', mg: 1, monthly: 299 },
      { dose: 'starter kit', label: 'starter kit', mg: null, monthly: 50 },
    ]);
  });

  it('computes titration for each ladder medication offered or priced', () => {
    expect(page({ medications: ['Tirzepatide'] }).titration.map((t) => t.medication)).toEqual([
      'tirzepatide',
    ]);
    const priced = page({ medications: [], prices: FULL_PRICES });
    expect(priced.titration.map((t) => [t.medication, t.horizons[0]?.total])).toEqual([
      ['semaglutide', 1096],
      ['tirzepatide', 1296],
    ]);
  });

  it('shows the published score and its month once published', () => {
    const view = page({ states: ['OH'] }, true);
    expect(view.vialScoreMonth).toBe('2025-03');
    expect(view.vialScore.breakdown.map((b) => b.input)).toEqual([
      'pricingTransparency',
      'statesCoverage',
      'googleReviews',
      'trustpilot',
      'medicationOffering',
    ]);
  });
});

describe('JSON-LD', () => {
  const site = 'https://vial.example';
  it.each([
    ['no rating entered', {}, false],
    ['an editor’s rating without a vote count', { card: { detailedRating: 4.5 } }, false],
    ['a vote count without a rating', { card: { votesCount: 300 } }, false],
    ['both entered', { card: { detailedRating: 4.5, votesCount: 300 } }, true],
  ] as const)('%s: AggregateRating %s', (_case, fields, shown) => {
    const data = providerJsonLd(page(fields), site);
    expect('aggregateRating' in data).toBe(shown);
  });

  it('offers the entered monthly prices in USD', () => {
    const data = providerJsonLd(
      page({ prices: { semaglutide: { '0.25mg': 199 }, tirzepatide: {} } }),
      site,
    );
    expect(data.makesOffer).toEqual([
      expect.objectContaining({ '@type': 'Offer', price: '199.00', priceCurrency: 'USD' }),
    ]);
    expect(data['@id']).toBe('https://vial.example/providers/acme-health#business');
  });

  it('says only entered facts in the description', () => {
    expect(providerPageCopy(page({ medications: [] })).description).toBe(
      'Acme Health reviewed: Vial Score 0.0/5. Dose prices, titration costs and states served.',
    );
  });
});
