import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STATE_CODES } from '../../../domain/shared/reference/states';
import { MEDICATIONS } from '../../../domain/shared/reference/medications';
import {
  computeVialScore,
  medicationOffering,
  pricingTransparency,
  statesCoverage,
  reviewScore,
  vialScoreBand,
  VIAL_SCORE_WEIGHTS,
} from '../../../domain/providers/vial-score';
import { aProvider, FULL_PRICES } from '../../support/provider-fixture';

describe('Vial Score weights (spec section 9)', () => {
  it.each([
    ['pricingTransparency', 'Pricing transparency', 0.25],
    ['statesCoverage', 'States coverage', 0.2],
    ['googleReviews', 'Google reviews', 0.2],
    ['trustpilot', 'Trustpilot', 0.2],
    ['medicationOffering', 'Medication offering', 0.15],
  ])('%s (%s) weighs %d', (input, label, weight) => {
    expect(VIAL_SCORE_WEIGHTS.find((w) => w.input === input)).toEqual({ input, label, weight });
  });

  it('weights sum to 100%', () => {
    expect(VIAL_SCORE_WEIGHTS.reduce((s, w) => s + w.weight, 0)).toBeCloseTo(1, 10);
  });
});

describe('vialScoreBand: 4.5-5.0 Excellent; 4.0-4.4 Very Good; 3.0-3.9 Good; below 3.0 Needs Improvement', () => {
  it.each([
    [5.0, 'Excellent'],
    [4.5, 'Excellent'],
    [4.46, 'Excellent'], // shown as 4.5
    [4.44, 'Very Good'], // shown as 4.4
    [4.4, 'Very Good'],
    [4.0, 'Very Good'],
    [3.96, 'Very Good'], // shown as 4.0
    [3.9, 'Good'],
    [3.0, 'Good'],
    [2.9, 'Needs Improvement'],
    [0, 'Needs Improvement'],
    [Number.NaN, 'Needs Improvement'],
  ])('%d -> %s', (score, band) => {
    expect(vialScoreBand(score)).toBe(band);
  });
});

describe('fixed reference bands', () => {
  it.each([
    [[], 0],
    [['CA'], 0.02],
    [['CA', 'CA', 'NY'], 0.04],
    [STATE_CODES, 1],
  ] as const)('states %j -> %d', (states, expected) => {
    expect(statesCoverage(states)).toBeCloseTo(expected, 10);
  });

  it.each([
    [0, 0],
    [2.5, 0.5],
    [5, 1],
    [7, 1],
    [-1, 0],
    [Number.NaN, 0],
    [null, 0],
  ])('review score %d/5 -> %d', (score, expected) => {
    expect(reviewScore(score)).toBe(expected);
  });

  it.each([
    [[], 0],
    [['Semaglutide'], 0.6],
    [['Semaglutide', 'Tirzepatide'], 0.9],
    [['Semaglutide', 'Tirzepatide', 'Liraglutide'], 1],
    [[...MEDICATIONS], 1],
    [['Semaglutide', 'Semaglutide'], 0.6],
  ])('medications %j -> %d', (meds, expected) => {
    expect(medicationOffering(meds)).toBe(expected);
  });

  it.each([
    ['no ladder medication offered', [], {}, {}, 0],
    ['lists semaglutide, no prices', ['Semaglutide'], {}, {}, 0],
    ['lists semaglutide, full ladder', ['Semaglutide'], FULL_PRICES.semaglutide, {}, 1],
    [
      'lists both, only semaglutide priced',
      ['Semaglutide', 'Tirzepatide'],
      FULL_PRICES.semaglutide,
      {},
      5 / 11,
    ],
    [
      'lists both, full tables',
      ['Semaglutide', 'Tirzepatide'],
      FULL_PRICES.semaglutide,
      FULL_PRICES.tirzepatide,
      1,
    ],
    ['prices tirzepatide without listing it', [], {}, { '2.5 mg': 249, '5mg': 299 }, 2 / 6],
    ['off-ladder doses do not count', ['Semaglutide'], { '0.25mg': 199, '3mg': 450 }, {}, 1 / 5],
    ['NaN prices do not count', ['Semaglutide'], { '0.25mg': Number.NaN, '0.5mg': 249 }, {}, 1 / 5],
    ['Liraglutide only has no ladder', ['Liraglutide'], {}, {}, 0],
  ] as const)(
    'pricing transparency: %s',
    (_case, medications, semaglutide, tirzepatide, expected) => {
      const provider = aProvider({
        medications: [...medications],
        prices: { semaglutide, tirzepatide },
      });
      expect(pricingTransparency(provider)).toBeCloseTo(expected, 10);
    },
  );
});

