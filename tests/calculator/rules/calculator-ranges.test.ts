/**
 * Plausible ranges (domain/calculator/ranges.ts), per field and unit: one rule, read by the
 * client form and by the server-rendered GET form (the same rule functions render both).
 */
import { describe, expect, it } from 'vitest';
import { calculateBmi, validateBmi } from '../../../domain/calculator/bmi';
import { validateDosage } from '../../../domain/calculator/dosage';
import {
  providerPriceChoices,
  type ProviderPriceTables,
} from '../../../domain/calculator/provider-prices';
import { RANGES, checkRange } from '../../../domain/calculator/ranges';

describe('BMI: height 90-250 cm or 3-8 ft, weight 25-350 kg or 55-772 lb', () => {
  it.each([
    // metric
    [{ system: 'metric', kg: 80, cm: 180 }, {}],
    [{ system: 'metric', kg: 80, cm: 5.9 }, { height: 'Height must be between 90 and 250 cm' }],
    [{ system: 'metric', kg: 80, cm: 89.9 }, { height: 'Height must be between 90 and 250 cm' }],
    [{ system: 'metric', kg: 80, cm: 90 }, {}],
    [{ system: 'metric', kg: 80, cm: 250 }, {}],
    [{ system: 'metric', kg: 80, cm: 251 }, { height: 'Height must be between 90 and 250 cm' }],
    [{ system: 'metric', kg: 1000, cm: 180 }, { weight: 'Weight must be between 25 and 350 kg' }],
    [{ system: 'metric', kg: 24.9, cm: 180 }, { weight: 'Weight must be between 25 and 350 kg' }],
    [{ system: 'metric', kg: 25, cm: 180 }, {}],
    [{ system: 'metric', kg: 350, cm: 180 }, {}],
    [{ system: 'metric', kg: 0, cm: 180 }, { weight: 'Weight must be greater than 0' }],
    // imperial
    [{ system: 'imperial', pounds: 195, feet: 5, inches: 10 }, {}],
    [
      { system: 'imperial', pounds: 195, feet: 2, inches: 11 },
      { height: 'Height must be between 3 and 8 ft' },
    ],
    [{ system: 'imperial', pounds: 195, feet: 3, inches: 0 }, {}],
    [{ system: 'imperial', pounds: 195, feet: 8, inches: 0 }, {}],
    [
      { system: 'imperial', pounds: 195, feet: 8, inches: 1 },
      { height: 'Height must be between 3 and 8 ft' },
    ],
    [
      { system: 'imperial', pounds: 195, feet: 59, inches: '' },
      { height: 'Height must be between 3 and 8 ft' },
    ],
    [
      { system: 'imperial', pounds: 54, feet: 5, inches: 10 },
      { weight: 'Weight must be between 55 and 772 lb' },
    ],
    [
      { system: 'imperial', pounds: 2000, feet: 5, inches: 10 },
      { weight: 'Weight must be between 55 and 772 lb' },
    ],
    [{ system: 'imperial', pounds: 772, feet: 5, inches: 10 }, {}],
    [
      { system: 'imperial', pounds: 195, feet: 5, inches: 12 },
      { inches: 'Inches must be between 0 and 11' },
    ],
  ] as const)('%j -> %j', (values, errors) => {
    expect(validateBmi(values)).toEqual(errors);
  });

  it('gives no BMI for the issue\'s 5.9 cm (was 28,727.4, "Obesity class III")', () => {
    expect(calculateBmi({ system: 'metric', kg: 100, cm: 5.9 }).ok).toBe(false);
  });

  it('the pound range is the kilogram range in pounds', () => {
    expect(RANGES.weightLb.min * 0.453592).toBeCloseTo(RANGES.weightKg.min, 0);
    expect(RANGES.weightLb.max * 0.453592).toBeCloseTo(RANGES.weightKg.max, 0);
  });
});

describe("dosage: the specification's messages at 0, sane upper bounds", () => {
  const ok = { dosage: 0.25, concentration: 2.5, frequency: 1, duration: 4, vialSize: 2 };
  it.each([
    [{ dosage: 0 }, { dosage: 'Dosage must be greater than 0' }],
    [{ dosage: 25 }, { dosage: 'Dosage must be at most 20 mg' }],
    [{ dosage: 15 }, {}],
    [{ concentration: 0 }, { concentration: 'Concentration must be greater than 0' }],
    [{ concentration: 500 }, { concentration: 'Concentration must be at most 100 mg/ml' }],
    [{ vialSize: 0 }, { vialSize: 'Vial size must be greater than 0' }],
    [{ vialSize: 50 }, { vialSize: 'Vial size must be at most 10 ml' }],
    [{ duration: 0 }, { duration: 'Duration must be greater than 0' }],
    [{ duration: 520 }, { duration: 'Duration must be at most 104 weeks' }],
    [{ frequency: 8 }, { frequency: 'Frequency must be at most 7 injections per week' }],
  ])('%j -> %j', (change, errors) => {
    expect(validateDosage({ ...ok, ...change })).toEqual(errors);
  });
});

describe('checkRange', () => {
  it.each([
    [RANGES.price, 10_000, null],
    [RANGES.price, 10_000.01, 'Price must be at most $10,000'],
    [RANGES.heightCm, 90, null],
    [RANGES.heightFt, 2.99, 'Height must be between 3 and 8 ft'],
  ])('%j %d -> %j', (range, value, message) => {
    expect(checkRange(range, value)).toBe(message);
  });
});

describe("'Use a provider's price': entered prices for the medication and dose", () => {
  const providers: ProviderPriceTables[] = [
    {
      name: 'Beta',
      slug: 'beta',
      prices: { semaglutide: { '0.25mg': 249, '0.5 mg': 299 }, tirzepatide: {} },
    },
    {
      name: 'Alpha',
      slug: 'alpha',
      prices: { semaglutide: { '0.25 mg': 199 }, tirzepatide: { '2.5mg': 349 } },
    },
    { name: 'Gamma', slug: 'gamma', prices: { semaglutide: {}, tirzepatide: {} } },
  ];
  it.each([
    ['semaglutide', 0.25, ['alpha:199', 'beta:249']],
    ['semaglutide', 0.5, ['beta:299']],
    ['semaglutide', 1, []],
    ['tirzepatide', 2.5, ['alpha:349']],
    ['semaglutide', null, []],
  ] as const)('%s at %s mg -> %j', (medication, dose, expected) => {
    expect(
      providerPriceChoices(providers, medication, dose).map((c) => `${c.slug}:${c.monthly}`),
    ).toEqual(expected);
  });
});
