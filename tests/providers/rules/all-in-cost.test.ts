/**
 * The all-in cost of an offer over a dose path (domain/providers/all-in-cost.ts), as tables of
 * cases: the total for each path on both medications, unknown fees, plans vs monthly,
 * introductory prices, prices that stop early, 1 and 12 months, a maintenance dose below the top.
 *
 * Fills: 1 month = 1 four-week fill, 3 months = 4, 6 months = 7, 12 months = 13.
 */
import { describe, expect, it } from 'vitest';
import { allInCost, dosePath, planForMonths } from '../../../domain/providers/all-in-cost';
import {
  feesSchema,
  offerSchema,
  type Fees,
  type FeesInput,
  type Offer,
  type OfferInput,
} from '../../../domain/providers/offers';

const TIRZEPATIDE = {
  '2.5 mg': 279,
  '5 mg': 329,
  '7.5 mg': 379,
  '10 mg': 429,
  '12.5 mg': 469,
  '15 mg': 499,
};
const SEMAGLUTIDE = { '0.25 mg': 199, '0.5 mg': 229, '1 mg': 279, '1.7 mg': 329, '2.4 mg': 379 };

const table = (prices: Record<string, number>) =>
  Object.entries(prices).map(([dose, monthly]) => ({ dose, monthly }));

const offer = (medication: 'semaglutide' | 'tirzepatide', input: Partial<OfferInput> = {}): Offer =>
  offerSchema.parse({
    id: medication,
    medication,
    form: 'compounded-vial',
    prices: table(medication === 'tirzepatide' ? TIRZEPATIDE : SEMAGLUTIDE),
    ...input,
  });

const fees = (input: FeesInput = {}): Fees => feesSchema.parse(input);
/** Every fee included: the total is the medication alone. */
const NO_FEES = fees({
  membership: { amount: { kind: 'included' } },
  shippingPerOrder: { kind: 'included' },
});
/** $49 a month, $95 labs once, $10 per order. */
const FEES = fees({
  membership: { amount: { kind: 'amount', usd: 49 }, includesMedication: false },
  oneTime: [{ name: 'labs', amount: { kind: 'amount', usd: 95 } }],
  shippingPerOrder: { kind: 'amount', usd: 10 },
});

describe('the dose path', () => {
  it.each<[string, 'semaglutide' | 'tirzepatide', number, number | undefined, number[]]>([
    [
      'tirzepatide, 7 fills, to the top',
      'tirzepatide',
      7,
      undefined,
      [2.5, 5, 7.5, 10, 12.5, 15, 15],
    ],
    [
      'semaglutide, 7 fills, to the top',
      'semaglutide',
      7,
      undefined,
      [0.25, 0.5, 1, 1.7, 2.4, 2.4, 2.4],
    ],
    ['held at 7.5 mg', 'tirzepatide', 5, 7.5, [2.5, 5, 7.5, 7.5, 7.5]],
    ['held at 1 mg', 'semaglutide', 4, 1, [0.25, 0.5, 1, 1]],
    ['a target between steps is reached from the step below', 'tirzepatide', 4, 6, [2.5, 5, 6, 6]],
    ['a target above the top is the top', 'tirzepatide', 7, 20, [2.5, 5, 7.5, 10, 12.5, 15, 15]],
    ['one fill', 'tirzepatide', 1, undefined, [2.5]],
  ])('%s', (_case, medication, fills, target, expected) => {
    expect(dosePath(medication, fills, target)).toEqual(expected);
  });

  it('refuses a maintenance dose of 0 mg', () => {
    expect(() => dosePath('tirzepatide', 3, 0)).toThrow(RangeError);
  });
});

