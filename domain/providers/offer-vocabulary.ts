/**
 * The words and limits of the cost-and-trust record (offers.ts holds its schemas): no zod here,
 * so the pages that only read a provider's offers (cards, the provider page, /cost) do not
 * carry the schema library to the browser.
 */
import type { LadderMedication } from '../shared/prices';

/** Largest amount of money a fact may hold (as provider.ts caps a price). */
export const MAX_USD = 100_000;

export const OFFER_MEDICATIONS = [
  'semaglutide',
  'tirzepatide',
] as const satisfies readonly LadderMedication[];
export const OFFER_FORMS = [
  'compounded-vial',
  'compounded-other',
  'brand-pen',
  'brand-vial',
  'oral',
] as const;
export type OfferForm = (typeof OFFER_FORMS)[number];
/** The two families a form belongs to: what /cost filters by and a city page counts. */
export const OFFER_FORM_FAMILIES = {
  compounded: ['compounded-vial', 'compounded-other'],
  brand: ['brand-pen', 'brand-vial', 'oral'],
} as const satisfies Record<string, readonly OfferForm[]>;
export type OfferFormFamily = keyof typeof OFFER_FORM_FAMILIES;
/**
 * Forms a concentration (mg/ml) may be entered for: the vials, and 'compounded-other' (drops
 * and other liquids have one too). Pens and oral forms have none.
 */
export const FORMS_WITH_CONCENTRATION: readonly OfferForm[] = [
  'compounded-vial',
  'brand-vial',
  'compounded-other',
];
export const ONE_TIME_FEE_NAMES = ['consult', 'labs', 'other'] as const;
export const PHARMACY_TYPES = ['503A', '503B', 'manufacturer', 'unknown'] as const;
export const VISIT_TYPES = ['live-video', 'live-phone', 'async-form', 'unknown'] as const;
export const LEGITSCRIPT_STATUSES = ['certified', 'not-certified', 'unknown'] as const;
/** Longest multi-month plan. */
export const MAX_PLAN_MONTHS = 24;

export const ONE_TIME_FEE_LABELS: Readonly<Record<(typeof ONE_TIME_FEE_NAMES)[number], string>> = {
  consult: 'Consult fee',
  labs: 'Labs fee',
  other: 'Other fee',
};

/** How a one-time fee reads: its own label when entered, else 'Consult fee' / 'Labs fee'. */
export function oneTimeFeeLabel(fee: { name: (typeof ONE_TIME_FEE_NAMES)[number]; label: string }) {
  return fee.label.trim() === '' ? ONE_TIME_FEE_LABELS[fee.name] : fee.label.trim();
}
