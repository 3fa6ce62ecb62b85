/**
 * A provider's cost-and-trust record (issue 25): its offers (a medication in a form, with
 * per-dose monthly prices, an introductory price, multi-month plans), its fees, its exit terms
 * and its care-and-trust facts. Each group carries `checked`: where it was read and the day an
 * administrator checked it (facts.ts says how old a check may grow).
 *
 * Like provider.ts, every group has an `input` schema (commands and forms: text checked for
 * control characters, doses checked, each message naming the field) and a lenient `stored`
 * schema (event schemas: what is in the log keeps replaying, and the upcast of the old price
 * tables carries every label as it was typed).
 *
 * Unknown is a value of its own everywhere (null, 'unknown', { kind: 'unknown' }), never 0 or
 * false: a fact nobody entered is not a fact.
 */
import { z } from 'zod';
import { formatMg } from '../shared/format';
import { doseKey, parseDoseMg } from '../shared/prices';
import { singleLine } from '../shared/text';
import { FACT_GROUPS, isoDayNumber, SOURCE_KINDS } from './facts';
import {
  FORMS_WITH_CONCENTRATION,
  LEGITSCRIPT_STATUSES,
  MAX_PLAN_MONTHS,
  MAX_USD,
  OFFER_FORMS,
  OFFER_MEDICATIONS,
  ONE_TIME_FEE_NAMES,
  oneTimeFeeLabel,
  PHARMACY_TYPES,
  VISIT_TYPES,
} from './offer-vocabulary';

type TextChecks = 'input' | 'stored';
const noCheck = () => undefined;
const lineCheck = (checks: TextChecks, label: string) =>
  checks === 'input' ? singleLine(label) : noCheck;

export * from './offer-vocabulary';

// ---- shared parts ----

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0 or more`)
    .max(MAX_USD, `${label} must be at most ${MAX_USD.toLocaleString('en-US')}`);

const wholeCount = (label: string, unit: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, `${label} must be ${min === 0 ? '0 or more' : `at least ${min}`}`)
    .max(max, `${label} must be at most ${max}`);

/** true / false, or null when not known. */
const maybe = (label: string) =>
  z
    .boolean({ error: `${label} must be yes, no or unknown` })
    .nullable()
    .default(null);

const choice = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, `${label} must be one of: ${values.join(', ')}`);

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) address (anything else is refused naming the field); `optional`: '' is none. */
const httpUrl = (checks: TextChecks, label: string, optional: boolean) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .superRefine(lineCheck(checks, label))
    .max(2000, `${label} must be at most 2000 characters`)
    .superRefine((value, ctx) => {
      if (optional && value === '') return;
      if (!isHttpUrl(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} must start with http:// or https://` });
      }
    });