describe('the total of each path (fees included, so the medication alone)', () => {
  it.each<['semaglutide' | 'tirzepatide', number, number]>([
    ['tirzepatide', 1, 279],
    ['tirzepatide', 3, 279 + 329 + 379 + 429],
    ['tirzepatide', 6, 279 + 329 + 379 + 429 + 469 + 499 + 499],
    ['tirzepatide', 12, 279 + 329 + 379 + 429 + 469 + 499 * 8],
    ['semaglutide', 1, 199],
    ['semaglutide', 3, 199 + 229 + 279 + 329],
    ['semaglutide', 6, 199 + 229 + 279 + 329 + 379 * 3],
    ['semaglutide', 12, 199 + 229 + 279 + 329 + 379 * 9],
  ])('%s over %i months costs $%i', (medication, months, total) => {
    const cost = allInCost({ offer: offer(medication), fees: NO_FEES, months });
    expect(cost.total).toBe(total);
    expect(cost.unknownItems).toEqual([]);
    expect(cost.stopsAtDoseMg).toBeNull();
  });

  it('counts 1 month as one fill and 12 months as 13 fills', () => {
    expect(allInCost({ offer: offer('tirzepatide'), fees: NO_FEES, months: 1 }).fills).toEqual([
      { fill: 1, week: 1, doseMg: 2.5, usd: 279, intro: false },
    ]);
    const year = allInCost({ offer: offer('tirzepatide'), fees: NO_FEES, months: 12 });
    expect([year.weeks, year.fills.length, year.fills.at(-1)]).toEqual([
      52,
      13,
      { fill: 13, week: 49, doseMg: 15, usd: 499, intro: false },
    ]);
  });

  it.each([[0], [13], [2.5]])('refuses %d months', (months) => {
    expect(() => allInCost({ offer: offer('tirzepatide'), fees: NO_FEES, months })).toThrow(
      RangeError,
    );
  });
});

describe('fees', () => {
  it('itemises medication, membership per month, one-time fees once and shipping per order', () => {
    const cost = allInCost({ offer: offer('tirzepatide'), fees: FEES, months: 6 });
    expect(cost.items).toEqual([
      {
        label: 'Medication',
        usd: 2883,
        note: '7 four-week fills, 2.5 mg to 15 mg',
      },
      { label: 'Membership fee', usd: 294, note: '$49 a month x 6' },
      { label: 'Labs fee', usd: 95 },
      { label: 'Shipping fee', usd: 70, note: '$10 an order x 7' },
    ]);
    expect(cost.total).toBe(2883 + 294 + 95 + 70);
    expect(cost.knownTotal).toBe(cost.total);
  });

  it.each<[string, Fees | null, string[], number]>([
    [
      'membership unknown',
      fees({ ...FEES, membership: { amount: { kind: 'unknown' } } }),
      ['Membership fee'],
      2883 + 95 + 70,
    ],
    [
      'labs fee unknown',
      fees({ ...FEES, oneTime: [{ name: 'labs', amount: { kind: 'unknown' } }] }),
      ['Labs fee'],
      2883 + 294 + 70,
    ],
    [
      'shipping unknown and a named fee unknown',
      fees({
        ...FEES,
        oneTime: [
          { name: 'consult', amount: { kind: 'included' } },
          { name: 'other', label: 'Starter kit', amount: { kind: 'unknown' } },
        ],
        shippingPerOrder: { kind: 'unknown' },
      }),
      ['Starter kit', 'Shipping fee'],
      2883 + 294,
    ],
    ['no fees entered at all', null, ['Membership fee', 'One-time fees', 'Shipping fee'], 2883],
    [
      'nothing said about fees (the schema default)',
      fees({}),
      ['Membership fee', 'Shipping fee'],
      2883,
    ],
  ])('%s: no total, the known part, and what is unknown', (_case, f, unknown, known) => {
    const cost = allInCost({ offer: offer('tirzepatide'), fees: f, months: 6 });
    expect(cost.total).toBeNull();
    expect(cost.unknownItems).toEqual(unknown);
    expect(cost.knownTotal).toBe(known);
  });

  it('an included fee counts as $0 and says so', () => {
    const cost = allInCost({ offer: offer('tirzepatide'), fees: NO_FEES, months: 3 });
    expect(cost.items.slice(1)).toEqual([
      { label: 'Membership fee', usd: 0, note: 'Included' },
      { label: 'Shipping fee', usd: 0, note: 'Included' },
    ]);
  });

  it('rounds to cents at the end only', () => {
    const cents = fees({
      membership: { amount: { kind: 'amount', usd: 33.33 } },
      shippingPerOrder: { kind: 'amount', usd: 0.1 },
    });
    const cost = allInCost({
      offer: offer('semaglutide', { prices: table({ '0.25 mg': 0.1, '0.5 mg': 0.2 }) }),
      fees: cents,
      months: 2,
      maintenanceDoseMg: 0.5,
    });
    // 3 fills: 0.1 + 0.2 + 0.2; membership 33.33 x 2; shipping 0.1 x 3.
    expect(cost.items.map((i) => i.usd)).toEqual([0.5, 66.66, 0.3]);
    expect(cost.total).toBe(67.46);
  });
});

