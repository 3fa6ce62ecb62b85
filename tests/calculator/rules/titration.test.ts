import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ladderDoses, titrationCost, weeksInMonths } from '../../../domain/calculator/titration';
import { STANDARD_LADDERS } from '../../../domain/shared/prices';
import { FULL_PRICES } from '../../support/provider-fixture';

describe('weeksInMonths: count by weeks (13 four-week fills a year)', () => {
  it.each([
    [3, 13],
    [6, 26],
    [12, 52],
  ])('%d months -> %d weeks', (months, weeks) => {
    expect(weeksInMonths(months)).toBe(weeks);
  });
});

describe('ladderDoses: four weeks per step, then maintenance at the top dose', () => {
  it('semaglutide 0.25 -> 0.5 -> 1 -> 1.7 -> 2.4 mg, 2.4 mg maintenance', () => {
    expect(ladderDoses(STANDARD_LADDERS.semaglutide, 7)).toEqual([
      0.25, 0.5, 1, 1.7, 2.4, 2.4, 2.4,
    ]);
  });
  it('tirzepatide 2.5 -> 5 -> 7.5 -> 10 -> 12.5 -> 15 mg', () => {
    expect(ladderDoses(STANDARD_LADDERS.tirzepatide, 6)).toEqual([2.5, 5, 7.5, 10, 12.5, 15]);
  });
  it('an empty ladder gives no doses', () => {
    expect(ladderDoses([], 3)).toEqual([]);
  });
});

describe('titrationCost', () => {
  it.each([
    // semaglutide 199, 249, 299, 349, 399: 4 fills = 1096; 7 fills = 1096 + 3 x 399; 13 fills = 1096 + 9 x 399
    ['semaglutide', FULL_PRICES.semaglutide, [1096, 2293, 4687], [4, 7, 13]],
    // tirzepatide 249 ... 499: 4 fills = 1296; 7 = 1296 + 449 + 2 x 499; 13 = 2244 + 7 x 499
    ['tirzepatide', FULL_PRICES.tirzepatide, [1296, 2743, 5737], [4, 7, 13]],
  ] as const)('%s with the full spec table', (medication, table, totals, fills) => {
    const cost = titrationCost(medication, table);
    expect(cost.horizons.map((h) => h.months)).toEqual([3, 6, 12]);
    expect(cost.horizons.map((h) => h.total)).toEqual(totals);
    expect(cost.horizons.map((h) => h.fills.length)).toEqual(fills);
    expect(cost.missingDoses).toEqual([]);
    expect(cost.statement).toBeNull();
  });

  it('numbers the fills by the first week they cover', () => {
    const [three] = titrationCost('semaglutide', FULL_PRICES.semaglutide).horizons;
    expect(three?.fills).toEqual([
      { week: 1, doseMg: 0.25, price: 199 },
      { week: 5, doseMg: 0.5, price: 249 },
      { week: 9, doseMg: 1, price: 299 },
      { week: 13, doseMg: 1.7, price: 349 },
    ]);
  });

  it('reads labels with spaces and without', () => {
    const table = { '0.25 mg': 100, '0.5mg': 100, '1 mg': 100, '1.7mg': 100, '2.4 mg': 100 };
    expect(titrationCost('semaglutide', table).horizons.map((h) => h.total)).toEqual([
      400, 700, 1300,
    ]);
  });

  it('names the missing doses and gives no total for the horizons that need them', () => {
    const table = { '0.25mg': 199, '0.5mg': 249, '1mg': 299, '1.7mg': 349 };
    const cost = titrationCost('semaglutide', table);
    expect(cost.horizons.map((h) => h.total)).toEqual([1096, null, null]);
    expect(cost.horizons.map((h) => h.missingDoses)).toEqual([[], [2.4], [2.4]]);
    expect(cost.missingDoses).toEqual([2.4]);
    expect(cost.statement).toBe(
      'No published semaglutide price for 2.4 mg, so the 6 and 12-month costs cannot be calculated.',
    );
  });

  it('an empty table blocks every horizon', () => {
    const cost = titrationCost('tirzepatide', {});
    expect(cost.horizons.every((h) => h.total === null)).toBe(true);
    expect(cost.missingDoses).toEqual([2.5, 5, 7.5, 10, 12.5, 15]);
    expect(cost.statement).toBe(
      'No published tirzepatide price for 2.5 mg, 5 mg, 7.5 mg, 10 mg, 12.5 mg and 15 mg, so the 3, 6 and 12-month costs cannot be calculated.',
    );
  });

  it('one blocked horizon reads in the singular', () => {
    const table = { ...FULL_PRICES.tirzepatide } as Record<string, number>;
    delete table['15mg'];
    expect(titrationCost('tirzepatide', table).statement).toBe(
      'No published tirzepatide price for 15 mg, so the 6 and 12-month costs cannot be calculated.',
    );
    expect(titrationCost('tirzepatide', table, [3]).statement).toBeNull();
    delete table['10mg'];
    expect(titrationCost('tirzepatide', table, [3, 6]).statement).toBe(
      'No published tirzepatide price for 10 mg and 15 mg, so the 3 and 6-month costs cannot be calculated.',
    );
    expect(
      titrationCost('tirzepatide', { ...FULL_PRICES.tirzepatide, '12.5mg': Number.NaN }, [6])
        .statement,
    ).toBe('No published tirzepatide price for 12.5 mg, so the 6-month cost cannot be calculated.');
  });

  it('a longer horizon never costs less than a shorter one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 5, maxLength: 5 }),
        (prices) => {
          const table = Object.fromEntries(
            STANDARD_LADDERS.semaglutide.map((mg, i) => [`${mg}mg`, prices[i]!]),
          );
          const [a, b, c] = titrationCost('semaglutide', table).horizons.map(
            (h) => h.total ?? Number.NaN,
          );
          expect(b).toBeGreaterThanOrEqual(a!);
          expect(c).toBeGreaterThanOrEqual(b!);
        },
      ),
    );
  });
});
