/**
 * Dose price tables: a provider publishes "dose label -> monthly price" per medication.
 * Labels are free text typed by editors ('0.25mg', '2.5 mg', '1mg'), so every rule that
 * needs a dose reads it through parseDoseMg, and every rule that needs a price reads it
 * through isCountablePrice ("only numeric, non-NaN prices count", spec section 5).
 */

import { remembered } from './remembered';

/** The medications that have a standard weekly titration ladder and a price table. */
export type LadderMedication = 'semaglutide' | 'tirzepatide';

/**
 * Standard weekly dose ladders in mg (stack-notes "Domain facts"): four weeks per step,
 * then maintenance at the top dose.
 */
export const STANDARD_LADDERS: Readonly<Record<LadderMedication, readonly number[]>> = {
  semaglutide: [0.25, 0.5, 1, 1.7, 2.4],
  tirzepatide: [2.5, 5, 7.5, 10, 12.5, 15],
};

/** Weeks on each ladder step, and weeks one monthly price covers. */
export const WEEKS_PER_STEP = 4;

const DOSE_LABEL = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(?:mg)?\b/i;

/** '0.25mg' | '2.5 mg' | '1mg' | '1.7 mg/week' | '10' -> mg; null when no leading number. */
export function parseDoseMg(label: string): number | null {
  return parsedLabel(label)?.mg ?? null;
}

/** A label's dose and its doseKey; null when it names none. */
interface ParsedDose {
  mg: number;
  key: string;
}

/** A replay reads the same few labels hundreds of thousands of times: remembered, bounded. */
const parsedLabel = /* @__PURE__ */ remembered((label: string): ParsedDose | null => {
  const match = DOSE_LABEL.exec(label);
  const mg = match?.[1] ? Number(match[1]) : NaN;
  return Number.isFinite(mg) && mg > 0 ? { mg, key: doseKey(mg) } : null;
}, 2_000);

/** A price counts only when it is a real number (not NaN, not Infinity, not a string). */
export function isCountablePrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** Doses compare on 3 decimals so 0.25 typed as '0.250 mg' is the same dose. */
export function doseKey(mg: number): string {
  return (Math.round(mg * 1000) / 1000).toString();
}

/**
 * Reads a dose table into doseKey(mg) -> price, keeping only parseable labels and
 * countable prices. When two labels name the same dose ('1mg' and '1 mg'), the lower
 * price is kept: it is the one a visitor would pay.
 */
export function pricesByDose(
  table: Readonly<Record<string, unknown>> | undefined | null,
): Map<string, number> {
  const out = new Map<string, number>();
  if (!table) return out;
  // for...in over the own labels: Object.entries's order, without its arrays (a replay reads
  // a table on every price change).
  for (const label in table) {
    if (!Object.hasOwn(table, label)) continue;
    const price = table[label];
    const dose = parsedLabel(label);
    if (dose === null || !isCountablePrice(price)) continue;
    const seen = out.get(dose.key);
    if (seen === undefined || price < seen) out.set(dose.key, price);
  }
  return out;
}

/**
 * The lowest countable price of a table with a parseable dose label, null when none: the
 * lowest of pricesByDose(table), without its map (a replay reads it on every price change).
 */
export function lowestPrice(
  table: Readonly<Record<string, unknown>> | undefined | null,
): number | null {
  let lowest: number | null = null;
  if (!table) return lowest;
  for (const label in table) {
    if (!Object.hasOwn(table, label)) continue;
    const price = table[label];
    if (!isCountablePrice(price) || parsedLabel(label) === null) continue;
    if (lowest === null || price < lowest) lowest = price;
  }
  return lowest;
}

/** Price of one dose from a table, or null when the table has no countable price for it. */
export function priceForDose(
  table: Readonly<Record<string, unknown>> | undefined | null,
  mg: number,
): number | null {
  // pricesByDose(table).get(doseKey(mg)), without the map of every dose (the cost rules ask
  // for each dose of the ladder in turn: a replay's rankings asked thousands of times).
  if (!table) return null;
  const key = keyOfDose(mg);
  let lowest: number | null = null;
  for (const label in table) {
    if (!Object.hasOwn(table, label) || parsedLabel(label)?.key !== key) continue;
    const price = table[label];
    if (!isCountablePrice(price)) continue;
    if (lowest === null || price < lowest) lowest = price;
  }
  return lowest;
}

/** doseKey, remembered for the few doses asked for (the ladders'), bounded. */
const keyOfDose = /* @__PURE__ */ remembered(doseKey, 2_000);

/** Rounds to `decimals` places without float noise in the output (0.1 + 0.2 -> 0.3). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}