describe('introductory prices', () => {
  it.each<[string, { monthly: number; months: number }, number, number[]]>([
    ['a first month at $99', { monthly: 99, months: 1 }, 99 + 329 + 379 + 429, [0]],
    ['two months at $99', { monthly: 99, months: 2 }, 99 + 99 + 379 + 429, [0, 1]],
    ['longer than the path', { monthly: 199, months: 6 }, 199 * 4, [0, 1, 2, 3]],
  ])('%s', (_case, intro, total, introFills) => {
    const cost = allInCost({ offer: offer('tirzepatide', { intro }), fees: NO_FEES, months: 3 });
    expect(cost.total).toBe(total);
    expect(cost.fills.flatMap((f, i) => (f.intro ? [i] : []))).toEqual(introFills);
    expect(cost.items[0]?.note).toContain('at the introductory price');
  });

  it('the all-in month at maintenance is at the regular price', () => {
    const cost = allInCost({
      offer: offer('tirzepatide', { intro: { monthly: 99, months: 1 } }),
      fees: FEES,
      months: 1,
    });
    expect([cost.total, cost.monthlyAllInAtMaintenance]).toEqual([
      99 + 49 + 95 + 10,
      499 + 49 + 10,
    ]);
  });
});

describe('plans vs monthly', () => {
  const monthly6 = 2883;
  it.each<[string, { months: number; total: number }[], number, number | null]>([
    ['a cheaper plan of exactly the months', [{ months: 6, total: 2500 }], 2500, 6],
    ['a dearer plan of exactly the months', [{ months: 6, total: 3000 }], monthly6, null],
    [
      'a plan of the same price: monthly (no commitment)',
      [{ months: 6, total: monthly6 }],
      monthly6,
      null,
    ],
    ['a shorter plan does not cover the months', [{ months: 3, total: 900 }], monthly6, null],
    [
      'no exact plan: the cheapest longer one',
      [
        { months: 12, total: 2800 },
        { months: 9, total: 2850 },
      ],
      2800,
      12,
    ],
    [
      'an exact plan is preferred to a longer one',
      [
        { months: 12, total: 2700 },
        { months: 6, total: 2800 },
      ],
      2800,
      6,
    ],
    [
      'the exact plan, dearer than monthly, is not used',
      [
        { months: 12, total: 2700 },
        { months: 6, total: 2900 },
      ],
      monthly6,
      null,
    ],
  ])('%s', (_case, plans, medication, planMonths) => {
    const cost = allInCost({ offer: offer('tirzepatide', { plans }), fees: FEES, months: 6 });
    expect(cost.items[0]?.usd).toBe(medication);
    expect(cost.plan?.months ?? null).toBe(planMonths);
    expect(cost.total).toBe(medication + 294 + 95 + 70);
  });

  it('notes what monthly pricing would cost next to the plan', () => {
    const cost = allInCost({
      offer: offer('tirzepatide', { plans: [{ months: 12, total: 2800 }] }),
      fees: FEES,
      months: 6,
    });
    expect(cost.items[0]).toEqual({
      label: 'Medication',
      usd: 2800,
      note: '12-month plan, covering more than the 6 months (monthly would be $2,883)',
    });
  });

  it('a plan replaces the introductory price too', () => {
    const cost = allInCost({
      offer: offer('tirzepatide', {
        intro: { monthly: 99, months: 1 },
        plans: [{ months: 3, total: 1200 }],
      }),
      fees: NO_FEES,
      months: 3,
    });
    // Monthly with the intro: 99 + 329 + 379 + 429 = 1236 > 1200.
    expect([cost.total, cost.plan]).toEqual([1200, { months: 3, total: 1200 }]);
  });

  it('planForMonths picks no plan when none covers the months', () => {
    expect(planForMonths([{ months: 3, total: 900 }], 6)).toBeNull();
  });
});

