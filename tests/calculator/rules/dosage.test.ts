import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calculateDosage,
  DOSAGE_DEFAULTS,
  validateDosage,
} from '../../../domain/calculator/dosage';

describe('dosage defaults (spec section 9)', () => {
  it('0.25 mg dose, 2.5 mg/ml, 1 injection per week, 4 weeks, 2 ml vial', () => {
    expect(DOSAGE_DEFAULTS).toEqual({
      dosage: 0.25,
      concentration: 2.5,
      frequency: 1,
      duration: 4,
      vialSize: 2,
    });
  });

  it('gives 0.1 ml (10 units) per injection, 0.4 ml in total, 1 vial', () => {
    expect(calculateDosage(DOSAGE_DEFAULTS)).toEqual({
      ok: true,
      result: {
        volumePerInjection: 0.1,
        unitsPerInjection: 10,
        totalVolume: 0.4,
        numberOfVials: 1,
        injections: 4,
        exceedsSyringe: false,
        warning: null,
      },
    });
  });
});

describe('calculateDosage: volume = dose / concentration, units = volume x 100, vials rounded up', () => {
  it.each([
    // dosage, concentration, frequency, duration, vialSize -> volume, units, total, vials
    [0.5, 2.5, 1, 4, 2, 0.2, 20, 0.8, 1],
    [1, 2.5, 1, 4, 2, 0.4, 40, 1.6, 1],
    [2.4, 2.5, 1, 4, 2, 0.96, 96, 3.84, 2],
    [2.5, 10, 1, 4, 2, 0.25, 25, 1, 1],
    [15, 10, 1, 12, 4, 1.5, 150, 18, 5],
    [0.25, 5, 2, 8, 1, 0.05, 5, 0.8, 1],
    [1, 3, 1, 3, 1, 0.333, 33.3, 1, 1], // 1/3 ml x 3 = exactly 1 vial, not 2
    [0.1, 1, 3, 1, 0.3, 0.1, 10, 0.3, 1], // 0.1 x 3 = 0.30000000000000004 -> 0.3, 1 vial
  ])(
    '%d mg at %d mg/ml, %dx/week for %d weeks, %d ml vials -> %d ml, %d units, %d ml, %d vials',
    (dosage, concentration, frequency, duration, vialSize, volume, units, total, vials) => {
      const outcome = calculateDosage({ dosage, concentration, frequency, duration, vialSize });
      expect(outcome.ok && outcome.result).toMatchObject({
        volumePerInjection: volume,
        unitsPerInjection: units,
        totalVolume: total,
        numberOfVials: vials,
      });
    },
  );

  it('accepts the strings of number inputs', () => {
    const outcome = calculateDosage({
      dosage: '0.5',
      concentration: ' 2.5 ',
      frequency: '1',
      duration: '4',
      vialSize: '2',
    });
    expect(outcome.ok && outcome.result.volumePerInjection).toBe(0.2);
  });
});

describe('syringe warning', () => {
  it.each([
    [2.5, 2.5, false], // exactly 1 ml = 100 units fits
    [2.6, 2.5, true],
    [15, 10, true],
  ])('%d mg at %d mg/ml -> warning %s', (dosage, concentration, warns) => {
    const outcome = calculateDosage({ ...DOSAGE_DEFAULTS, dosage, concentration });
    expect(outcome.ok && outcome.result.exceedsSyringe).toBe(warns);
  });

  it('names the draw in ml and units', () => {
    const outcome = calculateDosage({ ...DOSAGE_DEFAULTS, dosage: 15, concentration: 10 });
    expect(outcome.ok && outcome.result.warning).toBe(
      'One injection of 1.5 ml (150 units) is more than a 1 ml U-100 syringe holds (100 units). Check the dose and concentration with your prescriber before drawing it.',
    );
  });
});

describe('validateDosage (spec section 5, word for word)', () => {
  it.each([
    ['dosage', 0, 'Dosage must be greater than 0'],
    ['concentration', 0, 'Concentration must be greater than 0'],
    ['frequency', 0, 'Frequency must be greater than 0'],
    ['duration', 0, 'Duration must be greater than 0'],
    ['vialSize', 0, 'Vial size must be greater than 0'],
    ['dosage', -1, 'Dosage must be greater than 0'],
    ['vialSize', -2, 'Vial size must be greater than 0'],
    ['frequency', 8, 'Frequency must be at most 7 injections per week'],
    ['frequency', 1.5, 'Frequency must be a whole number of injections per week'],
    ['duration', 0.5, 'Duration must be at least 1 week'],
    ['duration', 2.5, 'Duration must be a whole number of weeks'],
    ['dosage', 'abc', 'Dosage must be a number'],
    ['concentration', '', 'Concentration must be a number'],
    ['vialSize', Number.NaN, 'Vial size must be a number'],
    ['duration', undefined, 'Duration must be a number'],
  ])('%s = %j -> %s', (field, value, message) => {
    const values = { ...DOSAGE_DEFAULTS, [field]: value };
    expect(validateDosage(values)).toEqual({ [field]: message });
    expect(calculateDosage(values)).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('reports every invalid field at once', () => {
    expect(
      validateDosage({ dosage: 0, concentration: 0, frequency: 0, duration: 0, vialSize: 0 }),
    ).toEqual({
      dosage: 'Dosage must be greater than 0',
      concentration: 'Concentration must be greater than 0',
      frequency: 'Frequency must be greater than 0',
      duration: 'Duration must be greater than 0',
      vialSize: 'Vial size must be greater than 0',
    });
  });

  it.each([1, 7])('accepts frequency %d', (frequency) => {
    expect(validateDosage({ ...DOSAGE_DEFAULTS, frequency })).toEqual({});
  });
});

describe('properties', () => {
  // Within the plausible ranges (domain/calculator/ranges.ts).
  const valid = fc.record({
    dosage: fc.double({ min: 0.01, max: 20, noNaN: true }),
    concentration: fc.double({ min: 0.1, max: 50, noNaN: true }),
    frequency: fc.integer({ min: 1, max: 7 }),
    duration: fc.integer({ min: 1, max: 104 }),
    vialSize: fc.double({ min: 0.1, max: 10, noNaN: true }),
  });

  it('vials always hold the total volume, and one fewer would not', () => {
    fc.assert(
      fc.property(valid, (input) => {
        const outcome = calculateDosage(input);
        if (!outcome.ok) throw new Error('valid input rejected');
        const exact =
          ((input.dosage / input.concentration) * input.frequency * input.duration) /
          input.vialSize;
        expect(outcome.result.numberOfVials).toBeGreaterThanOrEqual(exact - 1e-6);
        expect(outcome.result.numberOfVials - 1).toBeLessThan(exact + 1e-6);
      }),
    );
  });

  it('outputs carry no float noise (volumes 3 decimals, units 1)', () => {
    fc.assert(
      fc.property(valid, (input) => {
        const outcome = calculateDosage(input);
        if (!outcome.ok) throw new Error('valid input rejected');
        const { volumePerInjection, unitsPerInjection, totalVolume } = outcome.result;
        expect(Number(volumePerInjection.toFixed(3))).toBe(volumePerInjection);
        expect(Number(totalVolume.toFixed(3))).toBe(totalVolume);
        expect(Number(unitsPerInjection.toFixed(1))).toBe(unitsPerInjection);
      }),
    );
  });
});
