/**
 * Plausible ranges of every calculator input: ONE rule, read by the client form and by the
 * server-rendered GET form (the same components run on both), so a height of 5.9 cm or a
 * weight of 1,000 kg is refused with a message naming the field, never turned into a result.
 *
 * People: height 90-250 cm (3-8 ft), weight 25-350 kg (55-772 lb, the same range in pounds).
 * Medication: no weekly GLP-1 dose is above 20 mg (tirzepatide tops at 15 mg); compounded
 * vials are at most 10 ml and their concentrations well under 100 mg/ml; a plan's price is
 * under $10,000; a schedule is at most 104 weeks (two years).
 */
import { KG_PER_LB } from './units';

export interface PlausibleRange {
  /** The field's name as the message says it: 'Height'. */
  label: string;
  min: number;
  max: number;
  /** 'cm', 'kg', 'mg/ml', or '$' (written before the number). */
  unit: string;
  /**
   * Zero is the real limit below (any positive value is plausible): a value at or below 0 is
   * told 'must be greater than 0' (the specification's words), one above `max` 'at most'.
   */
  aboveZero?: boolean;
}

const lb = (kg: number) => Math.round(kg / KG_PER_LB);

export const RANGES = {
  weightKg: { label: 'Weight', min: 25, max: 350, unit: 'kg' },
  weightLb: { label: 'Weight', min: lb(25), max: lb(350), unit: 'lb' },
  heightCm: { label: 'Height', min: 90, max: 250, unit: 'cm' },
  heightFt: { label: 'Height', min: 3, max: 8, unit: 'ft' },
  dosage: { label: 'Dosage', min: 0, max: 20, unit: 'mg', aboveZero: true },
  concentration: { label: 'Concentration', min: 0, max: 100, unit: 'mg/ml', aboveZero: true },
  vialSize: { label: 'Vial size', min: 0, max: 10, unit: 'ml', aboveZero: true },
  duration: { label: 'Duration', min: 0, max: 104, unit: 'weeks', aboveZero: true },
  price: { label: 'Price', min: 0, max: 10_000, unit: '$', aboveZero: true },
  vialVolume: { label: 'Vial volume', min: 0, max: 10, unit: 'ml', aboveZero: true },
  weeklyDose: { label: 'Weekly dose', min: 0, max: 20, unit: 'mg', aboveZero: true },
} as const satisfies Record<string, PlausibleRange>;

export type RangeName = keyof typeof RANGES;

/** 250 -> '250 cm'; 10000 -> '$10,000'. */
export function withUnit(value: number, unit: string): string {
  const number = value.toLocaleString('en-US', { maximumFractionDigits: 3 });
  return unit === '$' ? `$${number}` : `${number} ${unit}`;
}

/** The message for a value outside its range ('Height must be between 90 and 250 cm'). */
export function rangeMessage(range: PlausibleRange, value: number): string {
  if (range.aboveZero) {
    return value <= 0
      ? `${range.label} must be greater than 0`
      : `${range.label} must be at most ${withUnit(range.max, range.unit)}`;
  }
  const min = range.unit === '$' ? withUnit(range.min, '$') : range.min.toLocaleString('en-US');
  return `${range.label} must be between ${min} and ${withUnit(range.max, range.unit)}`;
}

/** null when `value` is plausible, else the message naming the field and its range. */
export function checkRange(range: PlausibleRange, value: number): string | null {
  const tooLow = range.aboveZero ? value <= 0 : value < range.min;
  return tooLow || value > range.max ? rangeMessage(range, value) : null;
}
