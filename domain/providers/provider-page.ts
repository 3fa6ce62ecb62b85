/**
 * The provider page (/providers/{slug}) and the compare page's column: everything shown about
 * one listed provider, computed from what administrators entered (the card content rules of
 * ./provider-card.ts, the titration rule, the published Vial Score) and the history series.
 * Nothing is filled in: an absent rating, count, price or feature is absent here too.
 */
import type { TitrationCost } from '../calculator';
import { isCountablePrice, parseDoseMg, type LadderMedication } from '../shared/prices';
import type { Medication } from '../shared/reference/medications';
import type { StateCode } from '../shared/reference/states';
import type { ProviderHistory } from './history';
import type { ProviderFacts } from './offers';
import type { ProviderRecord } from './provider';
import {
  buildProviderCards,
  formatDoseLabel,
  type RankingBasis,
  type ReviewCount,
  type StartingPrice,
} from './provider-card';
import { providerCosts, type ProviderCostsView } from './provider-costs';
import { providerSlug } from './slug';
import { providerTitrationCosts } from './titration';
import type { VialScore } from './vial-score';

export interface PriceRow {
  /** As shown: '0.25 mg'. */
  dose: string;
  /** As entered: '0.25mg' (the compare table's row key). */
  label: string;
  mg: number | null;
  monthly: number;
}

export interface MedicationPriceTable {
  medication: LadderMedication;
  name: 'Semaglutide' | 'Tirzepatide';
  rows: PriceRow[];
}

/** A review score an administrator entered, with its source and, when entered, its count. */
export interface EnteredRating {
  source: ReviewCount['source'];
  /** Out of 5; null when only the count was entered. */
  score: number | null;
  count: number | null;
}

export interface ProviderPageView {
  id: string;
  slug: string;
  name: string;
  description: string;
  websiteUrl: string;
  affiliateTag: string;
  logoUrl: string;
  logoBackground: string;
  medications: Medication[];
  medicationLabel: string | null;
  states: StateCode[];
  /** Only medications with at least one entered price, doses ascending. */
  priceTables: MedicationPriceTable[];
  startingPrice: StartingPrice | null;
  /** For each ladder medication offered or priced: 3, 6 and 12 months, with the missing doses. */
  titration: TitrationCost[];
  /** The published score (as on the cards); computed from the record before the first publication. */
  vialScore: VialScore;
  /** 'YYYY-MM' of the published score; null before the first publication. */
  vialScoreMonth: string | null;
  /** The method version of the published score; null when not recorded. */
  vialScoreMethodVersion: string | null;
  rankedBy: RankingBasis;
  /** card.detailedRating when entered. */
  editorsRating: number | null;
  ratingLabel: string;
  ratings: EnteredRating[];
  features: string[];
  discountCode: string;
  discountBanner: string | null;
  ctaText: { mobile: string; desktop: string };
  pricesCheckedAt: string | null;
  updatedAt: string;
  /** Entered by an administrator: the only rating JSON-LD may publish (with votesCount). */
  votesCount: number | null;
  history: ProviderHistory;
  /**
   * Offers with their all-in totals, fees, exit terms, care and trust, each with its source and
   * check as it reads on the day the page is built; the commission label (provider-costs.ts).
   */
  costs: ProviderCostsView;
}

const TABLES: readonly { medication: LadderMedication; name: MedicationPriceTable['name'] }[] = [
  { medication: 'semaglutide', name: 'Semaglutide' },
  { medication: 'tirzepatide', name: 'Tirzepatide' },
];

/** The entered rows of one table, ascending by dose (labels without a number last). */
export function priceRows(table: Readonly<Record<string, unknown>> | undefined): PriceRow[] {
  return Object.entries(table ?? {})
    .filter((entry): entry is [string, number] => isCountablePrice(entry[1]))
    .map(([label, monthly]) => ({
      dose: formatDoseLabel(label),
      label,
      mg: parseDoseMg(label),
      monthly,
    }))
    .sort((a, b) => (a.mg === null ? (b.mg === null ? 0 : 1) : b.mg === null ? -1 : a.mg - b.mg));
}

/** The ratings an administrator entered (a score or a count), each with its source. */
export function enteredRatings(
  record: Pick<
    ProviderRecord,
    'trustpilotScore' | 'googleScore' | 'trustpilotReviewCount' | 'googleReviewCount'
  >,
): EnteredRating[] {
  const rows: EnteredRating[] = [
    {
      source: 'Trustpilot',
      score: record.trustpilotScore ?? null,
      count: record.trustpilotReviewCount ?? null,
    },
    {
      source: 'Google',
      score: record.googleScore ?? null,
      count: record.googleReviewCount ?? null,
    },
  ];
  return rows.filter((r) => r.score !== null || r.count !== null);
}

export interface ProviderPageSource {
  /** The record with its cost-and-trust facts (absent: never entered). */
  record: ProviderRecord & { facts?: ProviderFacts | null };
  /** The last VialScoreRecomputed's score; null before the first. */
  published: VialScore | null;
  publishedMonth: string | null;
  history: ProviderHistory;
  /** The day the checks are read on ('not rechecked since' after 90 days); default: now. */
  today?: Date | string;
}

export function buildProviderPage({
  record,
  published,
  publishedMonth,
  history,
  today = new Date(),
}: ProviderPageSource): ProviderPageView {
  // The card rules, for one provider: rating label, code, banner, CTA, features, starting price.
  const [card] = buildProviderCards([record], { vialScoreOf: () => published });
  if (!card) throw new Error('buildProviderCards returned no card for one record');
  const lastScore = history.scores[history.scores.length - 1];
  return {
    id: record.id,
    slug: providerSlug(record.name),
    name: record.name,
    description: record.description,
    websiteUrl: record.websiteUrl,
    affiliateTag: record.affiliateTag,
    logoUrl: card.logoUrl,
    logoBackground: card.logoBackground,
    medications: card.medications,
    medicationLabel: card.medicationLabel,
    states: [...record.states].sort(),
    priceTables: TABLES.map(({ medication, name }) => ({
      medication,
      name,
      rows: priceRows(record.prices?.[medication]),
    })).filter((t) => t.rows.length > 0),
    startingPrice: card.startingPrice,
    titration: providerTitrationCosts(record.prices, record.medications),
    vialScore: card.vialScore,
    vialScoreMonth: published ? publishedMonth : null,
    vialScoreMethodVersion: published && lastScore ? lastScore.methodVersion : null,
    rankedBy: card.rankedBy,
    editorsRating: record.card?.detailedRating ?? null,
    ratingLabel: card.ratingLabel,
    ratings: enteredRatings(record),
    features: card.features,
    discountCode: card.discountCode,
    discountBanner: card.discountBanner,
    ctaText: card.ctaText,
    pricesCheckedAt: record.pricesCheckedAt ?? null,
    updatedAt: record.updatedAt,
    votesCount: record.card?.votesCount ?? null,
    history,
    costs: providerCosts(record, today),
  };
}
