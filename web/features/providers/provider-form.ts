/**
 * The provider form as plain data: what the inputs hold (strings, lists, a flag), how that
 * becomes the API payload, and where the server's field messages go. No React here, so the
 * rules are tested as tables (tests/providers/ui).
 */
import {
  providerDetailsSchema,
  providerPricesSchema,
  type CardContent,
  type ProviderDetailsInput,
  type ProviderPrices,
  type PriceTable,
} from '../../../domain/providers/provider';
import { MEDICATIONS, type Medication } from '../../../domain/shared/reference/medications';
import { STATE_CODES, type StateCode } from '../../../domain/shared/reference/states';
import {
  parseDoseMg,
  STANDARD_LADDERS,
  type LadderMedication,
} from '../../../domain/shared/prices';
import type { AdminProviderView } from '../../../api/providers/contracts';
import { schemaFieldErrors, type FieldErrors } from '../../components/form/form-kit';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const PRICE_MEDICATIONS: readonly LadderMedication[] = ['semaglutide', 'tirzepatide'];

export interface PriceRow {
  dose: string;
  price: string;
}

export interface CardFormValues {
  /** One feature per line. */
  features: string;
  logoUrl: string;
  badgeText: string;
  offerTitle: string;
  ratingLabel: string;
  ctaText: string;
  /** Blank = not set. */
  detailedRating: string;
}

export interface ProviderFormValues {
  name: string;
  websiteUrl: string;
  description: string;
  trustpilotScore: string;
  googleScore: string;
  /** Blank = not entered (the public card then shows no count). */
  trustpilotReviewCount: string;
  googleReviewCount: string;
  medications: Medication[];
  states: StateCode[];
  featured: boolean;
  discountCode: string;
  affiliateTag: string;
  card: CardFormValues;
  prices: Record<LadderMedication, PriceRow[]>;
}

export function emptyProviderForm(): ProviderFormValues {
  return {
    name: '',
    websiteUrl: '',
    description: '',
    trustpilotScore: '',
    googleScore: '',
    trustpilotReviewCount: '',
    googleReviewCount: '',
    medications: [],
    states: [],
    featured: false,
    discountCode: '',
    affiliateTag: '',
    card: {
      features: '',
      logoUrl: '',
      badgeText: '',
      offerTitle: '',
      ratingLabel: '',
      ctaText: '',
      detailedRating: '',
    },
    prices: { semaglutide: [], tirzepatide: [] },
  };
}

/** Rows of a dose table, lowest dose first; labels without a number keep their place at the end. */
export function pricesToRows(
  table: Readonly<Record<string, number>> | undefined | null,
): PriceRow[] {
  return byDose(
    Object.entries(table ?? {}).map(([dose, price]) => ({ dose, price: String(price) })),
  );
}

const byDose = (rows: PriceRow[]) =>
  rows.sort(
    (a, b) =>
      (parseDoseMg(a.dose) ?? Number.POSITIVE_INFINITY) -
      (parseDoseMg(b.dose) ?? Number.POSITIVE_INFINITY),
  );

/** A review score as the input shows it: empty when none was entered (never '0'). */
function scoreText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

export function providerToForm(provider: AdminProviderView): ProviderFormValues {
  const card = provider.card;
  return {
    name: provider.name,
    websiteUrl: provider.websiteUrl,
    description: provider.description ?? '',
    trustpilotScore: scoreText(provider.trustpilotScore),
    googleScore: scoreText(provider.googleScore),
    trustpilotReviewCount: scoreText(provider.trustpilotReviewCount),
    googleReviewCount: scoreText(provider.googleReviewCount),
    medications: MEDICATIONS.filter((m) => provider.medications.includes(m)),
    states: STATE_CODES.filter((s) => provider.states.includes(s)),
    featured: provider.featured,
    discountCode: provider.discountCode ?? '',
    affiliateTag: provider.affiliateTag ?? '',
    card: {
      features: (card?.features ?? []).join('\n'),
      logoUrl: card?.logoUrl ?? '',
      badgeText: card?.badgeText ?? '',
      offerTitle: card?.offerTitle ?? '',
      ratingLabel: card?.ratingLabel ?? '',
      ctaText: card?.ctaText ?? '',
      detailedRating: card?.detailedRating == null ? '' : String(card.detailedRating),
    },
    prices: {
      semaglutide: pricesToRows(provider.prices?.semaglutide),
      tirzepatide: pricesToRows(provider.prices?.tirzepatide),
    },
  };
}

/** A number typed in: empty is "not entered" (null), never 0; text that is no number is NaN (refused). */
export function readScore(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  return trimmed === '' ? null : Number(trimmed);
}

