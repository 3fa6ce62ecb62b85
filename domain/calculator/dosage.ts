/**
 * Dosage calculator (spec sections 3, 5 and 9). Volume = dose / concentration; units on a
 * U-100 syringe = volume x 100; total volume = volume x injections; vials = rounded up.
 * Outputs are rounded (volumes to 3 decimals, units to 1) so float noise such as
 * 0.30000000000000004 ml never reaches the screen. Dosing mistakes between mg, ml and units
 * are a documented FDA concern with compounded semaglutide, so the result carries both ml
 * and units and warns when one draw does not fit a 1 ml U-100 syringe. Values above the
 * plausible ranges (./ranges.ts) are refused with a message naming the field.
 */
import { readNumber } from '../shared/input';
import { roundTo } from '../shared/prices';
import { checkRange, RANGES } from './ranges';

export interface DosageInput {
  /** Dose per injection, mg. */
  dosage: number;
  /** mg per ml. */
  concentration: number;
  /** Injections per week, 1-7. */
  frequency: number;
  /** Weeks, at least 1. */
  duration: number;
  /** ml per vial. */
  vialSize: number;
}
export type DosageField = keyof DosageInput;
/** Raw form values: numbers or the strings of number inputs. */
export type DosageFormValues = Record<DosageField, unknown>;

export interface DosageResult {
  /** ml per injection, 3 decimals. */
  volumePerInjection: number;
  /** U-100 syringe units per injection (volume x 100), 1 decimal. */
  unitsPerInjection: number;
  /** ml over the whole duration, 3 decimals. */
  totalVolume: number;
  /** Vials needed, rounded up. */
  numberOfVials: number;
  /** Injections over the whole duration. */
  injections: number;
  /** One draw is more than a 1 ml U-100 syringe holds. */
  exceedsSyringe: boolean;
  warning: string | null;
}

export type DosageOutcome =
  { ok: true; result: DosageResult } | { ok: false; errors: Partial<Record<DosageField, string>> };

export const DOSAGE_DEFAULTS: Readonly<DosageInput> = {
  dosage: 0.25,
  concentration: 2.5,
  frequency: 1,
  duration: 4,
  vialSize: 2,
};

/** A U-100 insulin syringe holds 1 ml = 100 units. */
export const SYRINGE_UNITS = 100;
export const MAX_INJECTIONS_PER_WEEK = 7;
export const MIN_DURATION_WEEKS = 1;

const LABELS: Record<DosageField, string> = {
  dosage: 'Dosage',
  concentration: 'Concentration',
  frequency: 'Frequency',
  duration: 'Duration',
  vialSize: 'Vial size',
};

export const DOSAGE_FIELDS: readonly DosageField[] = [
  'dosage',
  'concentration',
  'frequency',
  'duration',
  'vialSize',
];

export function syringeWarning(volumeMl: number, units: number): string {
  return (
    `One injection of ${volumeMl} ml (${units} units) is more than a 1 ml U-100 syringe holds (100 units). ` +
    'Check the dose and concentration with your prescriber before drawing it.'
  );
}

/** One message per invalid field; an empty object means the input is valid. */
export function validateDosage(values: DosageFormValues): Partial<Record<DosageField, string>> {
  const errors: Partial<Record<DosageField, string>> = {};
  for (const field of DOSAGE_FIELDS) {
    const n = readNumber(values[field]);
    const label = LABELS[field];
    if (n === null) errors[field] = `${label} must be a number`;
    else if (n <= 0) errors[field] = `${label} must be greater than 0`;
    else if (field === 'frequency' && n > MAX_INJECTIONS_PER_WEEK)
      errors[field] = 'Frequency must be at most 7 injections per week';
    else if (field === 'frequency' && !Number.isInteger(n))
      errors[field] = 'Frequency must be a whole number of injections per week';
    else if (field === 'duration' && n < MIN_DURATION_WEEKS)
      errors[field] = 'Duration must be at least 1 week';
    else if (field === 'duration' && !Number.isInteger(n))
      errors[field] = 'Duration must be a whole number of weeks';
    else if (field !== 'frequency') {
      // Plausible ranges (./ranges.ts): 'Dosage must be at most 20 mg'...
      const outside = checkRange(RANGES[field], n);
      if (outside) errors[field] = outside;
    }
  }
  return errors;
}

export function calculateDosage(values: DosageFormValues): DosageOutcome {
  const errors = validateDosage(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const n = (field: DosageField) => readNumber(values[field]) as number; // validated above
  const volume = n('dosage') / n('concentration');
  const injections = n('frequency') * n('duration');
  const total = volume * injections;
  const volumePerInjection = roundTo(volume, 3);
  const unitsPerInjection = roundTo(volume * 100, 1);
  // Round the ratio first so 4.000000000001 vials is 4, not 5.
  const numberOfVials = Math.ceil(roundTo(total / n('vialSize'), 6));
  const exceedsSyringe = unitsPerInjection > SYRINGE_UNITS;
  return {
    ok: true,
    result: {
      volumePerInjection,
      unitsPerInjection,
      totalVolume: roundTo(total, 3),
      numberOfVials,
      injections,
      exceedsSyringe,
      warning: exceedsSyringe ? syringeWarning(volumePerInjection, unitsPerInjection) : null,
    },
  };
}
