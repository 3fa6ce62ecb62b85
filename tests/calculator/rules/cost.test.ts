import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  annualCostNote,
  calculateCost,
  fourWeekFillAnnualCost,
  validateCost,
} from '../../../domain/calculator/cost';

describe('calculateCost: cost per mg = price / (volume x concentration), per dose = weekly dose x per mg, annual = monthly x 12', () => {
  it.each([
    // price per month, volume, concentration, weekly dose -> per mg, per dose, annual
    [299, 2, 2.5, 0.25, 59.8, 14.95, 3588],
    [199, 1, 5, 0.5, 39.8, 19.9, 2388],
    [499, 4, 10, 15, 12.48, 187.13, 5988], // 12.475 per mg, 187.125 per dose
    [100, 3, 1, 1, 33.33, 33.33, 1200],
  ])(
    '$%d a month, %d ml at %d mg/ml, %d mg weekly -> $%d/mg, $%d/dose, $%d/year',
    (price, vialVolume, concentration, weeklyDose, perMg, perDose, annual) => {
      expect(
        calculateCost({ price, pricePer: 'month', vialVolume, concentration, weeklyDose }),
      ).toMatchObject({
        costPerMg: perMg,
        costPerDose: perDose,
        annualCost: annual,
        monthlyCost: price,
      });
    },
  );

  it.each([
    ['price 0', { price: 0, vialVolume: 2, concentration: 2.5, weeklyDose: 0.25 }],
    ['vial volume 0', { price: 299, vialVolume: 0, concentration: 2.5, weeklyDose: 0.25 }],
    ['concentration negative', { price: 299, vialVolume: 2, concentration: -1, weeklyDose: 0.25 }],
    ['weekly dose 0', { price: 299, vialVolume: 2, concentration: 2.5, weeklyDose: 0 }],
    ['an empty field', { price: '', vialVolume: 2, concentration: 2.5, weeklyDose: 0.25 }],
    ['NaN', { price: Number.NaN, vialVolume: 2, concentration: 2.5, weeklyDose: 0.25 }],
  ])('gives no result when %s (all four values must be above 0)', (_case, values) => {
    expect(calculateCost(values)).toBeNull();
  });

  it('gives a result for any four plausible values, annual = 12 x monthly', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 10_000, noNaN: true }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.constantFrom('vial', 'month'),
        (price, vialVolume, concentration, doseShare, pricePer) => {
          const weeklyDose = Math.min(20, vialVolume * concentration * doseShare);
          fc.pre(weeklyDose > 0);
          const r = calculateCost({ price, pricePer, vialVolume, concentration, weeklyDose });
          expect(r).not.toBeNull();
          expect(r!.annualCost).toBeCloseTo(r!.monthlyCost * 12, 6);
          expect(r!.dosesPerVial).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});

describe('the figures reconcile and say what they are (issue 15)', () => {
  it('$199 for a 2 ml vial at 2.5 mg/ml, 0.25 mg weekly', () => {
    expect(
      calculateCost({
        price: 199,
        pricePer: 'vial',
        vialVolume: 2,
        concentration: 2.5,
        weeklyDose: 0.25,
      }),
    ).toEqual({
      price: 199,
      pricePer: 'vial',
      totalMg: 5,
      costPerMg: 39.8,
      costPerDose: 9.95,
      dosesPerVial: 20,
      weeksVialLasts: 20,
      // $9.95 x 52 weeks / 12 months
      monthlyCost: 43.12,
      annualCost: 517.44,
    });
  });

  it('the same $199 as a monthly price: the month costs $199 whatever the dose', () => {
    expect(
      calculateCost({
        price: 199,
        pricePer: 'month',
        vialVolume: 2,
        concentration: 2.5,
        weeklyDose: 0.25,
      }),
    ).toMatchObject({ costPerDose: 9.95, dosesPerVial: 20, monthlyCost: 199, annualCost: 2388 });
  });

  it.each([
    // price, volume, concentration, dose -> doses (whole), cost per month at this dose
    [199, 2, 2.5, 0.5, 10, 86.23],
    [299, 1, 5, 1.7, 2, 440.53], // 5 mg / 1.7 mg = 2.94 -> 2 whole doses; $101.66 x 52 / 12
    [400, 2, 10, 2.5, 8, 216.67],
  ])(
    '$%d vial of %d ml at %d mg/ml, %d mg weekly: %d doses, $%d a month',
    (price, vialVolume, concentration, weeklyDose, doses, monthly) => {
      const r = calculateCost({ price, pricePer: 'vial', vialVolume, concentration, weeklyDose });
      expect(r).toMatchObject({ dosesPerVial: doses, weeksVialLasts: doses, monthlyCost: monthly });
      expect(r!.annualCost).toBe(Math.round(monthly * 12 * 100) / 100);
    },
  );

  it('defaults to a vial price when the choice is missing or unknown', () => {
    const values = { price: 199, vialVolume: 2, concentration: 2.5, weeklyDose: 0.25 };
    expect(calculateCost(values)?.pricePer).toBe('vial');
    expect(calculateCost({ ...values, pricePer: 'year' })?.pricePer).toBe('vial');
  });
});

describe('validateCost: a message naming each implausible field', () => {
  const ok = { price: 199, pricePer: 'vial', vialVolume: 2, concentration: 2.5, weeklyDose: 0.25 };
  it.each([
    [{ price: 0 }, { price: 'Price must be greater than 0' }],
    [{ price: 'abc' }, { price: 'Price must be a number' }],
    [{ price: 20_000 }, { price: 'Price must be at most $10,000' }],
    [{ vialVolume: 0 }, { vialVolume: 'Vial volume must be greater than 0' }],
    [{ vialVolume: 50 }, { vialVolume: 'Vial volume must be at most 10 ml' }],
    [{ concentration: -1 }, { concentration: 'Concentration must be greater than 0' }],
    [{ concentration: 250 }, { concentration: 'Concentration must be at most 100 mg/ml' }],
    [{ weeklyDose: 0 }, { weeklyDose: 'Weekly dose must be greater than 0' }],
    [{ weeklyDose: 25 }, { weeklyDose: 'Weekly dose must be at most 20 mg' }],
    [{ weeklyDose: 6 }, { weeklyDose: 'Weekly dose must be at most 5 mg, what the vial holds' }],
    [
      { weeklyDose: 6, pricePer: 'month' },
      { weeklyDose: "Weekly dose must be at most 5 mg, what the month's supply holds" },
    ],
    [{}, {}],
  ])('%j -> %j', (change, errors) => {
    expect(validateCost({ ...ok, ...change })).toEqual(errors);
  });
});

describe('four-week fills: 13 a year', () => {
  it.each([
    [299, 3887],
    [199.99, 2599.87],
  ])('$%d per fill -> $%d a year', (monthly, annual) => {
    expect(fourWeekFillAnnualCost(monthly)).toBe(annual);
  });
  it('explains the difference with the x 12 figure', () => {
    expect(annualCostNote(299)).toBe(
      'Billed every 4 weeks, a year is 13 fills: $3,887 rather than $3,588.',
    );
    expect(annualCostNote(199.99)).toBe(
      'Billed every 4 weeks, a year is 13 fills: $2,599.87 rather than $2,399.88.',
    );
  });
});
