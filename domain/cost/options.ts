/**
 * The /cost page's vocabulary: what a visitor may choose (medication, form family, months,
 * maintenance dose) and the defaults the empty form shows. No zod and no reference lists here:
 * the browser imports it for the form (./choice.ts parses the URL on the server).
 */
import { STANDARD_LADDERS, doseKey, type LadderMedication } from '../shared/prices';

export const COST_MEDICATIONS = [
  'semaglutide',
  'tirzepatide',
] as const satisfies readonly LadderMedication[];
export type CostMedication = (typeof COST_MEDICATIONS)[number];

/** Form families: compounded (vials and other compounded forms), brand (pens, vials, oral). */
export const COST_FORMS = ['compounded', 'brand', 'either'] as const;
export type CostForm = (typeof COST_FORMS)[number];

export const COST_FORM_LABELS: Readonly<Record<CostForm, string>> = {
  compounded: 'Compounded',
  brand: 'Brand',
  either: 'Compounded or brand',
};

export const COST_MEDICATION_LABELS: Readonly<Record<CostMedication, string>> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

export const COST_MIN_MONTHS = 1;
export const COST_MAX_MONTHS = 12;
/** 1..12, for the form's choice. */
export const COST_MONTH_CHOICES: readonly number[] = Array.from(
  { length: COST_MAX_MONTHS },
  (_, i) => i + 1,
);

/** What the empty form shows (the page ranks nothing until a state is chosen). */
export const COST_DEFAULTS = {
  medication: 'tirzepatide',
  form: 'either',
  months: 6,
} as const satisfies {
  medication: CostMedication;
  form: CostForm;
  months: number;
};

/** The doses a maintenance dose may be for a medication: its label ladder. */
export function maintenanceDoseChoices(medication: CostMedication): readonly number[] {
  return STANDARD_LADDERS[medication];
}

/** The ladder dose `mg` is (compared on 3 decimals), or null when it is not on the ladder. */
export function ladderDose(medication: CostMedication, mg: number): number | null {
  const key = doseKey(mg);
  return STANDARD_LADDERS[medication].find((step) => doseKey(step) === key) ?? null;
}

/** The URL parameters the page reads (and the page cache keys on). */
export const COST_SEARCH_KEYS = ['medication', 'form', 'months', 'state', 'zip', 'dose'] as const;
export type CostSearchKey = (typeof COST_SEARCH_KEYS)[number];
/** The parameters as given (trimmed, at most 40 characters each), for the form to show again. */
export type CostSearch = Partial<Record<CostSearchKey, string>>;

const MAX_KEPT = 40;

/** The visitor's value as a trimmed string of at most 40 characters; undefined when empty. */
export function keptValue(value: unknown): string | undefined {
  const text =
    typeof value === 'string' ? value : Array.isArray(value) ? (value as unknown[])[0] : undefined;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim().slice(0, MAX_KEPT);
  return trimmed === '' ? undefined : trimmed;
}

/** The page's parameters as given, own keys only, empty ones left out. */
export function costSearchOf(params: Readonly<Record<string, unknown>>): CostSearch {
  const search: CostSearch = {};
  for (const key of COST_SEARCH_KEYS) {
    const value = Object.hasOwn(params, key) ? keptValue(params[key]) : undefined;
    if (value !== undefined) search[key] = value;
  }
  return search;
}