const text = (checks: TextChecks, label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .superRefine(lineCheck(checks, label))
    .max(max, `${label} must be at most ${max} characters`);

// ---- source and check ----

const source = (checks: TextChecks) =>
  z.object(
    {
      url: httpUrl(checks, 'Source address', false),
      kind: choice(SOURCE_KINDS, 'Source kind'),
    },
    { error: 'Source must be an address and a kind' },
  );
export const sourceSchema = source('input');
export const storedSourceSchema = source('stored');
export type Source = z.infer<typeof sourceSchema>;

/** 'YYYY-MM-DD', a real calendar day. */
export const checkedOnSchema = z
  .string({ error: 'Checked date must be a date (YYYY-MM-DD)' })
  .refine((value) => isoDayNumber(value) !== null, 'Checked date must be a date (YYYY-MM-DD)');

const checked = (checks: TextChecks) =>
  z
    .object({
      source: source(checks).nullable().default(null),
      checkedOn: checkedOnSchema.nullable().default(null),
      /** Demo content: its date is never shown ('demo data'). */
      demo: z.literal(true).optional(),
    })
    .default({ source: null, checkedOn: null });
export const checkedFactSchema = checked('input');
export type CheckedFact = z.infer<typeof checkedFactSchema>;

export const factGroupSchema = choice(FACT_GROUPS, 'Fact group');

// ---- offers ----

const OFFER_ID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

const offer = (checks: TextChecks) =>
  z
    .object({
      id: z
        .string({ error: 'Offer id must be text' })
        .trim()
        .regex(OFFER_ID, 'Offer id must be 1 to 40 lowercase letters, digits or dashes'),
      medication: choice(OFFER_MEDICATIONS, 'Medication'),
      form: choice(OFFER_FORMS, 'Form'),
      prices: z
        .array(
          z.object({
            dose: text(checks, 'Dose', 20).min(1, 'Dose is required'),
            monthly: money('Monthly price'),
          }),
          { error: 'Prices must be a list' },
        )
        .max(40)
        .default([]),
      intro: z
        .object({
          monthly: money('Introductory price'),
          months: wholeCount('Introductory months', 'months', 1, MAX_PLAN_MONTHS),
        })
        .nullable()
        .default(null),
      plans: z
        .array(
          z.object({
            months: wholeCount('Plan months', 'months', 1, MAX_PLAN_MONTHS),
            total: money('Plan total'),
          }),
          { error: 'Plans must be a list' },
        )
        .max(12)
        .default([]),
      concentrationMgPerMl: z
        .number({ error: 'Concentration must be a number' })
        .gt(0, 'Concentration must be more than 0')
        .max(1000, 'Concentration must be at most 1000 mg/ml')
        .nullable()
        .default(null),
      checked: checked(checks),
    })
    .superRefine((value, ctx) => {
      if (value.concentrationMgPerMl !== null && !FORMS_WITH_CONCENTRATION.includes(value.form)) {
        ctx.addIssue({
          code: 'custom',
          path: ['concentrationMgPerMl'],
          message: 'Concentration is only for vials, not for pens or oral forms',
        });
      }
      const seenPlans = new Set<number>();
      value.plans.forEach((plan, index) => {
        if (seenPlans.has(plan.months)) {
          ctx.addIssue({
            code: 'custom',
            path: ['plans', index, 'months'],
            message: `Plan of ${plan.months} months is listed twice`,
          });
        }
        seenPlans.add(plan.months);
      });
      if (checks === 'stored') return;
      // New input names each dose as a number of mg, once.
      const seenDoses = new Set<string>();
      value.prices.forEach(({ dose }, index) => {
        const mg = parseDoseMg(dose);
        if (mg === null) {
          ctx.addIssue({
            code: 'custom',
            path: ['prices', index, 'dose'],
            message: 'Dose must start with a number of mg, like 2.5 mg',
          });
          return;
        }
        const key = doseKey(mg);
        if (seenDoses.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['prices', index, 'dose'],
            message: `Dose ${formatMg(mg)} is listed twice`,
          });
        }
        seenDoses.add(key);
      });
    });

const offers = (checks: TextChecks) =>
  z
    .array(offer(checks), { error: 'Offers must be a list' })
    .max(20, 'A provider can have at most 20 offers')
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((item, index) => {
        if (seen.has(item.id)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'id'],
            message: `Offer id ${item.id} is listed twice`,
          });
        }
        seen.add(item.id);
      });
    });
export const offerSchema = offer('input');
export const offersSchema = offers('input');
export const storedOffersSchema = offers('stored');
export type Offer = z.infer<typeof offerSchema>;
export type OfferInput = z.input<typeof offerSchema>;
export type OfferPrice = Offer['prices'][number];
export type OfferPlan = Offer['plans'][number];

// ---- fees ----

const feeAmount = (label: string) =>
  z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('amount'), usd: money(label) }),
      z.object({ kind: z.literal('included') }),
      z.object({ kind: z.literal('unknown') }),
    ],
    { error: `${label} must be an amount, included or unknown` },
  );
export const feeAmountSchema = feeAmount('Fee');
export type FeeAmount = z.infer<typeof feeAmountSchema>;
const UNKNOWN_FEE: FeeAmount = { kind: 'unknown' };

