/**
 * BMI calculator (spec sections 5 and 9). BMI = kg / m². Imperial input converts with
 * 0.453592 kg per lb and 0.0254 m per inch. The BMI is rounded to 1 decimal, and the band
 * and eligibility are read from that rounded value so the words always match the number
 * shown (24.96 shows 25.0 and "Overweight", never "Normal weight").
 */
import { readNumber } from '../shared/input';
import { roundTo } from '../shared/prices';

export const KG_PER_LB = 0.453592;
export const M_PER_INCH = 0.0254;

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
  let kg: number | null;
  let m: number | null = null;
  if (values.system === 'imperial') {
    const pounds = readNumber(values.pounds);
    const feet = readNumber(values.feet);
    const inches = values.inches === '' || values.inches == null ? 0 : readNumber(values.inches);
    kg = pounds !== null && pounds > 0 ? pounds * KG_PER_LB : null;
    if (inches === null || inches < 0 || inches > 11) errors.inches = BMI_MESSAGES.inches;
    else if (feet !== null && feet >= 0 && feet * 12 + inches > 0)
      m = (feet * 12 + inches) * M_PER_INCH;
  } else {
    const weight = readNumber(values.kg);
    const cm = readNumber(values.cm);
    kg = weight !== null && weight > 0 ? weight : null;
    m = cm !== null && cm > 0 ? cm / 100 : null;
  }
  if (kg === null) errors.weight = BMI_MESSAGES.weight;
  if (m === null && !errors.inches) errors.height = BMI_MESSAGES.height;
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
