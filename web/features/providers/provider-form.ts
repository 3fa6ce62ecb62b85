/**
 * The provider form as plain data: what the inputs hold (strings, lists, a flag), how that
 * becomes the API payload, and where the server's field messages go. No React here, so the
 * rules are tested as tables (tests/unit/admin-ui).
 */
import type {
  CardContent,
  ProviderDetailsInput,
  ProviderPrices,
  PriceTable,
} from '../../../domain/providers/provider';
import { MEDICATIONS, type Medication } from '../../../domain/shared/reference/medications';
import { STATE_CODES, type StateCode } from '../../../domain/shared/reference/states';
import {
  parseDoseMg,
  STANDARD_LADDERS,
  type LadderMedication,
} from '../../../domain/shared/prices';
import type { AdminProviderView } from '../../../api/providers/contracts';

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

/** The form's field ids: where a message is shown. Price rows are 'prices.semaglutide.2'. */
export type FieldErrors = Record<string, string>;

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
  return Object.entries(table ?? {})
    .map(([dose, price]) => ({ dose, price: String(price), mg: parseDoseMg(dose) }))
    .sort((a, b) => (a.mg ?? Number.POSITIVE_INFINITY) - (b.mg ?? Number.POSITIVE_INFINITY))
    .map(({ dose, price }) => ({ dose, price }));
}

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

/**
 * A review score: empty is "not entered" (null), never 0, which would read as a real rating.
 * Text that is not a number is NaN, which the form refuses with a message.
 */
export function readScore(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return Number(trimmed);
}