describe('computeVialScore', () => {
  it('gives 5.0 / 10.0 Excellent to a provider at the top of every band', () => {
    const score = computeVialScore(
      aProvider({
        states: [...STATE_CODES],
        medications: ['Semaglutide', 'Tirzepatide', 'Liraglutide'],
        googleScore: 5,
        trustpilotScore: 5,
        prices: FULL_PRICES,
      }),
    );
    expect(score).toEqual({
      outOf5: 5,
      outOf10: 10,
      band: 'Excellent',
      breakdown: [
        {
          input: 'pricingTransparency',
          label: 'Pricing transparency',
          weight: 0.25,
          normalised: 1,
          points: 1.25,
        },
        {
          input: 'statesCoverage',
          label: 'States coverage',
          weight: 0.2,
          normalised: 1,
          points: 1,
        },
        { input: 'googleReviews', label: 'Google reviews', weight: 0.2, normalised: 1, points: 1 },
        { input: 'trustpilot', label: 'Trustpilot', weight: 0.2, normalised: 1, points: 1 },
        {
          input: 'medicationOffering',
          label: 'Medication offering',
          weight: 0.15,
          normalised: 1,
          points: 0.75,
        },
      ],
    });
  });

  it('gives 0.0 Needs Improvement to an empty provider', () => {
    const score = computeVialScore(aProvider());
    expect(score.outOf5).toBe(0);
    expect(score.outOf10).toBe(0);
    expect(score.band).toBe('Needs Improvement');
  });

  it('worked example: 25 states, Google 4.6, Trustpilot 4.2, semaglutide only with 4 of 5 prices', () => {
    // 0.25*0.8 + 0.2*0.5 + 0.2*0.92 + 0.2*0.84 + 0.15*0.6 = 0.742 -> 3.71 -> 3.7 Good
    const score = computeVialScore(
      aProvider({
        states: STATE_CODES.slice(0, 25),
        medications: ['Semaglutide'],
        googleScore: 4.6,
        trustpilotScore: 4.2,
        prices: {
          semaglutide: { '0.25mg': 199, '0.5mg': 249, '1mg': 299, '1.7mg': 349 },
          tirzepatide: {},
        },
      }),
    );
    expect(score.outOf5).toBe(3.7);
    expect(score.outOf10).toBe(7.4);
    expect(score.band).toBe('Good');
    expect(score.breakdown.map((b) => b.points)).toEqual([1, 0.5, 0.92, 0.84, 0.45]);
  });

  it('depends on the provider alone (fixed bands, never relative to other providers)', () => {
    const p = aProvider({ states: ['CA', 'TX'], googleScore: 3.3, medications: ['Tirzepatide'] });
    expect(computeVialScore(p)).toEqual(computeVialScore(structuredClone(p)));
  });

  const arbitraryProvider = fc
    .record({
      states: fc.subarray([...STATE_CODES]),
      medications: fc.subarray([...MEDICATIONS]),
      googleScore: fc.double({ min: 0, max: 5, noNaN: true }),
      trustpilotScore: fc.double({ min: 0, max: 5, noNaN: true }),
      semaglutide: fc.dictionary(
        fc.constantFrom('0.25mg', '0.5 mg', '1mg', '1.7mg', '2.4mg', '3mg'),
        fc.integer({ min: 0, max: 999 }),
      ),
      tirzepatide: fc.dictionary(
        fc.constantFrom('2.5mg', '5mg', '7.5 mg', '10mg', '12.5mg', '15mg'),
        fc.integer({ min: 0, max: 999 }),
      ),
    })
    .map(({ semaglutide, tirzepatide, ...rest }) =>
      aProvider({ ...rest, prices: { semaglutide, tirzepatide } }),
    );

  it('always lies in 0..5, has one decimal, outOf10 = 2 x outOf5, and the band matches', () => {
    fc.assert(
      fc.property(arbitraryProvider, (provider) => {
        const s = computeVialScore(provider);
        expect(s.outOf5).toBeGreaterThanOrEqual(0);
        expect(s.outOf5).toBeLessThanOrEqual(5);
        expect(Math.round(s.outOf5 * 10) / 10).toBe(s.outOf5);
        expect(s.outOf10).toBeCloseTo(s.outOf5 * 2, 10);
        expect(s.band).toBe(vialScoreBand(s.outOf5));
        const sum = s.breakdown.reduce((acc, b) => acc + b.points, 0);
        expect(Math.abs(sum - s.outOf5)).toBeLessThanOrEqual(0.06);
      }),
    );
  });

  it('never goes down when a provider adds a state', () => {
    fc.assert(
      fc.property(arbitraryProvider, fc.constantFrom(...STATE_CODES), (provider, state) => {
        const more = { ...provider, states: [...new Set([...provider.states, state])] };
        expect(computeVialScore(more).outOf5).toBeGreaterThanOrEqual(
          computeVialScore(provider).outOf5,
        );
      }),
    );
  });
});
