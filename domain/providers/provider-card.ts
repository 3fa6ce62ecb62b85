/**
 * Ranking and card content for the public provider lists (home page, city pages), spec
 * section 9 "Provider ranking and cards". Only featured providers are ranked on the home
 * and city pages: callers pass `featuredOnly(records)` to buildProviderCards (the rule
 * itself ranks whatever it is given, so a "fall back to all providers" list works too).
 */
import type { PriceTable, ProviderPrices, ProviderRecord } from './provider';
import type { Medication } from '../shared/reference/medications';
import type { StateCode } from '../shared/reference/states';
import { isCountablePrice } from '../shared/prices';
import { computeVialScore, type VialScore } from './vial-score';

/** One provider card of the public ranking (home page, city pages). */
export interface ProviderCard {
  _id: string;
  rank: number;
  name: string;
  description: string;
  websiteUrl: string;
  affiliateTag: string;
  logoUrl: string;
  logoBackground: string;
  /** 'Best Overall' on the first card unless the card content sets a badge; else null. */
  badgeText: string | null;
  badgeColor: string;
  vialScore: VialScore;
  /** detailed_rating if set, else Vial Score out of 5: what the ranking sorts by. */
  rankingScore: number;
  ratingLabel: string;
  votesCount: number;
  startingPrice: number;
  medicationLabel: string;
  medications: Medication[];
  states: StateCode[];
  features: string[];
  discountCode: string;
  discountBanner: string | null;
  ctaText: { mobile: string; desktop: string };
  featured: boolean;
}

export const DEFAULT_STARTING_PRICE = 299;
export const BEST_OVERALL_BADGE = 'Best Overall';
export const DEFAULT_RATING_LABEL = 'Outstanding';
export const DEFAULT_CTA_TEXT: Readonly<{ mobile: string; desktop: string }> = {
  mobile: 'Get Started Today',
  desktop: 'Get Started',
};
export const DEFAULT_FEATURES: readonly string[] = [
  'Free 2-Minute Quiz – No Insurance Needed',
  'Same Ingredient as Ozempic®, Wegovy®, & Zepbound',
  'Prescribed & Shipped Within 48 Hours',
];
/** Desktop cards show the first 3 features; mobile cards show all. */
export const DESKTOP_FEATURE_COUNT = 3;
export const VOTES_MIN = 20_000;
export const VOTES_MAX = 29_999;

export function discountBannerText(code: string): string {
  return `Limited Offer: Save with Code ${code}`;
}

/** Lowest numeric, non-NaN dose price across both medications; 299 when there is none. */
export function startingPrice(prices: Partial<ProviderPrices> | undefined | null): number {
  const all = [prices?.semaglutide, prices?.tirzepatide].flatMap((table: PriceTable | undefined) =>
    Object.values(table ?? {}).filter(isCountablePrice),
  );
  return all.length === 0 ? DEFAULT_STARTING_PRICE : Math.min(...all);
}

/** The single medication when the provider lists exactly one, else 'Both'. */
export function medicationLabel(medications: readonly string[]): string {
  return medications.length === 1 && medications[0] !== undefined ? medications[0] : 'Both';
}

/** card.detailedRating when set, else the Vial Score out of 5 (0 for an empty record). */
export function rankingScore(
  record: ProviderRecord,
  vialScore: VialScore = computeVialScore(record),
): number {
  const rating = record.card?.detailedRating;
  if (typeof rating === 'number' && Number.isFinite(rating)) return rating;
  return Number.isFinite(vialScore.outOf5) ? vialScore.outOf5 : 0;
}

/**
 * Votes shown when the card content has none: a number in 20000-29999 derived from the
 * provider id with a stable hash (32-bit FNV-1a). The original drew a random number on each
 * render; with server-side rendering that would differ between the server's HTML and the
 * browser's hydration (a mismatch and a flicker) and change on every visit. A hash keeps
 * the number the same everywhere, for the same provider, forever.
 */
export function defaultVotesCount(providerId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < providerId.length; i++) {
    hash ^= providerId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return VOTES_MIN + (hash % (VOTES_MAX - VOTES_MIN + 1));
}

/** The providers the home and city pages rank. */
export function featuredOnly<T extends Pick<ProviderRecord, 'featured'>>(
  records: readonly T[],
): T[] {
  return records.filter((r) => r.featured);
}

function nonBlank(value: string | undefined | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export interface BuildProviderCardsOptions {
  /**
   * The Vial Score to show and rank by, e.g. the last published (monthly) score rather than
   * one computed from today's record. Returning null/undefined computes it from the record.
   */
  vialScoreOf?: (record: ProviderRecord) => VialScore | null | undefined;
}

/**
 * Ranks providers (descending rankingScore, ties by name, then id so the order is total)
 * and builds their cards: rank 1..n, badge, defaults for features, rating label, CTA,
 * votes and the discount banner. The discount code is the card's offer code when set,
 * else the provider's discount code; the banner is the card's offer title when set, else
 * 'Limited Offer: Save with Code {code}', and null when there is no code.
 */
export function buildProviderCards(
  records: readonly ProviderRecord[],
  options: BuildProviderCardsOptions = {},
): ProviderCard[] {
  const scored = records.map((record) => {
    const vialScore = options.vialScoreOf?.(record) ?? computeVialScore(record);
    return { record, vialScore, score: rankingScore(record, vialScore) };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.record.name.localeCompare(b.record.name, 'en') ||
      (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0),
  );
  return scored.map(({ record, vialScore, score }, index): ProviderCard => {
    const card = record.card;
    const code = nonBlank(card?.offerCode) ?? nonBlank(record.discountCode);
    const cta = nonBlank(card?.ctaText);
    const badge = nonBlank(card?.badgeText) ?? (index === 0 ? BEST_OVERALL_BADGE : null);
    const features = (card?.features ?? []).filter((f) => f.trim() !== '');
    return {
      _id: record.id,
      rank: index + 1,
      name: record.name,
      description: record.description,
      websiteUrl: record.websiteUrl,
      affiliateTag: record.affiliateTag,
      logoUrl: card?.logoUrl ?? '',
      logoBackground: card?.logoBackground ?? '',
      badgeText: badge,
      badgeColor: card?.badgeColor ?? '',
      vialScore,
      rankingScore: score,
      ratingLabel: nonBlank(card?.ratingLabel) ?? DEFAULT_RATING_LABEL,
      votesCount: card?.votesCount ?? defaultVotesCount(record.id),
      startingPrice: startingPrice(record.prices),
      medicationLabel: medicationLabel(record.medications),
      medications: [...record.medications],
      states: [...record.states],
      features: features.length > 0 ? features : [...DEFAULT_FEATURES],
      discountCode: code ?? '',
      discountBanner:
        code === null ? null : (nonBlank(card?.offerTitle) ?? discountBannerText(code)),
      ctaText: cta ? { mobile: cta, desktop: cta } : { ...DEFAULT_CTA_TEXT },
      featured: record.featured,
    };
  });
}
