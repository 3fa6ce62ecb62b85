/** Display formats for numbers and dates: units always shown, US English. */

/** "$249" (whole dollars) or "$249.50": the domain's rule, re-exported for components. */
export { formatUsd } from '../../domain/shared/format';

/** A public Vial Score out of 5, always one decimal: "4.6". */
export function formatScore(outOf5: number): string {
  return outOf5.toFixed(1);
}

/** "Nov 2026" from an ISO date; null when the date is missing or invalid. UTC so server and browser agree. */
export function formatMonthYear(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return MONTH_YEAR.format(date);
}

/** "Nov 23, 2026" from an ISO date; null when missing or invalid. UTC so server and browser agree. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return DAY.format(date);
}

// Formatters are costly to build and immutable: one of each for the whole app.
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const COUNT = new Intl.NumberFormat('en-US');

/** "24,312" */
export function formatCount(value: number): string {
  return COUNT.format(value);
}
