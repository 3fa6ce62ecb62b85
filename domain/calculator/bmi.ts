/**
 * BMI calculator (spec sections 5 and 9). BMI = kg / m². Imperial input converts with
 * 0.453592 kg per lb and 0.0254 m per inch. The BMI is rounded to 1 decimal, and the band
 * and eligibility are read from that rounded value so the words always match the number
 * shown (24.96 shows 25.0 and "Overweight", never "Normal weight"). A positive weight or
 * height outside the plausible ranges (./ranges.ts: 25-350 kg or 55-772 lb, 90-250 cm or
 * 3-8 ft) is refused with a message naming the field and its range.
 */
import { readNumber } from '../shared/input';
import { roundTo } from '../shared/prices';
import { checkRange, RANGES } from './ranges';
import { INCHES_PER_FOOT, KG_PER_LB, M_PER_INCH } from './units';

export { KG_PER_LB, M_PER_INCH } from './units';

export type BmiFormValues =
  | { system: 'imperial'; pounds: unknown; feet: unknown; inches: unknown }
  | { system: 'metric'; kg: unknown; cm: unknown };
export type BmiField = 'weight' | 'height' | 'inches';

export type BmiCategory =
  | 'Underweight'
  | 'Normal weight'
  | 'Overweight'
  | 'Obesity class I'
  | 'Obesity class II'
  | 'Obesity class III';

export type BmiEligibility = 'eligible' | 'eligible-with-conditions' | 'not-eligible';

export interface BmiResult {
  /** 1 decimal. */
  bmi: number;
  category: BmiCategory;
  eligibility: BmiEligibility;
  eligibilityNote: string;
}

export type BmiOutcome =
  { ok: true; result: BmiResult } | { ok: false; errors: Partial<Record<BmiField, string>> };

export const BMI_MESSAGES = {
  weight: 'Weight must be greater than 0',
  height: 'Height must be greater than 0',
  inches: 'Inches must be between 0 and 11',
} as const;

/** Upper bounds (exclusive) of the six bands, in order; the last band has none. */
export const BMI_BANDS: readonly { below: number; category: BmiCategory }[] = [
  { below: 18.5, category: 'Underweight' },
  { below: 25, category: 'Normal weight' },
  { below: 30, category: 'Overweight' },
  { below: 35, category: 'Obesity class I' },
  { below: 40, category: 'Obesity class II' },
];

export const BMI_ELIGIBILITY_NOTES: Readonly<Record<BmiEligibility, string>> = {
  eligible: 'A BMI of 30 or above generally meets the criteria for GLP-1 weight-loss medication.',
  'eligible-with-conditions':
    'A BMI of 27 or above may meet the criteria when you also have a weight-related condition, such as type 2 diabetes, high blood pressure or high cholesterol.',
  'not-eligible':
    'A BMI below 27 usually does not meet the criteria for GLP-1 weight-loss medication.',
};

export function bmiCategory(bmi: number): BmiCategory {
  return BMI_BANDS.find((band) => bmi < band.below)?.category ?? 'Obesity class III';
}

/** 30 or above: eligible; 27 or above: eligible with weight-related conditions; else not. */
export function bmiEligibility(bmi: number): BmiEligibility {
  if (bmi >= 30) return 'eligible';
  if (bmi >= 27) return 'eligible-with-conditions';
  return 'not-eligible';
}

/** kg and metres from either unit system, with one message per invalid field. */
function readBody(
  values: BmiFormValues,
): { kg: number; m: number } | Partial<Record<BmiField, string>> {
  const errors: Partial<Record<BmiField, string>> = {};
  let kg: number | null = null;
  let m: number | null = null;
  const imperial = values.system === 'imperial';
  const weight = readNumber(imperial ? values.pounds : values.kg);
  if (weight === null || weight <= 0) errors.weight = BMI_MESSAGES.weight;
  else {
    const outside = checkRange(imperial ? RANGES.weightLb : RANGES.weightKg, weight);
    if (outside) errors.weight = outside;
    else kg = imperial ? weight * KG_PER_LB : weight;
  }
  if (values.system === 'imperial') {
    const feet = readNumber(values.feet);
    const inches = values.inches === '' || values.inches == null ? 0 : readNumber(values.inches);
    if (inches === null || inches < 0 || inches > 11) errors.inches = BMI_MESSAGES.inches;
    else if (feet === null || feet < 0 || feet * INCHES_PER_FOOT + inches <= 0)
      errors.height = BMI_MESSAGES.height;
    else {
      const totalInches = feet * INCHES_PER_FOOT + inches;
      const outside = checkRange(RANGES.heightFt, totalInches / INCHES_PER_FOOT);
      if (outside) errors.height = outside;
      else m = totalInches * M_PER_INCH;
    }
  } else {
    const cm = readNumber(values.cm);
    if (cm === null || cm <= 0) errors.height = BMI_MESSAGES.height;
    else {
      const outside = checkRange(RANGES.heightCm, cm);
      if (outside) errors.height = outside;
      else m = cm / 100;
    }
  }
  return kg !== null && m !== null ? { kg, m } : errors;
}

export function validateBmi(values: BmiFormValues): Partial<Record<BmiField, string>> {
  const body = readBody(values);
  return 'kg' in body ? {} : body;
}

export function calculateBmi(values: BmiFormValues): BmiOutcome {
  const body = readBody(values);
  if (!('kg' in body)) return { ok: false, errors: body };
  const bmi = roundTo(body.kg / (body.m * body.m), 1);
  const eligibility = bmiEligibility(bmi);
  return {
    ok: true,
    result: {
      bmi,
      category: bmiCategory(bmi),
      eligibility,
      eligibilityNote: BMI_ELIGIBILITY_NOTES[eligibility],
    },
  };
}
