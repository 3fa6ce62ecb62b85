/** The history series' rules: when a price point or a score point is added. */
import { describe, expect, it } from 'vitest';
import {
  HISTORY_MAX_POINTS,
  startingPricesOf,
  withPrices,
  withScore,
  type PricePoint,
} from '../../../domain/providers/history';

const T1 = '2025-01-01T00:00:00.000Z';
const T2 = '2025-02-01T00:00:00.000Z';
const point = (at: string, semaglutide: number | null, tirzepatide: number | null): PricePoint => ({
  at,
  semaglutide,
  tirzepatide,
});

describe('price history', () => {
  it.each([
    [
      'first prices: a point',
      [],
      { semaglutide: { '0.5mg': 249, '0.25mg': 199 } },
      [point(T2, 199, null)],
    ],
    ['listing without prices: no point', [], {}, []],
    [
      'same starting prices again: no point',
      [point(T1, 199, null)],
      { semaglutide: { '0.25mg': 199 } },
      [point(T1, 199, null)],
    ],
    [
      'a dose that is not the lowest changes: no point',
      [point(T1, 199, null)],
      { semaglutide: { '0.25mg': 199, '1mg': 999 } },
      [point(T1, 199, null)],
    ],
    [
      'the starting price changes: a point',
      [point(T1, 199, null)],
      { semaglutide: { '0.25mg': 179 } },
      [point(T1, 199, null), point(T2, 179, null)],
    ],
    [
      'a second medication priced: a point',
      [point(T1, 199, null)],
      { semaglutide: { '0.25mg': 199 }, tirzepatide: { '2.5mg': 299 } },
      [point(T1, 199, null), point(T2, 199, 299)],
    ],
    [
      'every price removed: a point without prices',
      [point(T1, 199, null)],
      {},
      [point(T1, 199, null), point(T2, null, null)],
    ],
    [
      'uncountable prices are not prices',
      [],
      { semaglutide: { '0.25mg': Number.NaN, starter: 99 } },
      [],
    ],
  ])('%s', (_case, series, prices, expected) => {
    expect(withPrices(series, T2, prices)).toEqual(expected);
  });

  it('reads each medication’s lowest entered price', () => {
    expect(
      startingPricesOf({ semaglutide: { '1mg': 299, '0.25 mg': 199 }, tirzepatide: {} }, T1),
    ).toEqual(point(T1, 199, null));
  });

  it(`keeps the newest ${HISTORY_MAX_POINTS} points`, () => {
    let series: PricePoint[] = [];
    for (let i = 1; i <= HISTORY_MAX_POINTS + 5; i++) {
      series = withPrices(series, new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(), {
        semaglutide: { '0.25mg': i },
      });
    }
    expect(series).toHaveLength(HISTORY_MAX_POINTS);
    expect(series[0]?.semaglutide).toBe(6);
  });
});

describe('score history', () => {
  it('adds every published score with its method version', () => {
    const first = withScore([], { at: T1, month: '2025-01', outOf5: 3.1, methodVersion: '1.0' });
    const second = withScore(first, { at: T2, month: '2025-02', outOf5: 3.4, methodVersion: null });
    expect(second).toEqual([
      { at: T1, month: '2025-01', outOf5: 3.1, methodVersion: '1.0' },
      { at: T2, month: '2025-02', outOf5: 3.4, methodVersion: null },
    ]);
  });
});
