/**
 * The provider form's notices (issue 27): which doses a new provider would save without a
 * price, and when a public score that differs from the pending one changes.
 */
import { describe, expect, it } from 'vitest';
import {
  unpricedDoses,
  unpricedDosesMessage,
} from '../../../web/features/providers/unpriced-doses';
import {
  nextMonthlyRecomputation,
  publicScoreChangesMessage,
} from '../../../web/features/providers/score-schedule';

const rows = (...pairs: [string, string][]) => pairs.map(([dose, price]) => ({ dose, price }));

describe('unpriced doses before Create', () => {
  it.each([
    ['no rows', rows(), rows(), null],
    ['every dose priced', rows(['0.25mg', '199']), rows(['2.5mg', '299']), null],
    ['an empty row (no dose, no price)', rows(['', '']), rows(), null],
    [
      'one tirzepatide dose',
      rows(),
      rows(['2.5mg', '']),
      '2.5 mg has no price: it will not be shown to visitors. Add a price or remove the dose.',
    ],
    [
      "'Add standard doses' with two left empty",
      rows(),
      rows(['2.5mg', ''], ['5mg', ' '], ['7.5mg', '349']),
      '2.5 mg, 5 mg have no price: they will not be shown to visitors. Add prices or remove the doses.',
    ],
    [
      'doses of both medications',
      rows(['0.25mg', '']),
      rows(['2.5mg', '']),
      'Semaglutide 0.25 mg, Tirzepatide 2.5 mg have no price: they will not be shown to visitors. Add prices or remove the doses.',
    ],
    [
      'a label typed without mg',
      rows(['starter', '']),
      rows(),
      'starter has no price: it will not be shown to visitors. Add a price or remove the dose.',
    ],
  ])('%s', (_, semaglutide, tirzepatide, message) => {
    expect(unpricedDosesMessage(unpricedDoses({ semaglutide, tirzepatide }))).toBe(message);
  });

  it('points at each unpriced row, to focus its price', () => {
    expect(
      unpricedDoses({ semaglutide: rows(['0.25mg', '199'], ['0.5mg', '']), tirzepatide: [] }),
    ).toEqual([{ medication: 'semaglutide', index: 1, label: '0.5 mg' }]);
  });
});

describe('when the public score changes', () => {
  it.each([
    ['mid-month', '2026-11-26T11:00:00Z', '2026-12-01T06:00:00.000Z'],
    ['on the 1st before the run', '2026-12-01T05:59:00Z', '2026-12-01T06:00:00.000Z'],
    ['on the 1st after the run', '2026-12-01T06:00:00Z', '2027-01-01T06:00:00.000Z'],
    ['in December', '2026-12-15T00:00:00Z', '2027-01-01T06:00:00.000Z'],
  ])('%s: the next monthly recomputation', (_, now, next) => {
    expect(nextMonthlyRecomputation(new Date(now)).toISOString()).toBe(next);
  });

  it('says so beside the scores, with the day', () => {
    expect(publicScoreChangesMessage(new Date('2026-11-26T11:00:00Z'))).toBe(
      'The public score changes at the next monthly recomputation (on December 1, 2026) or with Recompute now.',
    );
  });
});
