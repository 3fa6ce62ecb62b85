/**
 * Ranking and card content for the public provider lists (home page, city pages), spec
 * section 9 "Provider ranking and cards". Only featured providers are ranked on the home
 * and city pages: callers pass `featuredOnly(records)` to buildProviderCards (the rule
 * itself ranks whatever it is given, so a "fall back to all providers" list works too).
 */
import type { PriceTable, ProviderPrices, ProviderRecord } from './provider';
import { MEDICATIONS, type Medication } from '../shared/reference/medications';
import type { StateCode } from '../shared/reference/states';
import { isCountablePrice, type LadderMedication } from '../shared/prices';
import { computeVialScore, type VialScore } from './vial-score';
import { lowestTitrationCost, type LowestTitrationCost } from './titration';
import type { ProviderFacts } from './offers';
import { cardAllInMonthly, type AllInMonthly } from './provider-costs';

export type { AllInMonthly } from './provider-costs';

/** A record the cards are built from: its cost-and-trust facts when any were entered. */
export type CardRecord = ProviderRecord & { facts?: ProviderFacts | null };

/** A review count an administrator entered, with the site it was counted on. */
export interface ReviewCount {
  source: 'Trustpilot' | 'Google';
  count: number;
}

/** The lowest entered monthly price, with the dose (and medication) it buys. */
export interface StartingPrice {
  monthly: number;
  /** The dose as shown: '0.25 mg' (entered '0.25mg'). */
  dose: string;
  medication: LadderMedication;
}

/** What the list is ranked by: the editor's rating when one is entered, else the Vial Score. */
export type RankingBasis = 'editorsRating' | 'vialScore';

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
  /** Which figure rankingScore is; the card shows the editor's rating when it ranks. */
  rankedBy: RankingBasis;
  /** The administrator's label, else the shown Vial Score's band word. */
  ratingLabel: string;
  /** Only the counts an administrator entered, each with its source. */
  reviewCounts: ReviewCount[];
  /** Null when no price was entered: the card says 'See prices on {name}'s site'. */
  startingPrice: StartingPrice | null;
  /**
   * The lowest cost of the first 3 months on the standard ladder (the home page's sort); null
   * when no ladder is fully priced for 3 months. Optional: cards stored before it read as null.
   */
  threeMonthCost?: LowestTitrationCost | null;
  /** Null when no medication is listed: the card shows no medication line. */
  medicationLabel: string | null;
  medications: Medication[];
  states: StateCode[];
  /** Only the features an administrator saved (possibly none). */
  features: string[];
  discountCode: string;
  discountBanner: string | null;
  ctaText: { mobile: string; desktop: string };
  featured: boolean;
  /** When an administrator last entered or verified the prices; null when never. */
  pricesCheckedAt: string | null;
  /**
   * 'from $X/mo all-in': the lowest month at the top dose with membership and shipping, over
   * the offers; null when any part is unknown (no fees entered). Optional: older cards lack it.
   */
  allInMonthly?: AllInMonthly | null;
  /**
   * Whether the site is paid for this provider's link (facts.trust.commission); null: unknown.
   * A label only: the ranking never reads it. Optional: older cards lack it.
   */
  commission?: boolean | null;
}

export const BEST_OVERALL_BADGE = 'Best Overall';
export const DEFAULT_CTA_TEXT: Readonly<{ mobile: string; desktop: string }> = {
  mobile: 'Get Started Today',
  desktop: 'Get Started',
};
/**
 * The specification's three default bullets. They are never shown for a provider that did not
 * claim them: the back office offers them as one-click suggestions an administrator may save,
 * less the one the FDA's warning letters cite (claims.ts, safeFeatureSuggestions).
 */
export const SUGGESTED_FEATURES: readonly string[] = [
  'Free 2-Minute Quiz – No Insurance Needed',
  'Same Ingredient as Ozempic®, Wegovy®, & Zepbound',
  'Prescribed & Shipped Within 48 Hours',
];
/** Desktop cards show the first 3 features; mobile cards show all. */
export const DESKTOP_FEATURE_COUNT = 3;

