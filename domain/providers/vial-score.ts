/**
 * The Vial Score: one number (out of 5 on public pages, out of 10 in the back office) that
 * ranks providers. Spec section 9 fixes the weights and bands; this module fixes how each
 * input becomes a 0..1 value. Every reference band is FIXED: a provider's score depends on
 * its own record only, never on the other providers, so adding or removing a provider never
 * moves anyone else's score and a monthly recomputation is reproducible.
 *
 * Normalisation (also in docs/vial-score.md):
 * - pricingTransparency (25%): share of the standard weekly ladder doses (semaglutide 0.25,
 *   0.5, 1, 1.7, 2.4 mg; tirzepatide 2.5, 5, 7.5, 10, 12.5, 15 mg) that have a published
 *   numeric price, over the ladder medications the provider offers. A ladder medication is
 *   "offered" when the provider lists it OR publishes at least one countable price for it.
 *   Doses off the ladder neither help nor hurt. No ladder medication offered -> 0.
 * - statesCoverage (20%): distinct US states served / 50 (capped at 1).
 * - googleReviews (20%): Google score / 5, clamped to 0..1. A score not entered (null) earns
 *   no points: the score cannot reward a rating nobody has read; the back office shows it as
 *   'Not entered', never as 0.
 * - trustpilot (20%): Trustpilot score / 5, clamped to 0..1 (not entered -> no points).
 * - medicationOffering (15%): distinct GLP-1 medications from the fixed list of five:
 *   0 -> 0, 1 -> 0.6, 2 -> 0.9, 3 or more -> 1. Offering both first-line options (usually
 *   semaglutide and tirzepatide) covers most visitors; further options add less.
 *
 * points = weight x normalised x 5; outOf5 = the sum rounded to 1 decimal; outOf10 = outOf5 x 2.
 * Breakdown values are rounded for display (normalised 3 decimals, points 2), so they may
 * differ from outOf5 by rounding only.
 */
import type { ProviderRecord } from './provider';
import type { Medication } from '../shared/reference/medications';
import {
  pricesByDose,
  roundTo,
  STANDARD_LADDERS,
  doseKey,
  type LadderMedication,
} from '../shared/prices';

export type VialScoreBand = 'Excellent' | 'Very Good' | 'Good' | 'Needs Improvement';

export type VialScoreInput =
  'pricingTransparency' | 'statesCoverage' | 'googleReviews' | 'trustpilot' | 'medicationOffering';

export interface VialScoreBreakdownLine {
  /** One of VialScoreInput; typed as string so stored read models stay plain data. */
  input: string;
  label: string;
  /** Share of the score, 0..1 (0.25 = 25%). */
  weight: number;
  /** The input on its fixed 0..1 reference band. */
  normalised: number;
  /** Contribution in points out of 5. */
  points: number;
}

/** A vial score with its public (out of 5) and back-office (out of 10) forms and band word. */
export interface VialScore {
  outOf5: number;
  outOf10: number;
  band: VialScoreBand;
  /** Each input's contribution, in points out of 5, for the breakdown display. */
  breakdown: VialScoreBreakdownLine[];
}

/** The fields the Vial Score reads; a full ProviderRecord satisfies it. */
export type VialScoreSource = Pick<
  ProviderRecord,
  'states' | 'medications' | 'googleScore' | 'trustpilotScore' | 'prices'
>;

/** Spec section 9 weights, in display order. They sum to 1. */
export const VIAL_SCORE_WEIGHTS: readonly {
  input: VialScoreInput;
  label: string;
  weight: number;
}[] = [
  { input: 'pricingTransparency', label: 'Pricing transparency', weight: 0.25 },
  { input: 'statesCoverage', label: 'States coverage', weight: 0.2 },
  { input: 'googleReviews', label: 'Google reviews', weight: 0.2 },
  { input: 'trustpilot', label: 'Trustpilot', weight: 0.2 },
  { input: 'medicationOffering', label: 'Medication offering', weight: 0.15 },
];

export const US_STATE_COUNT = 50;

/** Fixed mapping: number of distinct GLP-1 medications offered -> 0..1. */
export const MEDICATION_OFFERING_BANDS: readonly number[] = [0, 0.6, 0.9, 1];

const LADDER_MEDICATION_NAMES: Record<LadderMedication, Medication> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

