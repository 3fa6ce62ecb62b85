import { z } from 'zod';
import { STATE_CODES, type StateCode } from '../shared/reference/states';
import { MEDICATIONS } from '../shared/reference/medications';
import { multiLine, singleLine } from '../shared/text';

/**
 * A provider as administrators edit it. The Vial Score is not here: it is computed from
 * these fields (domain/providers/vial-score.ts), never typed in.
 */

/**
 * Which text the schemas below check for control characters (domain/shared/text.ts): `input`
 * for commands and forms, `stored` for event schemas, which keep accepting what is already in
 * the log (an old provider's details are carried again when it is restored).
 */
type TextChecks = 'input' | 'stored';
const noCheck = () => undefined;
const lineCheck = (checks: TextChecks, label: string) =>
  checks === 'input' ? singleLine(label) : noCheck;
const linesCheck = (checks: TextChecks, label: string) =>
  checks === 'input' ? multiLine(label) : noCheck;

const price = z
  .number({ error: 'Price must be a number' })
  .finite('Price must be a number')
  .nonnegative('Price must be 0 or more')
  .max(100_000);

/** Dose label ("0.25mg") -> monthly price in USD. */
const priceTable = (checks: TextChecks) =>
  z.record(z.string().trim().min(1, 'Dose label is required').max(20), price).superRefine(
    // A record key's own refinement would be reported as a bare 'Invalid key in record'.
    (table, ctx) => {
      for (const label of Object.keys(table)) lineCheck(checks, 'Dose label')(label, ctx);
    },
  );
export const priceTableSchema = priceTable('input');
export type PriceTable = z.infer<typeof priceTableSchema>;

/** 'The URL's scheme', or null when `value` is not a URL at all. */
function urlProtocol(value: string): string | null {
  try {
    return new URL(value).protocol.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * A web address visitors are sent to or whose image is shown: http or https only (`javascript:`,
 * `data:`, `vbscript:` and the rest are refused with a message naming the field). With
 * `optional`, '' means none.
 */
const webUrl = (label: string, schema: z.ZodString, optional = false) =>
  schema.superRefine((value, ctx) => {
    if (optional && value === '') return;
    const protocol = urlProtocol(value);
    if (protocol === null || value.length > 2000) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a valid URL (https://…)` });
    } else if (protocol !== 'http:' && protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: `${label} must start with http:// or https://` });
    }
  });

const score = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and ${max}`)
    .max(max, `${label} must be between 0 and ${max}`);

const reviewCount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(100_000_000, `${label} must be at most 100,000,000`);

/** A short single-line text of the card, '' when not entered. */
const cardText = (checks: TextChecks, label: string, max: number) =>
  z.string().trim().superRefine(lineCheck(checks, label)).max(max).default('');

const cardContent = (checks: TextChecks) =>
  z.object({
    features: z
      .array(z.string().trim().superRefine(lineCheck(checks, 'Feature')).min(1).max(200))
      .max(10)
      .default([]),
    logoUrl: webUrl(
      'Logo URL',
      z
        .string({ error: 'Logo URL must be text' })
        .trim()
        .superRefine(lineCheck(checks, 'Logo URL')),
      true,
    ).default(''),
    logoBackground: cardText(checks, 'Logo background', 40),
    badgeText: cardText(checks, 'Badge text', 40),
    badgeColor: cardText(checks, 'Badge color', 40),
    offerTitle: cardText(checks, 'Offer title', 120),
    offerCode: cardText(checks, 'Offer code', 60),
    ratingLabel: cardText(checks, 'Rating label', 40),
    votesCount: z.number().int().nonnegative().nullable().default(null),
    ctaText: cardText(checks, 'Button text', 40),
    /** Editorial rating that, when set, ranks the provider ahead of its Vial Score (0-5). */
    detailedRating: score('Detailed rating', 5).nullable().default(null),
  });
export const cardContentSchema = cardContent('input');
export type CardContent = z.infer<typeof cardContentSchema>;

/** Missing (undefined) gets the required-field message; another type says what was expected. */
const requiredText = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'Please fill in all required fields'
        : `${label} must be text`,
  });
const text = (label: string) => z.string({ error: `${label} must be text` });
const list = (label: string) => ({ error: `${label} must be a list` });

const providerDetails = (checks: TextChecks) => {
  const card = cardContent(checks);
  return z.object({
    name: requiredText('Name')
      .trim()
      .superRefine(lineCheck(checks, 'Name'))
      .min(1, 'Please fill in all required fields')
      .max(120),
    description: text('Description')
      .trim()
      .superRefine(linesCheck(checks, 'Description'))
      .max(2000)
      .default(''),
    websiteUrl: webUrl(
      'Website',
      requiredText('Website')
        .trim()
        .superRefine(lineCheck(checks, 'Website'))
        .min(1, 'Please fill in all required fields'),
    ),
    states: z
      .array(z.enum(STATE_CODES as [StateCode, ...StateCode[]], 'Unknown US state'), list('States'))
      .max(50)
      .default([]),
    medications: z
      .array(z.enum(MEDICATIONS, 'Unknown medication'), list('Medications'))
      .max(5)
      .default([]),
    /**
     * Review scores as published on Trustpilot and Google, or null when none was entered: an
     * empty score is "not entered", never 0 (a 0 would read as a real, terrible rating). The
     * Vial Score gives a missing score no points (domain/providers/vial-score.ts).
     */
    trustpilotScore: score('Trustpilot score', 5).nullable().default(null),
    googleScore: score('Google score', 5).nullable().default(null),
    /**
     * How many reviews the scores above stand on, as the review site shows them, or null when
     * none was entered. The public card shows only entered counts, with their source.
     */
    trustpilotReviewCount: reviewCount('Trustpilot review count').nullable().default(null),
    googleReviewCount: reviewCount('Google review count').nullable().default(null),
    featured: z.boolean({ error: 'Featured must be true or false' }).default(false),
    discountCode: text('Discount code')
      .trim()
      .superRefine(lineCheck(checks, 'Discount code'))
      .max(60)
      .default(''),
    /** Query parameters appended to outbound links, e.g. "ref=vialcompare". */
    affiliateTag: text('Affiliate tag')
      .trim()
      .superRefine(lineCheck(checks, 'Affiliate tag'))
      .max(200)
      .default(''),
    card: card.default(() => card.parse({})),
  });
};

/** A provider's details as commands and the back-office form take them. */
export const providerDetailsSchema = providerDetails('input');
/** The same shape without the control-character checks: what event schemas accept. */
export const storedProviderDetailsSchema = providerDetails('stored');
export type ProviderDetails = z.infer<typeof providerDetailsSchema>;
export type ProviderDetailsInput = z.input<typeof providerDetailsSchema>;

const providerPrices = (checks: TextChecks) =>
  z.object(
    {
      semaglutide: priceTable(checks).default({}),
      tirzepatide: priceTable(checks).default({}),
    },
    { error: 'prices must be an object' },
  );
export const providerPricesSchema = providerPrices('input');
/** Prices as event schemas accept them (no control-character checks, see TextChecks). */
export const storedProviderPricesSchema = providerPrices('stored');
export type ProviderPrices = z.infer<typeof providerPricesSchema>;

/** Everything known about a provider: what read models and the Vial Score are computed from. */
export interface ProviderRecord extends ProviderDetails {
  id: string;
  prices: ProviderPrices;
  createdAt: string;
  updatedAt: string;
  /**
   * When the prices were last entered or verified by an administrator ('Prices checked'); null
   * or absent when no price was ever entered or verified.
   */
  pricesCheckedAt?: string | null;
}