describe('a dose on the path without a price', () => {
  /** Prices up to 10 mg only (the demo's Placeholder Health Partners). */
  const toTen = () =>
    offer('tirzepatide', {
      prices: table({ '2.5mg': 299, '5mg': 349, '7.5mg': 399, '10mg': 449 }),
    });

  it.each<[string, number, number | undefined, number | null, number | null]>([
    ['6 months to the top stop at 12.5 mg', 6, undefined, 12.5, null],
    ['12 months to the top stop at 12.5 mg', 12, undefined, 12.5, null],
    ['3 months never reach 12.5 mg', 3, undefined, null, 299 + 349 + 399 + 449],
    ['held at 10 mg, 6 months are priced', 6, 10, null, 299 + 349 + 399 + 449 * 4],
    ['held at 6 mg (no such price) stop at 6 mg', 6, 6, 6, null],
  ])('%s', (_case, months, target, stopsAt, total) => {
    const cost = allInCost({
      offer: toTen(),
      fees: NO_FEES,
      months,
      ...(target === undefined ? {} : { maintenanceDoseMg: target }),
    });
    expect(cost.stopsAtDoseMg).toBe(stopsAt);
    expect(cost.total).toBe(total);
  });

  it('says where, and counts the medication as unknown', () => {
    const cost = allInCost({ offer: toTen(), fees: FEES, months: 6 });
    expect(cost.items[0]).toEqual({
      label: 'Medication',
      usd: null,
      note: 'No price for 12.5 mg, a dose on the path',
    });
    expect(cost.unknownItems).toEqual(['Medication']);
    expect(cost.knownTotal).toBe(294 + 95 + 70);
    expect(cost.monthlyAllInAtMaintenance).toBeNull();
  });

  it('names a missing first dose as such: the gap is at the start, not where prices stop', () => {
    // Priced from 0.5 mg (the demo's Fictional Metabolic Clinic): the label's path starts at 0.25.
    const cost = allInCost({
      offer: offer('semaglutide', { prices: table({ '0.5mg': 289, '1mg': 329 }) }),
      fees: FEES,
      months: 3,
    });
    expect(cost.stopsAtDoseMg).toBe(0.25);
    expect(cost.items[0]?.note).toBe('No price for 0.25 mg, a dose on the path');
    expect(cost.total).toBeNull();
  });

  it('a plan covering the months still prices them (the gap is still reported)', () => {
    const cost = allInCost({
      offer: offer('tirzepatide', {
        prices: table({ '2.5mg': 299, '5mg': 349, '7.5mg': 399, '10mg': 449 }),
        plans: [{ months: 6, total: 2900 }],
      }),
      fees: NO_FEES,
      months: 6,
    });
    expect([cost.total, cost.stopsAtDoseMg]).toEqual([2900, 12.5]);
    expect(cost.items[0]?.note).toBe('6-month plan (no monthly price for 12.5 mg)');
  });
});

describe('a maintenance dose below the top', () => {
  it.each<['semaglutide' | 'tirzepatide', number, number, number, number]>([
    ['tirzepatide', 7.5, 6, 279 + 329 + 379 * 5, 379 + 49 + 10],
    ['tirzepatide', 2.5, 3, 279 * 4, 279 + 49 + 10],
    ['semaglutide', 1, 12, 199 + 229 + 279 * 11, 279 + 49 + 10],
    ['semaglutide', 1.7, 1, 199, 329 + 49 + 10],
  ])('%s held at %d mg over %i months', (medication, target, months, medicationTotal, monthly) => {
    const cost = allInCost({
      offer: offer(medication),
      fees: FEES,
      months,
      maintenanceDoseMg: target,
    });
    expect(cost.maintenanceDoseMg).toBe(target);
    expect(cost.items[0]?.usd).toBe(medicationTotal);
    expect(cost.monthlyAllInAtMaintenance).toBe(monthly);
  });

  it('two labels of one dose (an upcast table): the lower price counts', () => {
    const upcast: Offer = {
      ...offer('tirzepatide'),
      prices: [
        { dose: '2.5mg', monthly: 300 },
        { dose: '2.5 mg', monthly: 279 },
        { dose: 'starter kit', monthly: 1 },
      ],
    };
    const cost = allInCost({ offer: upcast, fees: NO_FEES, months: 1 });
    expect(cost.total).toBe(279);
  });
});