/** One feature per line; blank lines dropped, each trimmed. */
export function readFeatures(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The same object with every string trimmed (the keys and their types are unchanged). */
const trimAll = <T extends object>(o: T): T =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as T;

/**
 * The details payload. Card fields the form does not show (logo background, badge colour,
 * offer code, votes) are kept from `baseCard` so an edit never wipes them.
 */
export function formToDetails(
  values: ProviderFormValues,
  baseCard?: Partial<CardContent>,
): ProviderDetailsInput {
  const { prices: _prices, card, ...rest } = values;
  return {
    ...trimAll(rest),
    states: STATE_CODES.filter((s) => values.states.includes(s)),
    medications: MEDICATIONS.filter((m) => values.medications.includes(m)),
    featured: values.featured,
    trustpilotScore: readScore(values.trustpilotScore),
    googleScore: readScore(values.googleScore),
    // A count as the review site shows it ('12,431'), or none.
    trustpilotReviewCount: readScore(values.trustpilotReviewCount.replace(/,/g, '')),
    googleReviewCount: readScore(values.googleReviewCount.replace(/,/g, '')),
    card: {
      ...baseCard,
      ...trimAll(card),
      features: readFeatures(card.features),
      detailedRating: readScore(card.detailedRating),
    },
  };
}

/**
 * Price rows -> dose tables. A row with no price publishes nothing (standard doses can sit
 * unpriced); a price needs a dose label and a dose is listed once: what a table cannot hold.
 * Whether a price is a number of 0 or more is the schema's question (never read as 0).
 */
export function rowsToPrices(prices: ProviderFormValues['prices']): {
  prices: ProviderPrices;
  errors: FieldErrors;
} {
  const errors: FieldErrors = {};
  const read = (medication: LadderMedication) => {
    const table: PriceTable = {};
    const seen = new Set<string>();
    prices[medication].forEach((row, index) => {
      const [dose, price, at] = [
        row.dose.trim(),
        readScore(row.price),
        `prices.${medication}.${index}`,
      ];
      const key = dose.toLowerCase().replace(/\s+/g, '');
      if (price === null) return;
      if (dose === '') errors[at] = 'Dose label is required';
      else if (seen.has(key)) errors[at] = `${dose} is listed twice`;
      else table[dose] = price;
      seen.add(key);
    });
    return table;
  };
  return { prices: { semaglutide: read('semaglutide'), tirzepatide: read('tirzepatide') }, errors };
}

/**
 * Everything wrong with the values, by form field, from the server's own schemas
 * (providerDetailsSchema, providerPricesSchema) plus what only the rows can show.
 */
export function validateProviderForm(values: ProviderFormValues): FieldErrors {
  const { prices, errors } = rowsToPrices(values.prices);
  const found = {
    ...schemaFieldErrors(providerDetailsSchema, formToDetails(values)),
    ...schemaFieldErrors(providerPricesSchema, prices, 'prices'),
  };
  return { ...mapServerFieldErrors(found, values.prices).byField, ...errors };
}

/** What the Vial Score reads, from the values on screen; price rows in error are left out. */
export function vialScoreSource(values: ProviderFormValues) {
  const { prices } = rowsToPrices(values.prices);
  for (const medication of PRICE_MEDICATIONS)
    for (const [dose, price] of Object.entries(prices[medication]))
      if (!Number.isFinite(price) || price < 0) delete prices[medication][dose];
  return {
    states: values.states,
    medications: values.medications,
    trustpilotScore: readScore(values.trustpilotScore),
    googleScore: readScore(values.googleScore),
    prices,
  };
}

/** Standard ladder doses the rows do not list yet, appended unpriced ("0.25mg", …). */
export function withStandardDoses(
  medication: LadderMedication,
  rows: readonly PriceRow[],
): PriceRow[] {
  const listed = new Set(rows.map((r) => parseDoseMg(r.dose)));
  const missing = STANDARD_LADDERS[medication]
    .filter((mg) => !listed.has(mg))
    .map((mg) => ({ dose: `${mg}mg`, price: '' }));
  return byDose([...rows.filter((r) => r.dose.trim() !== '' || r.price.trim() !== ''), ...missing]);
}

/**
 * The one-click feature suggestions not yet in the features text (matched ignoring case): the
 * specification's default bullets, offered to an administrator, never shown unsaved.
 */
export function missingSuggestions(featuresText: string, suggestions: readonly string[]): string[] {
  const have = new Set(readFeatures(featuresText).map((f) => f.toLowerCase()));
  return suggestions.filter((s) => !have.has(s.toLowerCase()));
}

/** The features text with one more line. */
export function addFeature(featuresText: string, feature: string): string {
  const lines = readFeatures(featuresText);
  return [...lines, feature].join('\n');
}

/**
 * Server field paths -> form field ids. 'details.name' -> 'name'; list items go to their list
 * ('states.3' -> 'states', 'card.features.0' -> 'card.features'); a price path names its dose
 * ('prices.semaglutide.0.25mg' or 'semaglutide.0.25mg') and goes to that row, or to the table.
 * The first message per field wins. Paths the form has no place for are returned in `other`.
 */
export function mapServerFieldErrors(
  fields: Readonly<Record<string, string>>,
  prices: ProviderFormValues['prices'],
): { byField: FieldErrors; other: string[] } {
  const byField: FieldErrors = {};
  const other: string[] = [];
  const empty = emptyProviderForm();
  for (const [rawPath, message] of Object.entries(fields)) {
    const path = rawPath
      .replace(/^details\./, '')
      .replace(/^(states|medications|card\.features)\.\d+$/, '$1');
    const price = /^(?:prices\.)?(semaglutide|tirzepatide)(?:\.(.*))?$/.exec(path);
    let at: string | null = null;
    if (price) {
      const medication = price[1] === 'semaglutide' ? 'semaglutide' : 'tirzepatide';
      const dose = price[2];
      const rows = prices[medication];
      const index = rows.findIndex((r) => r.dose.trim() === dose);
      const row =
        index >= 0 ? index : /^\d+$/.test(dose ?? '') && Number(dose) < rows.length ? dose : null;
      at = row === null ? `prices.${medication}` : `prices.${medication}.${row}`;
    } else if (path in empty && path !== 'card' && path !== 'prices') at = path;
    else if (path.startsWith('card.') && path.slice(5) in empty.card) at = path;
    if (at === null) other.push(message);
    else byField[at] ??= message;
  }
  return { byField, other };
}
