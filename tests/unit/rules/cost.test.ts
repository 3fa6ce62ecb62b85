import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  annualCostNote,
  calculateCost,
  fourWeekFillAnnualCost,
} from '../../../domain/calculator/cost';

describe('calculateCost: cost per mg = monthly / (volume x concentration), per dose = weekly dose x per mg, annual = monthly x 12', () => {
  it.each([
    // monthly, volume, concentration, weekly dose -> per mg, per dose, annual
    [299, 2, 2.5, 0.25, 59.8, 14.95, 3588],
    [199, 1, 5, 0.5, 39.8, 19.9, 2388],
    [499, 4, 10, 15, 12.48, 187.13, 5988], // 12.475 per mg, 187.125 per dose
    [100, 3, 1, 1, 33.33, 33.33, 1200],
  ])(
    '$%d, %d ml at %d mg/ml, %d mg weekly -> $%d/mg, $%d/dose, $%d/year',
    (monthlyPrice, vialVolume, concentration, weeklyDose, perMg, perDose, annual) => {
      expect(calculateCost({ monthlyPrice, vialVolume, concentration, weeklyDose })).toMatchObject({
        costPerMg: perMg,
        costPerDose: perDose,
        annualCost: annual,
        monthlyCost: monthlyPrice,
      });
    },
  );

  it.each([
    ['monthly price 0', { monthlyPrice: 0, vialVolume: 2, concentration: 2.5, weeklyDose: 0.25 }],
    ['vial volume 0', { monthlyPrice: 299, vialVolume: 0, concentration: 2.5, weeklyDose: 0.25 }],
    [
      'concentration negative',
      { monthlyPrice: 299, vialVolume: 2, concentration: -1, weeklyDose: 0.25 },
    ],
    ['weekly dose 0', { monthlyPrice: 299, vialVolume: 2, concentration: 2.5, weeklyDose: 0 }],
    ['an empty field', { monthlyPrice: '', vialVolume: 2, concentration: 2.5, weeklyDose: 0.25 }],
    ['NaN', { monthlyPrice: Number.NaN, vialVolume: 2, concentration: 2.5, weeklyDose: 0.25 }],
  ])('gives no result when %s (all four values must be above 0)', (_case, values) => {
    expect(calculateCost(values)).toBeNull();
  });

  it('gives a result for any four positive values, annual = 12 x monthly', () => {
    const positive = fc.double({ min: 0.01, max: 10_000, noNaN: true });
    fc.assert(
      fc.property(
        positive,
        positive,
        positive,
        positive,
        (monthlyPrice, vialVolume, concentration, weeklyDose) => {
          const r = calculateCost({ monthlyPrice, vialVolume, concentration, weeklyDose });
          expect(r).not.toBeNull();
          expect(r!.annualCost).toBeCloseTo(monthlyPrice * 12, 1);
        },
      ),
    );
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
