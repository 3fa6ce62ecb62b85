import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STATE_CODES } from '../../../domain/shared/reference/states';
import {
  buildProviderCards,
  defaultVotesCount,
  featuredOnly,
  medicationLabel,
  rankingScore,
  startingPrice,
} from '../../../domain/providers/provider-card';
import { computeVialScore } from '../../../domain/providers/vial-score';
import { aProvider, FULL_PRICES } from './provider-fixture';

describe('startingPrice: lowest numeric dose price across both medications, default 299', () => {
  it.each([
    ['the spec tables', FULL_PRICES, 199],
    ['no prices at all', { semaglutide: {}, tirzepatide: {} }, 299],
    ['missing tables', {}, 299],
    ['only tirzepatide', { semaglutide: {}, tirzepatide: { '5mg': 299, '2.5mg': 249 } }, 249],
    [
      'NaN is ignored',
      { semaglutide: { '0.25mg': Number.NaN, '0.5mg': 279 }, tirzepatide: {} },
      279,
    ],
    ['only NaN prices', { semaglutide: { '0.25mg': Number.NaN }, tirzepatide: {} }, 299],
    [
      'a non-numeric value is ignored',
      { semaglutide: { '0.25mg': '99' as unknown as number, '1mg': 150 }, tirzepatide: {} },
      150,
    ],
  ])('%s -> %d', (_case, prices, expected) => {
    expect(startingPrice(prices)).toBe(expected);
  });
});

describe('medicationLabel', () => {
  it.each([
    [['Semaglutide'], 'Semaglutide'],
    [['Tirzepatide'], 'Tirzepatide'],
    [['Semaglutide', 'Tirzepatide'], 'Both'],
    [[], 'Both'],
  ])('%j -> %s', (meds, label) => {
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

describe('defaultVotesCount', () => {
  it.each(['provider-1', 'b6f2c0a4-9d1e-4f57-8c34-1f0e2d3c4b5a', '', 'ü'])(
    'is stable for %j',
    (id) => {
      expect(defaultVotesCount(id)).toBe(defaultVotesCount(id));
    },
  );
  it('differs between providers', () => {
    expect(defaultVotesCount('provider-1')).not.toBe(defaultVotesCount('provider-2'));
  });
  it('always lies in 20000-29999', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const votes = defaultVotesCount(id);
        expect(Number.isInteger(votes)).toBe(true);
        expect(votes).toBeGreaterThanOrEqual(20000);
        expect(votes).toBeLessThanOrEqual(29999);
      }),
    );
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

  it('fills the defaults from spec section 9 when the card content is empty', () => {
    const [card] = buildProviderCards([weak]);
    expect(card).toMatchObject({
      features: [
        'Free 2-Minute Quiz – No Insurance Needed',
        'Same Ingredient as Ozempic®, Wegovy®, & Zepbound',
        'Prescribed & Shipped Within 48 Hours',
      ],
      ratingLabel: 'Outstanding',
      ctaText: { mobile: 'Get Started Today', desktop: 'Get Started' },
      votesCount: defaultVotesCount('weak'),
      startingPrice: 299,
      medicationLabel: 'Both',
      discountCode: '',
      discountBanner: null,
    });
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
      votesCount: 1234,
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