/** The detailed rating is optional: blank or non-numeric means "not set" (ranking falls back to the Vial Score). */
export function readOptionalRating(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** One feature per line; blank lines dropped, each trimmed. */
export function readFeatures(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The details payload. Card fields the form does not show (logo background, badge colour,
 * offer code, votes) are kept from `baseCard` so an edit never wipes them.
 */
export function formToDetails(
  values: ProviderFormValues,
  baseCard?: Partial<CardContent>,
): ProviderDetailsInput {
  return {
    name: values.name.trim(),
    websiteUrl: values.websiteUrl.trim(),
    description: values.description.trim(),
    states: STATE_CODES.filter((s) => values.states.includes(s)),
    medications: MEDICATIONS.filter((m) => values.medications.includes(m)),
    trustpilotScore: readScore(values.trustpilotScore),
    googleScore: readScore(values.googleScore),
    trustpilotReviewCount: readScore(values.trustpilotReviewCount.replace(/,/g, '')),
    googleReviewCount: readScore(values.googleReviewCount.replace(/,/g, '')),
    featured: values.featured,
    discountCode: values.discountCode.trim(),
    affiliateTag: values.affiliateTag.trim(),
    card: {
      ...baseCard,
      features: readFeatures(values.card.features),
      logoUrl: values.card.logoUrl.trim(),
      badgeText: values.card.badgeText.trim(),
      offerTitle: values.card.offerTitle.trim(),
      ratingLabel: values.card.ratingLabel.trim(),
      ctaText: values.card.ctaText.trim(),
      detailedRating: readOptionalRating(values.card.detailedRating),
    },
  };
}

export type PriceParse = { ok: true; table: PriceTable } | { ok: false; errors: FieldErrors };

/**
 * Price rows -> dose table. A row with no price publishes nothing for that dose (so standard
 * doses can sit in the table unpriced); a price needs a dose label; a price that is not a
 * number is an error, never 0: a $0/mo price would rank the provider as the cheapest.
 */
export function rowsToPriceTable(
  medication: LadderMedication,
  rows: readonly PriceRow[],
): PriceParse {
  const table: PriceTable = {};
  const errors: FieldErrors = {};
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const dose = row.dose.trim();
    const priceText = row.price.trim().replace(/^\$/, '');
    const at = `prices.${medication}.${index}`;
    if (priceText === '') return;
    if (dose === '') {
      errors[at] = 'Dose label is required';
      return;
    }
    const price = Number(priceText);
    if (!Number.isFinite(price)) {
      errors[at] = 'Price must be a number';
      return;
    }
    if (price < 0) {
      errors[at] = 'Price must be 0 or more';
      return;
    }
    const key = dose.toLowerCase().replace(/\s+/g, '');
    if (seen.has(key)) {
      errors[at] = `${dose} is listed twice`;
      return;
    }
    seen.set(key, index);
    table[dose] = price;
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, table };
}

export function rowsToPrices(
  prices: ProviderFormValues['prices'],
): { ok: true; prices: ProviderPrices } | { ok: false; errors: FieldErrors } {
  const semaglutide = rowsToPriceTable('semaglutide', prices.semaglutide);
  const tirzepatide = rowsToPriceTable('tirzepatide', prices.tirzepatide);
  if (semaglutide.ok && tirzepatide.ok) {
    return { ok: true, prices: { semaglutide: semaglutide.table, tirzepatide: tirzepatide.table } };
  }
  return {
    ok: false,
    errors: {
      ...(semaglutide.ok ? {} : semaglutide.errors),
      ...(tirzepatide.ok ? {} : tirzepatide.errors),
    },
  };
}

/**
 * The prices as far as they can be read, for the live Vial Score preview while typing:
 * rows with an error are left out rather than blocking the preview.
 */
export function draftPrices(prices: ProviderFormValues['prices']): ProviderPrices {
  const read = (medication: LadderMedication) => {
    const table: PriceTable = {};
    for (const row of prices[medication]) {
      const one = rowsToPriceTable(medication, [row]);
      if (one.ok) Object.assign(table, one.table);
    }
    return table;
  };
  return { semaglutide: read('semaglutide'), tirzepatide: read('tirzepatide') };
}

/** What the Vial Score reads, from the values on screen (the form shows it, never edits it). */
export function vialScoreSource(values: ProviderFormValues) {
  return {
    states: values.states,
    medications: values.medications,
    trustpilotScore: readScore(values.trustpilotScore),
    googleScore: readScore(values.googleScore),
    prices: draftPrices(values.prices),
  };
}

/** Standard ladder doses the rows do not list yet, appended unpriced ("0.25mg", …). */
export function withStandardDoses(
  medication: LadderMedication,
  rows: readonly PriceRow[],
): PriceRow[] {
  const listed = new Set(
    rows.map((r) => parseDoseMg(r.dose)).filter((mg): mg is number => mg !== null),
  );
  const missing = STANDARD_LADDERS[medication]
    .filter((mg) => !listed.has(mg))
    .map((mg) => ({ dose: `${mg}mg`, price: '' }));
  return [...rows.filter((r) => r.dose.trim() !== '' || r.price.trim() !== ''), ...missing].sort(
    (a, b) =>
      (parseDoseMg(a.dose) ?? Number.POSITIVE_INFINITY) -
      (parseDoseMg(b.dose) ?? Number.POSITIVE_INFINITY),
  );
}

function scoreError(label: string, text: string): string | null {
  const value = readScore(text);
  if (value === null) return null;
  if (!Number.isFinite(value)) return `${label} must be a number`;
  return value < 0 || value > 5 ? `${label} must be between 0 and 5` : null;
}

function reviewCountError(label: string, text: string): string | null {
  const value = readScore(text.replace(/,/g, ''));
  if (value === null) return null;
  if (!Number.isFinite(value)) return `${label} must be a number`;
  if (!Number.isInteger(value)) return `${label} must be a whole number`;
  return value < 0 ? `${label} must be 0 or more` : null;
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
 * The form's summary: each distinct problem once, the required-fields sentence first (in the
 * spec's words), so it says what is actually wrong, e.g. 'Trustpilot score must be between 0
 * and 5.' rather than always asking for the required fields.
 */
export function errorSummary(errors: FieldErrors): string {
  const messages = [...new Set(Object.values(errors))].sort(
    (a, b) => Number(b === REQUIRED_FIELDS_MESSAGE) - Number(a === REQUIRED_FIELDS_MESSAGE),
  );
  return messages.map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)).join(' ');
}

