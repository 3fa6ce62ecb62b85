/**
 * Cost calculator (spec section 9): cost per mg = monthly price / (vial volume x
 * concentration); cost per dose = weekly dose x cost per mg; annual = monthly x 12.
 * All four inputs must be above 0, otherwise there is no result (null), never an error.
 */
import { formatUsd } from '../shared/format';
import { readNumber } from '../shared/input';
import { roundTo } from '../shared/prices';

export interface CostInput {
  /** USD per month. */
  monthlyPrice: number;
  /** ml per vial (one month's supply). */
  vialVolume: number;
  /** mg per ml. */
  concentration: number;
  /** mg per weekly dose. */
  weeklyDose: number;
}
export type CostFormValues = Record<keyof CostInput, unknown>;

export interface CostResult {
  /** mg in the month's supply (volume x concentration). */
  totalMg: number;
  /** USD, 2 decimals. */
  costPerMg: number;
  /** USD, 2 decimals. */
  costPerDose: number;
  monthlyCost: number;
  /** Monthly x 12, as the specification defines it. */
  annualCost: number;
}

/** Weekly dosing: a year is 13 four-week fills (stack-notes), not 12 months. */
export const FOUR_WEEK_FILLS_PER_YEAR = 13;

export function calculateCost(values: CostFormValues): CostResult | null {
  const monthlyPrice = readNumber(values.monthlyPrice);
  const vialVolume = readNumber(values.vialVolume);
  const concentration = readNumber(values.concentration);
  const weeklyDose = readNumber(values.weeklyDose);
  if (monthlyPrice === null || vialVolume === null || concentration === null || weeklyDose === null)
    return null;
  if (monthlyPrice <= 0 || vialVolume <= 0 || concentration <= 0 || weeklyDose <= 0) return null;
  const totalMg = vialVolume * concentration;
  const costPerMg = monthlyPrice / totalMg;
  return {
    totalMg: roundTo(totalMg, 3),
    costPerMg: roundTo(costPerMg, 2),
    costPerDose: roundTo(weeklyDose * costPerMg, 2),
    monthlyCost: roundTo(monthlyPrice, 2),
    annualCost: roundTo(monthlyPrice * 12, 2),
  };
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