export function discountBannerText(code: string): string {
  return `Limited Offer: Save with Code ${code}`;
}

/** What a card without any entered price says instead of a price. */
export function noPriceText(providerName: string): string {
  return `See prices on ${providerName}'s site`;
}

/** '0.25mg' -> '0.25 mg'; a label that is not "number + mg" is shown as entered. */
export function formatDoseLabel(label: string): string {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*mg\s*$/i.exec(label);
  return match?.[1] ? `${match[1]} mg` : label.trim();
}

const PRICED_MEDICATIONS: readonly LadderMedication[] = ['semaglutide', 'tirzepatide'];

/**
 * The lowest countable entered monthly price across both medications, with its dose; null
 * when none was entered. Ties keep the first found (semaglutide first, then table order).
 */
export function startingPrice(
  prices: Partial<ProviderPrices> | undefined | null,
): StartingPrice | null {
  let best: StartingPrice | null = null;
  for (const medication of PRICED_MEDICATIONS) {
    const table: PriceTable = prices?.[medication] ?? {};
    for (const [dose, price] of Object.entries(table)) {
      if (!isCountablePrice(price)) continue;
      if (best === null || price < best.monthly) {
        best = { monthly: price, dose: formatDoseLabel(dose), medication };
      }
    }
  }
  return best;
}

/**
 * What the provider offers, in the reference order: 'Semaglutide', 'Semaglutide & tirzepatide',
 * 'Semaglutide, tirzepatide & liraglutide'; null when none is listed.
 */
