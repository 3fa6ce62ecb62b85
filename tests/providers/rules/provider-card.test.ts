import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STATE_CODES } from '../../../domain/shared/reference/states';
import {
  buildProviderCards,
  type CardFieldsCache,
  featuredOnly,
  medicationLabel,
  noPriceText,
  rankingScore,
  reviewCounts,
  startingPrice,
} from '../../../domain/providers/provider-card';
import { computeVialScore, vialScoreBand } from '../../../domain/providers/vial-score';
import { aProvider, FULL_PRICES } from '../../support/provider-fixture';

describe('startingPrice: the lowest entered monthly price with its dose; null when none', () => {
  it.each([
    ['the spec tables', FULL_PRICES, { monthly: 199, dose: '0.25 mg', medication: 'semaglutide' }],
    ['no prices at all', { semaglutide: {}, tirzepatide: {} }, null],
    ['missing tables', {}, null],
    [
      'only tirzepatide',
      { semaglutide: {}, tirzepatide: { '5mg': 299, '2.5 mg': 249 } },
      { monthly: 249, dose: '2.5 mg', medication: 'tirzepatide' },
    ],
    [
      'tirzepatide cheaper than semaglutide',
      { semaglutide: { '0.25mg': 299 }, tirzepatide: { '2.5mg': 249 } },
      { monthly: 249, dose: '2.5 mg', medication: 'tirzepatide' },
    ],
    [
      'a tie keeps semaglutide',
      { semaglutide: { '0.5mg': 249 }, tirzepatide: { '2.5mg': 249 } },
      { monthly: 249, dose: '0.5 mg', medication: 'semaglutide' },
    ],
    [
      'NaN is ignored',
      { semaglutide: { '0.25mg': Number.NaN, '0.5mg': 279 }, tirzepatide: {} },
      { monthly: 279, dose: '0.5 mg', medication: 'semaglutide' },
    ],
    ['only NaN prices', { semaglutide: { '0.25mg': Number.NaN }, tirzepatide: {} }, null],
    [
      'a non-numeric value is ignored',
      { semaglutide: { '0.25mg': '99' as unknown as number, '1mg': 150 }, tirzepatide: {} },
      { monthly: 150, dose: '1 mg', medication: 'semaglutide' },
    ],
    [
      'a free-text dose label is shown as entered',
      { semaglutide: { 'Starter pack ': 99 }, tirzepatide: {} },
      { monthly: 99, dose: 'Starter pack', medication: 'semaglutide' },
    ],
  ])('%s -> %j', (_case, prices, expected) => {
    expect(startingPrice(prices)).toEqual(expected);
  });

  it("says 'See prices on {provider}'s site' instead of a price", () => {
    expect(noPriceText('Acme Health')).toBe("See prices on Acme Health's site");
  });
});

describe('medicationLabel: names what is offered', () => {
  it.each([
    [['Semaglutide'], 'Semaglutide'],
    [['Tirzepatide'], 'Tirzepatide'],
    [['Semaglutide', 'Tirzepatide'], 'Semaglutide & tirzepatide'],
    [['Tirzepatide', 'Semaglutide'], 'Semaglutide & tirzepatide'],
    [['Semaglutide', 'Tirzepatide', 'Liraglutide'], 'Semaglutide, tirzepatide & liraglutide'],
    [['Liraglutide', 'Other GLP-1 medications'], 'Liraglutide & other GLP-1 medications'],
    [[], null],
  ])('%j -> %j', (meds, label) => {
    expect(medicationLabel(meds)).toBe(label);
  });
});

describe('rankingScore: detailed_rating, else Vial Score out of 5, else 0', () => {
  it('uses the detailed rating when the card content sets one', () => {
    expect(rankingScore(aProvider({ googleScore: 5, card: { detailedRating: 4.9 } }))).toBe(4.9);
  });
  it('uses a detailed rating of 0 as set, not as missing', () => {
    expect(rankingScore(aProvider({ googleScore: 5, card: { detailedRating: 0 } }))).toBe(0);
  });
  it('falls back to the Vial Score out of 5', () => {
    const p = aProvider({ googleScore: 5, trustpilotScore: 5 });
    expect(rankingScore(p)).toBe(computeVialScore(p).outOf5);
    expect(rankingScore(p)).toBe(2);
  });
  it('is 0 for an empty provider', () => {
    expect(rankingScore(aProvider())).toBe(0);
  });
});

