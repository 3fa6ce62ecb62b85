/**
 * Dose price tables: a provider publishes "dose label -> monthly price" per medication.
 * Labels are free text typed by editors ('0.25mg', '2.5 mg', '1mg'), so every rule that
 * needs a dose reads it through parseDoseMg, and every rule that needs a price reads it
 * through isCountablePrice ("only numeric, non-NaN prices count", spec section 5).
 */

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
  // A replay reads the same few labels hundreds of thousands of times: remembered, bounded.
  const known = parsedDoses.get(label);
  if (known !== undefined) return known;
  const match = DOSE_LABEL.exec(label);
  const mg = match?.[1] ? Number(match[1]) : NaN;
  const parsed = Number.isFinite(mg) && mg > 0 ? mg : null;
  if (parsedDoses.size >= PARSED_DOSES_KEPT) parsedDoses.clear();
  parsedDoses.set(label, parsed);
  return parsed;
}

const PARSED_DOSES_KEPT = 2_000;
const parsedDoses = new Map<string, number | null>();

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
  for (const [label, price] of Object.entries(table ?? {})) {
    const mg = parseDoseMg(label);
    if (mg === null || !isCountablePrice(price)) continue;
    const key = doseKey(mg);
    const seen = out.get(key);
    if (seen === undefined || price < seen) out.set(key, price);
  }
  return out;
}

/** Price of one dose from a table, or null when the table has no countable price for it. */
export function priceForDose(
  table: Readonly<Record<string, unknown>> | undefined | null,
  mg: number,
): number | null {
  return pricesByDose(table).get(doseKey(mg)) ?? null;
}

/** Rounds to `decimals` places without float noise in the output (0.1 + 0.2 -> 0.3). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}