export function medicationLabel(medications: readonly string[]): string | null {
  const known = MEDICATIONS.filter((m) => medications.includes(m));
  const others = medications.filter((m) => !(MEDICATIONS as readonly string[]).includes(m));
  const names = [...known, ...others].filter((m, i, all) => all.indexOf(m) === i);
  if (names.length === 0) return null;
  const [first, ...rest] = names.map((name, i) =>
    i === 0 ? name : name.charAt(0).toLowerCase() + name.slice(1),
  );
  if (rest.length === 0) return first ?? null;
  const last = rest.pop();
  return [first, ...rest].join(', ') + ` & ${last}`;
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

/** Which figure ranks the record: the editor's rating when one is entered. */
export function rankingBasis(record: ProviderRecord): RankingBasis {
  const rating = record.card?.detailedRating;
  return typeof rating === 'number' && Number.isFinite(rating) ? 'editorsRating' : 'vialScore';
}

/** The review counts an administrator entered (a count of 0 is entered, and shown). */
export function reviewCounts(
  record: Pick<ProviderRecord, 'trustpilotReviewCount' | 'googleReviewCount'>,
): ReviewCount[] {
  const counts: ReviewCount[] = [];
  const add = (source: ReviewCount['source'], count: number | null | undefined) => {
    if (typeof count === 'number' && Number.isInteger(count) && count >= 0) {
      counts.push({ source, count });
    }
  };
  add('Trustpilot', record.trustpilotReviewCount);
  add('Google', record.googleReviewCount);
  return counts;
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
  /**
   * Each record's card fields as computed by an earlier call (see CardFieldsCache): a state's
   * ranking and the next one rank mostly the same records, and computed every card's prices
   * and labels anew (a replay's flush built ~2,000 cards from ~40 records).
   */
  fields?: CardFieldsCache;
}

/** What a card shows of its record alone, whatever its rank among the others. */
export interface CardFields {
  vialScore: VialScore;
  score: number;
  rankedBy: RankingBasis;
  /** The badge an administrator entered (null: the rank decides). */
  badge: string | null;
  ratingLabel: string;
  reviewCounts: ReviewCount[];
  startingPrice: StartingPrice | null;
  threeMonthCost: LowestTitrationCost | null;
  medicationLabel: string | null;
  medications: Medication[];
  states: StateCode[];
  features: string[];
  code: string | null;
  ctaText: { mobile: string; desktop: string };
  allInMonthly: AllInMonthly | null;
  commission: boolean | null;
}

/**
 * Card fields by record, for calls with the same `vialScoreOf` over records that do not change
 * in between (one flush's rankings). Cards built with it share these values (arrays, prices),
 * so nothing may change a card in place.
 */
export type CardFieldsCache = Map<CardRecord, CardFields>;

function cardFields(record: CardRecord, vialScore: VialScore): CardFields {
  const card = record.card;
  const cta = nonBlank(card?.ctaText);
  return {
    vialScore,
    score: rankingScore(record, vialScore),
    rankedBy: rankingBasis(record),
    badge: nonBlank(card?.badgeText),
    ratingLabel: nonBlank(card?.ratingLabel) ?? vialScore.band,
    reviewCounts: reviewCounts(record),
    startingPrice: startingPrice(record.prices),
    threeMonthCost: lowestTitrationCost(record.prices, 3),
    medicationLabel: medicationLabel(record.medications),
    medications: [...record.medications],
    states: [...record.states],
    features: (card?.features ?? []).filter((f) => f.trim() !== ''),
    code: nonBlank(card?.offerCode) ?? nonBlank(record.discountCode),
    ctaText: cta ? { mobile: cta, desktop: cta } : { ...DEFAULT_CTA_TEXT },
    allInMonthly: cardAllInMonthly(record),
    commission: record.facts?.trust?.commission ?? null,
  };
}

/**
 * Ranks providers (descending rankingScore, ties by name, then id so the order is total)
 * and builds their cards: rank 1..n, badge, rating label (the administrator's, else the band
 * word), CTA and the discount banner. Nothing else is filled in: no features, prices or review
 * counts that an administrator did not enter. The discount code is the card's offer code when set,
 * else the provider's discount code; the banner is the card's offer title when set, else
 * 'Limited Offer: Save with Code {code}', and null when there is no code.
 */
export function buildProviderCards(
  records: readonly CardRecord[],
  options: BuildProviderCardsOptions = {},
): ProviderCard[] {
  const cache = options.fields;
  const scored = records.map((record) => {
    let fields = cache?.get(record);
    if (fields === undefined) {
      fields = cardFields(record, options.vialScoreOf?.(record) ?? computeVialScore(record));
      cache?.set(record, fields);
    }
    return { record, fields };
  });
  scored.sort(
    (a, b) =>
      b.fields.score - a.fields.score ||
      a.record.name.localeCompare(b.record.name, 'en') ||
      (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0),
  );
  return scored.map(({ record, fields }, index): ProviderCard => {
    const card = record.card;
    const { code } = fields;
    return {
      _id: record.id,
      rank: index + 1,
      name: record.name,
      description: record.description,
      websiteUrl: record.websiteUrl,
      affiliateTag: record.affiliateTag,
      logoUrl: card?.logoUrl ?? '',
      logoBackground: card?.logoBackground ?? '',
      badgeText: fields.badge ?? (index === 0 ? BEST_OVERALL_BADGE : null),
      badgeColor: card?.badgeColor ?? '',
      vialScore: fields.vialScore,
      rankingScore: fields.score,
      rankedBy: fields.rankedBy,
      ratingLabel: fields.ratingLabel,
      reviewCounts: fields.reviewCounts,
      startingPrice: fields.startingPrice,
      threeMonthCost: fields.threeMonthCost,
      medicationLabel: fields.medicationLabel,
      medications: fields.medications,
      states: fields.states,
      features: fields.features,
      discountCode: code ?? '',
      discountBanner:
        code === null ? null : (nonBlank(card?.offerTitle) ?? discountBannerText(code)),
      ctaText: fields.ctaText,
      featured: record.featured,
      pricesCheckedAt: record.pricesCheckedAt ?? null,
      allInMonthly: fields.allInMonthly,
      commission: fields.commission,
    };
  });
}