describe('reviewCounts: only entered counts, each with its source', () => {
  it.each([
    ['none entered', null, null, []],
    ['Trustpilot only', 12431, null, [{ source: 'Trustpilot', count: 12431 }]],
    ['Google only', null, 880, [{ source: 'Google', count: 880 }]],
    [
      'both',
      12431,
      880,
      [
        { source: 'Trustpilot', count: 12431 },
        { source: 'Google', count: 880 },
      ],
    ],
    ['a count of 0 is entered', 0, null, [{ source: 'Trustpilot', count: 0 }]],
  ])('%s', (_case, trustpilotReviewCount, googleReviewCount, expected) => {
    expect(reviewCounts({ trustpilotReviewCount, googleReviewCount })).toEqual(expected);
  });
});

describe('featuredOnly', () => {
  it('keeps only featured providers, in order', () => {
    const a = aProvider({ id: 'a', featured: true });
    const b = aProvider({ id: 'b', featured: false });
    const c = aProvider({ id: 'c', featured: true });
    expect(featuredOnly([a, b, c]).map((p) => p.id)).toEqual(['a', 'c']);
  });
});

describe('buildProviderCards', () => {
  const strong = aProvider({
    id: 'strong',
    name: 'Zeta Clinic',
    states: [...STATE_CODES],
    medications: ['Semaglutide', 'Tirzepatide'],
    googleScore: 4.8,
    trustpilotScore: 4.7,
    prices: FULL_PRICES,
  });
  const weak = aProvider({ id: 'weak', name: 'Alpha Meds', googleScore: 3 });
  const editorial = aProvider({
    id: 'editorial',
    name: 'Mid Health',
    card: { detailedRating: 4.95 },
  });

  it('sorts descending by ranking score and numbers ranks 1..n', () => {
    const cards = buildProviderCards([weak, strong, editorial]);
    expect(cards.map((c) => [c._id, c.rank])).toEqual([
      ['editorial', 1],
      ['strong', 2],
      ['weak', 3],
    ]);
    expect(cards.map((c) => c.rankingScore)).toEqual([4.95, computeVialScore(strong).outOf5, 0.6]);
  });

  it('breaks ties by name', () => {
    const b = aProvider({ id: '1', name: 'Bravo' });
    const a = aProvider({ id: '2', name: 'alpha' });
    expect(buildProviderCards([b, a]).map((c) => c.name)).toEqual(['alpha', 'Bravo']);
  });

  it("gives the first card 'Best Overall' and the others no badge", () => {
    expect(buildProviderCards([weak, strong]).map((c) => c.badgeText)).toEqual([
      'Best Overall',
      null,
    ]);
  });

  it('uses the card badge text instead, on any card', () => {
    const topWithBadge = { ...strong, card: { ...strong.card, badgeText: 'Editor’s Pick' } };
    const lowWithBadge = { ...weak, card: { ...weak.card, badgeText: 'Lowest Price' } };
    expect(buildProviderCards([topWithBadge, lowWithBadge]).map((c) => c.badgeText)).toEqual([
      'Editor’s Pick',
      'Lowest Price',
    ]);
  });

  it('invents nothing when the card content is empty (rule table below for each field)', () => {
    const [card] = buildProviderCards([aProvider({ id: 'bare', medications: [] })]);
    expect(card).toMatchObject({
      features: [],
      ratingLabel: 'Needs Improvement',
      ctaText: { mobile: 'Get Started Today', desktop: 'Get Started' },
      reviewCounts: [],
      startingPrice: null,
      medicationLabel: null,
      discountCode: '',
      discountBanner: null,
      rankedBy: 'vialScore',
    });
    expect(JSON.stringify(card)).not.toMatch(/Outstanding|299|votes|2-Minute Quiz|48 Hours/);
  });

  it.each([
    // field, provider (absent / present / partly present), what the card shows
    ['features: absent', {}, { features: [] }],
    [
      'features: present',
      { card: { features: ['Cancel any time'] } },
      { features: ['Cancel any time'] },
    ],
    [
      'features: partly (blank lines dropped)',
      { card: { features: ['Cancel any time', '  '] } },
      { features: ['Cancel any time'] },
    ],
    ['rating label: absent -> band word', { googleScore: 5 }, { ratingLabel: 'Needs Improvement' }],
    [
      'rating label: blank -> band word',
      { card: { ratingLabel: '  ' } },
      { ratingLabel: 'Needs Improvement' },
    ],
    [
      'rating label: present',
      { card: { ratingLabel: 'Great value' } },
      { ratingLabel: 'Great value' },
    ],
    ['review counts: absent', {}, { reviewCounts: [] }],
    [
      'review counts: partly (Google only)',
      { googleReviewCount: 880 },
      { reviewCounts: [{ source: 'Google', count: 880 }] },
    ],
    [
      'votes without a source are never shown',
      { card: { votesCount: 24210 } },
      { reviewCounts: [] },
    ],
    ['prices: absent', {}, { startingPrice: null }],
    [
      'prices: partly (one medication)',
      { prices: { semaglutide: {}, tirzepatide: { '5mg': 349 } } },
      { startingPrice: { monthly: 349, dose: '5 mg', medication: 'tirzepatide' } },
    ],
    ['medications: absent', { medications: [] }, { medicationLabel: null }],
    ['medications: present', { medications: ['Tirzepatide'] }, { medicationLabel: 'Tirzepatide' }],
  ] as const)('%s', (_case, overrides, expected) => {
    const [card] = buildProviderCards([aProvider(overrides as Parameters<typeof aProvider>[0])]);
    expect(card).toMatchObject(expected);
  });

  it('keeps the card content when set', () => {
    const p = aProvider({
      id: 'x',
      discountCode: 'SAVE20',
      medications: ['Tirzepatide'],
      card: {
        features: ['One', 'Two', 'Three', 'Four'],
        ratingLabel: 'Excellent',
        ctaText: 'Start Now',
        votesCount: 1234,
        logoUrl: 'https://cdn.example/logo.png',
      },
    });
    const [card] = buildProviderCards([p]);
    expect(card).toMatchObject({
      features: ['One', 'Two', 'Three', 'Four'],
      ratingLabel: 'Excellent',
      ctaText: { mobile: 'Start Now', desktop: 'Start Now' },
      logoUrl: 'https://cdn.example/logo.png',
      medicationLabel: 'Tirzepatide',
      discountCode: 'SAVE20',
      discountBanner: 'Limited Offer: Save with Code SAVE20',
    });
  });

  it.each([
    ['no code anywhere', '', '', '', '', null],
    ['provider discount code', 'SAVE20', '', '', 'SAVE20', 'Limited Offer: Save with Code SAVE20'],
    [
      'card offer code wins over the provider code',
      'SAVE20',
      'CARD10',
      '',
      'CARD10',
      'Limited Offer: Save with Code CARD10',
    ],
    [
      'offer title wins when set',
      'SAVE20',
      '',
      '$50 off your first month',
      'SAVE20',
      '$50 off your first month',
    ],
    ['offer title without a code shows no banner', '', '', '$50 off', '', null],
  ])('discount banner: %s', (_case, discountCode, offerCode, offerTitle, code, banner) => {
    const [card] = buildProviderCards([
      aProvider({ discountCode, card: { offerCode, offerTitle } }),
    ]);
    expect(card?.discountCode).toBe(code);
    expect(card?.discountBanner).toBe(banner);
  });

  it('returns an empty list for no providers', () => {
    expect(buildProviderCards([])).toEqual([]);
  });

  it('ranks any list in non-increasing score order with ranks 1..n and one Best Overall', () => {
    const arb = fc.array(
      fc.record({
        id: fc.uuid(),
        name: fc.string({ minLength: 1, maxLength: 8 }),
        googleScore: fc.double({ min: 0, max: 5, noNaN: true }),
        detailedRating: fc.option(fc.double({ min: 0, max: 5, noNaN: true }), { nil: null }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const cards = buildProviderCards(
          rows.map((r) =>
            aProvider({
              id: r.id,
              name: r.name,
              googleScore: r.googleScore,
              card: { detailedRating: r.detailedRating },
            }),
          ),
        );
        expect(cards.map((c) => c.rank)).toEqual(rows.map((_, i) => i + 1));
        for (let i = 1; i < cards.length; i++) {
          expect(cards[i - 1]!.rankingScore).toBeGreaterThanOrEqual(cards[i]!.rankingScore);
        }
        expect(cards.filter((c) => c.badgeText === 'Best Overall').length).toBe(
          cards.length > 0 ? 1 : 0,
        );
      }),
    );
  });
});

describe('buildProviderCards with given Vial Scores (e.g. the last published ones)', () => {
  const published = (outOf5: number) => ({
    ...computeVialScore(aProvider()),
    outOf5,
    outOf10: outOf5 * 2,
  });

  it('shows and ranks by the given score, computing it for providers without one', () => {
    const a = aProvider({ id: 'a', name: 'A', googleScore: 5, trustpilotScore: 5 }); // computed 2.0
    const b = aProvider({ id: 'b', name: 'B' }); // computed 0, published 4.2
    const scores = new Map([['b', published(4.2)]]);
    const cards = buildProviderCards([a, b], { vialScoreOf: (r) => scores.get(r.id) });
    expect(cards.map((c) => [c._id, c.rankingScore, c.vialScore.outOf5, c.badgeText])).toEqual([
      ['b', 4.2, 4.2, 'Best Overall'],
      ['a', 2, 2, null],
    ]);
  });

  it('a detailed rating still wins over the given score', () => {
    const a = aProvider({ id: 'a', card: { detailedRating: 1.5 } });
    const [card] = buildProviderCards([a], { vialScoreOf: () => published(4.9) });
    expect(card?.rankingScore).toBe(1.5);
    expect(card?.vialScore.outOf5).toBe(4.9);
  });
});

describe('rank/score consistency: the card shows the figure the list is ranked by', () => {
  const vial = (outOf5: number) => ({
    ...computeVialScore(aProvider()),
    outOf5,
    outOf10: outOf5 * 2,
    band: vialScoreBand(outOf5),
  });
  it.each([
    // detailed rating, Vial Score -> rankedBy, rankingScore, band word
    [null, 3.7, 'vialScore', 3.7, 'Good'],
    [4.6, 3.7, 'editorsRating', 4.6, 'Good'],
    [0, 4.8, 'editorsRating', 0, 'Excellent'],
    [null, 4.2, 'vialScore', 4.2, 'Very Good'],
  ] as const)(
    'detailed rating %j, Vial Score %d -> ranked by %s %d, label %s',
    (detailedRating, outOf5, rankedBy, score, band) => {
      const [card] = buildProviderCards([aProvider({ card: { detailedRating } })], {
        vialScoreOf: () => vial(outOf5),
      });
      expect(card).toMatchObject({ rankedBy, rankingScore: score, ratingLabel: band });
      expect(card?.vialScore.outOf5).toBe(outOf5);
    },
  );

  it('the shown ranking figure never increases down any list', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.uuid(),
            vial: fc.integer({ min: 0, max: 50 }).map((n) => n / 10),
            rating: fc.option(
              fc.integer({ min: 0, max: 50 }).map((n) => n / 10),
              { nil: null },
            ),
          }),
          { maxLength: 10 },
        ),
        (rows) => {
          const scores = new Map(rows.map((r) => [r.id, vial(r.vial)]));
          const cards = buildProviderCards(
            rows.map((r) => aProvider({ id: r.id, card: { detailedRating: r.rating } })),
            { vialScoreOf: (rec) => scores.get(rec.id) },
          );
          const shown = cards.map((c) =>
            c.rankedBy === 'editorsRating' ? c.rankingScore : c.vialScore.outOf5,
          );
          for (let i = 1; i < shown.length; i++) {
            expect(shown[i - 1]!).toBeGreaterThanOrEqual(shown[i]!);
          }
        },
      ),
    );
  });
});

describe('buildProviderCards with a card fields cache (one flush ranking many states)', () => {
  it('builds the same cards, in the same field order, as without it', () => {
    const records = [
      aProvider({ id: 'a', name: 'Alpha', states: ['OH', 'CA'], discountCode: 'SAVE' }),
      aProvider({ id: 'b', name: 'Beta', states: ['OH'], card: { badgeText: 'Top pick' } }),
      aProvider({ id: 'c', name: 'Gamma', states: ['CA'], prices: FULL_PRICES }),
    ];
    const fields: CardFieldsCache = new Map();
    // The same records in several rankings, as the states of one flush rank them.
    for (const chosen of [records, records.slice(1), [records[2]!, records[0]!], records]) {
      const cached = buildProviderCards(chosen, { fields });
      expect(JSON.stringify(cached)).toBe(JSON.stringify(buildProviderCards(chosen)));
    }
    expect(fields.size).toBe(3);
  });
});