const fees = (checks: TextChecks) =>
  z
    .object({
      membership: z
        .object({
          /** Per month. */
          amount: feeAmount('Membership fee').default(UNKNOWN_FEE),
          includesMedication: maybe('Membership includes medication'),
        })
        .default({ amount: UNKNOWN_FEE, includesMedication: null }),
      oneTime: z
        .array(
          z
            .object({
              name: choice(ONE_TIME_FEE_NAMES, 'One-time fee name'),
              label: text(checks, 'One-time fee label', 60).default(''),
              // Each amount's message names its fee ('Labs fee must be 0 or more'), below.
              amount: z.discriminatedUnion(
                'kind',
                [
                  z.object({
                    kind: z.literal('amount'),
                    usd: z.number({ error: 'Fee must be a number' }),
                  }),
                  z.object({ kind: z.literal('included') }),
                  z.object({ kind: z.literal('unknown') }),
                ],
                { error: 'One-time fee must be an amount, included or unknown' },
              ),
            })
            .superRefine((fee, ctx) => {
              if (fee.amount.kind !== 'amount') return;
              const result = money(oneTimeFeeLabel(fee)).safeParse(fee.amount.usd);
              for (const issue of result.error?.issues ?? []) {
                ctx.addIssue({ code: 'custom', path: ['amount', 'usd'], message: issue.message });
              }
              if (checks === 'input' && fee.name === 'other' && fee.label === '') {
                ctx.addIssue({
                  code: 'custom',
                  path: ['label'],
                  message: 'Other fee needs a label saying what it is for',
                });
              }
            }),
          { error: 'One-time fees must be a list' },
        )
        .max(10)
        .default([]),
      /** Per order (one order per four-week fill). */
      shippingPerOrder: feeAmount('Shipping fee').default(UNKNOWN_FEE),
      checked: checked(checks),
    })
    .superRefine((value, ctx) => {
      const { amount, includesMedication } = value.membership;
      // A fee that includes the medication is the medication's price: entered as the offer's
      // monthly prices with the fee 'included', it is never counted twice.
      if (
        checks === 'input' &&
        includesMedication === true &&
        amount.kind === 'amount' &&
        amount.usd > 0
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['membership', 'amount'],
          message:
            "Membership fee includes the medication: enter it as the offers' monthly prices and the fee as included",
        });
      }
    });
export const feesSchema = fees('input');
export const storedFeesSchema = fees('stored');
export type Fees = z.infer<typeof feesSchema>;
export type FeesInput = z.input<typeof feesSchema>;
export type OneTimeFee = Fees['oneTime'][number];

// ---- terms ----

const terms = (_checks: TextChecks) =>
  z.object({
    minimumTermMonths: wholeCount('Minimum term', 'months', 0, 60).nullable().default(null),
    autoRenew: maybe('Auto-renew'),
    cancellationNoticeDays: wholeCount('Cancellation notice', 'days', 0, 365)
      .nullable()
      .default(null),
    onlineCancellation: maybe('Online cancellation'),
    refundAfterShipping: maybe('Refund after shipping'),
    pauseAllowed: maybe('Pause allowed'),
    checked: checked(_checks),
  });
export const termsSchema = terms('input');
export const storedTermsSchema = terms('stored');
export type Terms = z.infer<typeof termsSchema>;
export type TermsInput = z.input<typeof termsSchema>;

// ---- care and trust ----

const trust = (checks: TextChecks) =>
  z.object({
    pharmacyName: text(checks, 'Pharmacy name', 120).default(''),
    pharmacyType: choice(PHARMACY_TYPES, 'Pharmacy type').default('unknown'),
    medicalDirector: text(checks, 'Medical director', 120).default(''),
    visitType: choice(VISIT_TYPES, 'Visit type').default('unknown'),
    legitScript: z
      .object({
        status: choice(LEGITSCRIPT_STATUSES, 'LegitScript status').default('unknown'),
        recordUrl: httpUrl(checks, 'LegitScript record address', true).default(''),
      })
      .default({ status: 'unknown', recordUrl: '' }),
    hsaFsaReceipts: maybe('HSA/FSA receipts'),
    insuranceHelp: maybe('Insurance help'),
    cautions: z
      .array(
        z.object({
          text: text(checks, 'Caution', 300).min(1, 'Caution text is required'),
          url: httpUrl(checks, 'Caution address', true).default(''),
        }),
        { error: 'Cautions must be a list' },
      )
      .max(20)
      .default([]),
    /** Whether the site is paid for this provider's link: a label, never read by the ranking. */
    commission: maybe('Commission'),
    checked: checked(checks),
  });
export const trustSchema = trust('input');
export const storedTrustSchema = trust('stored');
export type Trust = z.infer<typeof trustSchema>;
export type TrustInput = z.input<typeof trustSchema>;

/** The four groups as a provider holds them; null: never entered. */
export interface ProviderFacts {
  offers: Offer[] | null;
  fees: Fees | null;
  terms: Terms | null;
  trust: Trust | null;
}
