import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bmiCategory,
  bmiEligibility,
  calculateBmi,
  validateBmi,
} from '../../../domain/calculator/bmi';

describe('bmiCategory: the six bands of spec section 9', () => {
  it.each([
    [16, 'Underweight'],
    [18.4, 'Underweight'],
    [18.5, 'Normal weight'],
    [24.9, 'Normal weight'],
    [25, 'Overweight'],
    [29.9, 'Overweight'],
    [30, 'Obesity class I'],
    [34.9, 'Obesity class I'],
    [35, 'Obesity class II'],
    [39.9, 'Obesity class II'],
    [40, 'Obesity class III'],
    [55, 'Obesity class III'],
  ])('%d -> %s', (bmi, category) => {
    expect(bmiCategory(bmi)).toBe(category);
  });
});

describe('bmiEligibility: 30 or above, or 27 with weight-related conditions', () => {
  it.each([
    [26.9, 'not-eligible'],
    [27, 'eligible-with-conditions'],
    [29.9, 'eligible-with-conditions'],
    [30, 'eligible'],
    [42, 'eligible'],
  ])('%d -> %s', (bmi, eligibility) => {
    expect(bmiEligibility(bmi)).toBe(eligibility);
  });
});

describe('calculateBmi', () => {
  it.each([
    // 200 lb, 5 ft 10 in: 90.7184 kg / (1.778 m)^2 = 28.697...
    [
      { system: 'imperial', pounds: 200, feet: 5, inches: 10 },
      28.7,
      'Overweight',
      'eligible-with-conditions',
    ],
    // 150 lb, 5 ft 6 in: 68.0388 / 1.6764^2 = 24.21
    [
      { system: 'imperial', pounds: 150, feet: 5, inches: 6 },
      24.2,
      'Normal weight',
      'not-eligible',
    ],
    [
      { system: 'imperial', pounds: '250', feet: '5', inches: '' },
      48.8,
      'Obesity class III',
      'eligible',
    ],
    [{ system: 'metric', kg: 70, cm: 175 }, 22.9, 'Normal weight', 'not-eligible'],
    [{ system: 'metric', kg: 95, cm: 170 }, 32.9, 'Obesity class I', 'eligible'],
    [{ system: 'metric', kg: 50, cm: 180 }, 15.4, 'Underweight', 'not-eligible'],
    [{ system: 'metric', kg: 120, cm: 178 }, 37.9, 'Obesity class II', 'eligible'],
  ] as const)('%j -> %d %s', (values, bmi, category, eligibility) => {
    const outcome = calculateBmi(values);
    expect(outcome.ok && outcome.result).toMatchObject({ bmi, category, eligibility });
  });

  it('bands the BMI as shown, 1 decimal (24.96 shows 25.0, Overweight)', () => {
    // 76.5 kg at 175 cm = 24.979...
    const outcome = calculateBmi({ system: 'metric', kg: 76.5, cm: 175 });
    expect(outcome.ok && outcome.result).toMatchObject({ bmi: 25, category: 'Overweight' });
  });

  it('says what the eligibility means', () => {
    const outcome = calculateBmi({ system: 'metric', kg: 95, cm: 170 });
    expect(outcome.ok && outcome.result.eligibilityNote).toBe(
      'A BMI of 30 or above generally meets the criteria for GLP-1 weight-loss medication.',
    );
  });

  it('imperial and metric agree for the same body', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 80, max: 500 }),
        fc.integer({ min: 4, max: 7 }),
        fc.integer({ min: 0, max: 11 }),
        (pounds, feet, inches) => {
          const imperial = calculateBmi({ system: 'imperial', pounds, feet, inches });
          const metric = calculateBmi({
            system: 'metric',
            kg: pounds * 0.453592,
            cm: (feet * 12 + inches) * 2.54,
          });
          expect(imperial.ok && metric.ok).toBe(true);
          if (imperial.ok && metric.ok) expect(imperial.result.bmi).toBe(metric.result.bmi);
        },
      ),
    );
  });
});

describe('validateBmi: weight and height must be positive, inches 0-11', () => {
  it.each([
    [{ system: 'metric', kg: 0, cm: 170 }, { weight: 'Weight must be greater than 0' }],
    [{ system: 'metric', kg: 70, cm: 0 }, { height: 'Height must be greater than 0' }],
    [
      { system: 'metric', kg: -1, cm: -1 },
      { weight: 'Weight must be greater than 0', height: 'Height must be greater than 0' },
    ],
    [{ system: 'metric', kg: 'x', cm: 170 }, { weight: 'Weight must be greater than 0' }],
    [
      { system: 'imperial', pounds: 0, feet: 5, inches: 5 },
      { weight: 'Weight must be greater than 0' },
    ],
    [
      { system: 'imperial', pounds: 180, feet: 0, inches: 0 },
      { height: 'Height must be greater than 0' },
    ],
    [
      { system: 'imperial', pounds: 180, feet: -5, inches: 0 },
      { height: 'Height must be greater than 0' },
    ],
    [
      { system: 'imperial', pounds: 180, feet: 5, inches: 12 },
      { inches: 'Inches must be between 0 and 11' },
    ],
    [
      { system: 'imperial', pounds: 180, feet: 5, inches: -1 },
      { inches: 'Inches must be between 0 and 11' },
    ],
    [{ system: 'imperial', pounds: 180, feet: 5, inches: 11 }, {}],
    [{ system: 'imperial', pounds: 180, feet: 5, inches: 0 }, {}],
  ] as const)('%j -> %j', (values, errors) => {
    expect(validateBmi(values)).toEqual(errors);
    if (Object.keys(errors).length > 0) expect(calculateBmi(values)).toEqual({ ok: false, errors });
  });
});