/**
 * Checks the browser can make before sending (the server checks everything again). Returns
 * field errors; a missing name or website gives 'Please fill in all required fields'.
 */
export function validateProviderForm(values: ProviderFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name.trim() === '') errors.name = REQUIRED_FIELDS_MESSAGE;
  if (values.websiteUrl.trim() === '') errors.websiteUrl = REQUIRED_FIELDS_MESSAGE;
  const trustpilot = scoreError('Trustpilot score', values.trustpilotScore);
  if (trustpilot) errors.trustpilotScore = trustpilot;
  const google = scoreError('Google score', values.googleScore);
  if (google) errors.googleScore = google;
  const trustpilotCount = reviewCountError('Trustpilot review count', values.trustpilotReviewCount);
  if (trustpilotCount) errors.trustpilotReviewCount = trustpilotCount;
  const googleCount = reviewCountError('Google review count', values.googleReviewCount);
  if (googleCount) errors.googleReviewCount = googleCount;
  const rating = readOptionalRating(values.card.detailedRating);
  if (rating !== null && (rating < 0 || rating > 5))
    errors['card.detailedRating'] = 'Detailed rating must be between 0 and 5';
  const prices = rowsToPrices(values.prices);
  if (!prices.ok) Object.assign(errors, prices.errors);
  return errors;
}

export function hasMissingRequired(errors: FieldErrors): boolean {
  return errors.name === REQUIRED_FIELDS_MESSAGE || errors.websiteUrl === REQUIRED_FIELDS_MESSAGE;
}

/** Form fields whose server messages are shown beside them; anything else is listed at the top. */
const FORM_FIELDS = new Set([
  'name',
  'websiteUrl',
  'description',
  'trustpilotScore',
  'googleScore',
  'trustpilotReviewCount',
  'googleReviewCount',
  'states',
  'medications',
  'featured',
  'discountCode',
  'affiliateTag',
  'card.features',
  'card.logoUrl',
  'card.badgeText',
  'card.offerTitle',
  'card.ratingLabel',
  'card.ctaText',
  'card.detailedRating',
]);

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
  const put = (id: string, message: string) => {
    if (!(id in byField)) byField[id] = message;
  };
  for (const [rawPath, message] of Object.entries(fields)) {
    const path = rawPath.replace(/^details\./, '');
    const priceMatch = /^(?:prices\.)?(semaglutide|tirzepatide)(?:\.(.*))?$/.exec(path);
    if (priceMatch) {
      const medication = priceMatch[1] as LadderMedication;
      const dose = priceMatch[2];
      const rows = prices[medication];
      const index = dose === undefined ? -1 : rows.findIndex((r) => r.dose.trim() === dose);
      if (index >= 0) put(`prices.${medication}.${index}`, message);
      else if (dose !== undefined && /^\d+$/.test(dose) && Number(dose) < rows.length)
        put(`prices.${medication}.${dose}`, message);
      else put(`prices.${medication}`, message);
      continue;
    }
    if (FORM_FIELDS.has(path)) {
      put(path, message);
      continue;
    }
    const list = /^(states|medications|card\.features)\.\d+$/.exec(path);
    if (list?.[1]) {
      put(list[1], message);
      continue;
    }
    other.push(message);
  }
  return { byField, other };
}

/** The back-office search: name or description contains the text, ignoring case. */
export function filterProviders<T extends { name: string; description?: string | null }>(
  providers: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...providers];
  return providers.filter(
    (p) =>
      p.name.toLowerCase().includes(needle) || (p.description ?? '').toLowerCase().includes(needle),
  );
}