function clamp01(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

/** Share of standard ladder doses with a published numeric price (see module comment). */
export function pricingTransparency(
  provider: Pick<VialScoreSource, 'medications' | 'prices'>,
): number {
  let published = 0;
  let expected = 0;
  for (const medication of Object.keys(STANDARD_LADDERS) as LadderMedication[]) {
    const prices = pricesByDose(provider.prices?.[medication]);
    const listed = (provider.medications ?? []).includes(LADDER_MEDICATION_NAMES[medication]);
    if (!listed && prices.size === 0) continue;
    for (const mg of STANDARD_LADDERS[medication]) {
      expected += 1;
      if (prices.has(doseKey(mg))) published += 1;
    }
  }
  return expected === 0 ? 0 : published / expected;
}

export function statesCoverage(states: readonly string[] | undefined): number {
  return clamp01(new Set(states ?? []).size / US_STATE_COUNT);
}

export function reviewScore(outOf5: number | undefined | null): number {
  return clamp01((outOf5 ?? 0) / 5);
}

export function medicationOffering(medications: readonly string[] | undefined): number {
  const count = new Set(medications ?? []).size;
  const bands = MEDICATION_OFFERING_BANDS;
  return bands[Math.min(count, bands.length - 1)] ?? 0;
}

/**
 * The method's version, shown on /vial-score. Raise it with any change to a weight, a band or
 * a normalisation rule in this file.
 */
export const VIAL_SCORE_METHOD_VERSION = '1.0';

/** Spec section 9 bands, best first: a score (out of 5, one decimal) from `from` up. */
export const VIAL_SCORE_BANDS: readonly { band: VialScoreBand; from: number; to: number | null }[] =
  [
    { band: 'Excellent', from: 4.5, to: 5 },
    { band: 'Very Good', from: 4.0, to: 4.4 },
    { band: 'Good', from: 3.0, to: 3.9 },
    { band: 'Needs Improvement', from: 0, to: null },
  ];

const ladderText = (medication: LadderMedication) =>
  `${LADDER_MEDICATION_NAMES[medication].toLowerCase()} ${STANDARD_LADDERS[medication].join(', ')} mg`;

/** How each input becomes a 0..1 value, in words (the public method page shows these). */
export const VIAL_SCORE_INPUT_RULES: Readonly<Record<VialScoreInput, string>> = {
  pricingTransparency: `The share of the standard weekly doses (${ladderText('semaglutide')}; ${ladderText('tirzepatide')}) with a published price, over the medications the provider offers. Doses off these ladders neither help nor hurt.`,
  statesCoverage: `Distinct US states served divided by ${US_STATE_COUNT}.`,
  googleReviews: 'The Google review score divided by 5 (a missing score counts as 0).',
  trustpilot: 'The Trustpilot score divided by 5 (a missing score counts as 0).',
  medicationOffering: `Distinct GLP-1 medications offered: ${MEDICATION_OFFERING_BANDS.map((v, i) => `${i}${i === MEDICATION_OFFERING_BANDS.length - 1 ? ' or more' : ''} → ${v}`).join('; ')}.`,
};

/**
 * Band word for a score out of 5. The score is first rounded to 1 decimal, the form shown
 * to visitors, so the word always matches the number next to it (4.46 shows 4.5 Excellent).
 * 4.5-5.0 Excellent; 4.0-4.4 Very Good; 3.0-3.9 Good; below 3.0 Needs Improvement.
 */
export function vialScoreBand(outOf5: number): VialScoreBand {
  const shown = Number.isFinite(outOf5) ? roundTo(outOf5, 1) : 0;
  return VIAL_SCORE_BANDS.find((b) => shown >= b.from)?.band ?? 'Needs Improvement';
}

export function computeVialScore(provider: VialScoreSource): VialScore {
  const normalised: Record<VialScoreInput, number> = {
    pricingTransparency: pricingTransparency(provider),
    statesCoverage: statesCoverage(provider.states),
    googleReviews: reviewScore(provider.googleScore),
    trustpilot: reviewScore(provider.trustpilotScore),
    medicationOffering: medicationOffering(provider.medications),
  };
  let total = 0;
  const breakdown = VIAL_SCORE_WEIGHTS.map(({ input, label, weight }) => {
    const points = weight * normalised[input] * 5;
    total += points;
    return {
      input,
      label,
      weight,
      normalised: roundTo(normalised[input], 3),
      points: roundTo(points, 2),
    };
  });
  const outOf5 = Math.min(5, roundTo(total, 1));
  return { outOf5, outOf10: roundTo(outOf5 * 2, 1), band: vialScoreBand(outOf5), breakdown };
}
