/**
 * Price history and score history, as the provider page charts them: per provider, each ladder
 * medication's starting price (its lowest entered monthly price) over time, and the published
 * Vial Score over time with the method version that computed it. Pure rules: the projection
 * (projections/providers/history.ts) folds the events through them. No zod (the browser
 * imports the types).
 *
 * - A price point is added when an event sets prices (listing, price change, restore) and a
 *   medication's starting price differs from the last point; entering the same prices again,
 *   or changing a dose that is not the lowest, adds nothing. A listing without prices adds
 *   no point (there is nothing to chart); removing every price adds a point with no prices.
 * - A score point is added for every published score (VialScoreRecomputed).
 * - Each series keeps its newest HISTORY_MAX_POINTS points.
 */
import { lowestPrice, type LadderMedication } from '../shared/prices';
import type { ProviderPrices } from './provider';

export const HISTORY_MAX_POINTS = 120;

/** Starting price of each ladder medication at one time; null when it has no entered price. */
export interface PricePoint {
  at: string;
  semaglutide: number | null;
  tirzepatide: number | null;
}

export interface ScorePoint {
  at: string;
  /** The month the score was published for ('YYYY-MM'). */
  month: string;
  outOf5: number;
  /** The Vial Score method version that computed it; null on events from before versions were recorded. */
  methodVersion: string | null;
}

export interface ProviderHistory {
  prices: PricePoint[];
  scores: ScorePoint[];
}

export const HISTORY_MEDICATIONS: readonly LadderMedication[] = ['semaglutide', 'tirzepatide'];

export function emptyHistory(): ProviderHistory {
  return { prices: [], scores: [] };
}

/** Each ladder medication's starting price in `prices`. */
export function startingPricesOf(
  prices: Partial<ProviderPrices> | null | undefined,
  at: string,
): PricePoint {
  return {
    at,
    semaglutide: lowestPrice(prices?.semaglutide),
    tirzepatide: lowestPrice(prices?.tirzepatide),
  };
}

const keepNewest = <T>(points: T[]): T[] =>
  points.length > HISTORY_MAX_POINTS ? points.slice(points.length - HISTORY_MAX_POINTS) : points;

/**
 * The point setting prices at `at` adds to the series, or null when it adds none (see the
 * module comment: the starting prices did not move, or a first listing has none).
 */
export function pricePointAdded(
  series: readonly PricePoint[],
  at: string,
  prices: Partial<ProviderPrices> | null | undefined,
): PricePoint | null {
  const point = startingPricesOf(prices, at);
  const last = series[series.length - 1];
  if (!last) return point.semaglutide === null && point.tirzepatide === null ? null : point;
  const same = last.semaglutide === point.semaglutide && last.tirzepatide === point.tirzepatide;
  return same ? null : point;
}

/** The series after prices were set at `at` (see the module comment for when a point is added). */
export function withPrices(
  series: readonly PricePoint[],
  at: string,
  prices: Partial<ProviderPrices> | null | undefined,
): PricePoint[] {
  const point = pricePointAdded(series, at, prices);
  return point ? keepNewest([...series, point]) : [...series];
}

/**
 * `point` appended to a series nobody else holds, in place, keeping the newest
 * HISTORY_MAX_POINTS (withPrices and withScore copy the series; a replay's own documents
 * need not).
 */
export function appendNewest<T>(series: T[], point: T): void {
  series.push(point);
  if (series.length > HISTORY_MAX_POINTS) series.splice(0, series.length - HISTORY_MAX_POINTS);
}

/** The series after a score was published at `at`. */
export function withScore(series: readonly ScorePoint[], point: ScorePoint): ScorePoint[] {
  return keepNewest([...series, point]);
}

/** The price points of one medication that have a price, for its line. */
export function medicationSeries(
  series: readonly PricePoint[],
  medication: LadderMedication,
): { at: string; value: number | null }[] {
  return series.map((p) => ({ at: p.at, value: p[medication] }));
}
