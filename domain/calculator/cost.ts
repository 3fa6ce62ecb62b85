/**
 * Cost calculator (spec section 9): cost per mg = price / (vial volume x concentration); cost
 * per dose = weekly dose x cost per mg; annual = monthly x 12. Each figure says what it is: the
 * price entered is per vial or per month as the visitor chose; the vial (or the month's supply)
 * holds a whole number of weekly doses and lasts that many weeks at this dose; the cost per
 * month at this dose is, for a vial price, the cost per dose x 52 weeks / 12 months (so annual
 * = monthly x 12 = cost per dose x 52), and for a monthly price the price itself.
 *
 * Worked example (issue 15): $199 for a 2 ml vial at 2.5 mg/ml holds 5 mg: $39.80 per mg,
 * $9.95 per 0.25 mg dose, 20 weekly doses, 20 weeks, $43.12 a month at this dose.
 *
 * All four values must be above 0 and plausible (./ranges.ts); otherwise there is no result
 * and each wrong field has its message.
 */
import { formatUsd } from '../shared/format';
import { readNumber } from '../shared/input';
import { roundTo } from '../shared/prices';
import { checkRange, RANGES } from './ranges';

export const PRICE_PER = ['vial', 'month'] as const;
/** What the entered price buys: one vial, or one month of the plan. */
export type PricePer = (typeof PRICE_PER)[number];
export const DEFAULT_PRICE_PER: PricePer = 'vial';

export interface CostInput {
  /** USD, per vial or per month (`pricePer`). */
  price: number;
  pricePer: PricePer;
  /** ml per vial (or in the month's supply). */
  vialVolume: number;
  /** mg per ml. */
  concentration: number;
  /** mg per weekly dose. */
  weeklyDose: number;
}
export type CostField = 'price' | 'vialVolume' | 'concentration' | 'weeklyDose';
export type CostFormValues = Record<CostField, unknown> & { pricePer?: unknown };

export interface CostResult {
  /** The price entered, and what it buys. */
  price: number;
  pricePer: PricePer;
  /** mg in the vial or the month's supply (volume x concentration). */
  totalMg: number;
  /** USD, 2 decimals: price / totalMg. */
  costPerMg: number;
  /** USD, 2 decimals: weekly dose x cost per mg. */
  costPerDose: number;
  /** Whole weekly doses the vial (or supply) holds at this dose. */
  dosesPerVial: number;
  /** Weeks the vial (or supply) lasts at this dose: one dose a week. */
  weeksVialLasts: number;
  /** USD, 2 decimals: what a month costs at this dose (see the file comment). */
  monthlyCost: number;
  /** Monthly x 12, as the specification defines it (from the monthly figure shown). */
  annualCost: number;
}

export type CostOutcome =
  { ok: true; result: CostResult } | { ok: false; errors: Partial<Record<CostField, string>> };

export const WEEKS_PER_YEAR = 52;
export const MONTHS_PER_YEAR = 12;
/** Weekly dosing: a year is 13 four-week fills (stack-notes), not 12 months. */
export const FOUR_WEEK_FILLS_PER_YEAR = 13;

const FIELDS: readonly CostField[] = ['price', 'vialVolume', 'concentration', 'weeklyDose'];
const LABELS: Record<CostField, string> = {
  price: 'Price',
  vialVolume: 'Vial volume',
  concentration: 'Concentration',
  weeklyDose: 'Weekly dose',
};

export function readPricePer(value: unknown): PricePer {
  return value === 'month' ? 'month' : DEFAULT_PRICE_PER;
}

/** What one vial (or the month's supply) is called in the figures' labels. */
export function supplyName(per: PricePer): string {
  return per === 'vial' ? 'vial' : "month's supply";
}

export function validateCost(values: CostFormValues): Partial<Record<CostField, string>> {
  const errors: Partial<Record<CostField, string>> = {};
  for (const field of FIELDS) {
    const n = readNumber(values[field]);
    if (n === null) errors[field] = `${LABELS[field]} must be a number`;
    else {
      const outside = checkRange(RANGES[field], n);
      if (outside) errors[field] = outside;
    }
  }
  if (Object.keys(errors).length > 0) return errors;
  const totalMg = roundTo(
    (readNumber(values.vialVolume) as number) * (readNumber(values.concentration) as number),
    6,
  );
  if (roundTo(readNumber(values.weeklyDose) as number, 6) > totalMg) {
    const supply = supplyName(readPricePer(values.pricePer));
    errors.weeklyDose = `Weekly dose must be at most ${roundTo(totalMg, 3)} mg, what the ${supply} holds`;
  }
  return errors;
}

export function calculateCostOutcome(values: CostFormValues): CostOutcome {
  const errors = validateCost(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const n = (field: CostField) => readNumber(values[field]) as number; // validated above
  const pricePer = readPricePer(values.pricePer);
  const price = n('price');
  const dose = n('weeklyDose');
  const totalMg = n('vialVolume') * n('concentration');
  const costPerMg = price / totalMg;
  const costPerDose = dose * costPerMg;
  const dosesPerVial = Math.floor(roundTo(totalMg / dose, 6));
  const monthlyCost = roundTo(
    pricePer === 'month' ? price : (costPerDose * WEEKS_PER_YEAR) / MONTHS_PER_YEAR,
    2,
  );
  return {
    ok: true,
    result: {
      price: roundTo(price, 2),
      pricePer,
      totalMg: roundTo(totalMg, 3),
      costPerMg: roundTo(costPerMg, 2),
      costPerDose: roundTo(costPerDose, 2),
      dosesPerVial,
      weeksVialLasts: dosesPerVial,
      monthlyCost,
      annualCost: roundTo(monthlyCost * MONTHS_PER_YEAR, 2),
    },
  };
}

/** The result, or null when a value is missing, not above 0 or implausible. */
export function calculateCost(values: CostFormValues): CostResult | null {
  const outcome = calculateCostOutcome(values);
  return outcome.ok ? outcome.result : null;
}

/** What a year costs when each monthly price buys a four-week fill: price x 13. */
export function fourWeekFillAnnualCost(monthlyPrice: number): number {
  return roundTo(monthlyPrice * FOUR_WEEK_FILLS_PER_YEAR, 2);
}

/**
 * A note shown beside "annual = monthly x 12" when the provider bills per four-week fill,
 * e.g. 'Billed every 4 weeks, a year is 13 fills: $3,887 rather than $3,588.'
 */
export function annualCostNote(monthlyPrice: number): string {
  return (
    `Billed every 4 weeks, a year is 13 fills: ${formatUsd(fourWeekFillAnnualCost(monthlyPrice))} ` +
    `rather than ${formatUsd(roundTo(monthlyPrice * 12, 2))}.`
  );
}
