/**
 * The back office's click report: per day totals and one row per provider over a range of
 * UTC days, every day present (0 when nobody clicked), providers by clicks (most first).
 */
import type { ClickCount } from './rules';

/** The back office's report covers the last 90 days (today included). */
export const CLICK_HISTORY_DAYS = 90;
/** The dashboard's 'Clicks this week': the last 7 UTC days, today included. */
export const CLICK_WEEK_DAYS = 7;

export interface ClickReportProvider {
  providerId: string;
  /** The provider's name, or 'Removed provider' when it is no longer known. */
  name: string;
  total: number;
  /** Clicks on each day of the report's `days`, in the same order. */
  byDay: number[];
}

export interface ClickReport {
  /** The UTC days covered, oldest first. */
  days: string[];
  /** Every provider's clicks on each day, aligned with `days`. */
  totals: number[];
  total: number;
  providers: ClickReportProvider[];
}

export const UNKNOWN_PROVIDER_NAME = 'Removed provider';

export function clickReport(
  days: readonly string[],
  counts: readonly ClickCount[],
  nameOf: (providerId: string) => string | undefined,
): ClickReport {
  const index = new Map(days.map((day, i) => [day, i]));
  const totals = days.map(() => 0);
  const rows = new Map<string, ClickReportProvider>();
  for (const count of counts) {
    const i = index.get(count.day);
    if (i === undefined || count.clicks <= 0) continue;
    let row = rows.get(count.providerId);
    if (!row) {
      row = {
        providerId: count.providerId,
        name: nameOf(count.providerId) ?? UNKNOWN_PROVIDER_NAME,
        total: 0,
        byDay: days.map(() => 0),
      };
      rows.set(count.providerId, row);
    }
    row.byDay[i] = (row.byDay[i] ?? 0) + count.clicks;
    row.total += count.clicks;
    totals[i] = (totals[i] ?? 0) + count.clicks;
  }
  const providers = [...rows.values()].sort(
    (a, b) => b.total - a.total || a.name.localeCompare(b.name),
  );
  return { days: [...days], totals, total: totals.reduce((a, b) => a + b, 0), providers };
}

/** The CSV export's rows: provider, date, clicks; only days with clicks, by date then name. */
export function clickCsvRows(report: ClickReport): Array<[string, string, number]> {
  const rows: Array<[string, string, number]> = [];
  report.days.forEach((day, i) => {
    const named = report.providers
      .filter((p) => (p.byDay[i] ?? 0) > 0)
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const provider of named) rows.push([provider.name, day, provider.byDay[i] ?? 0]);
  });
  return rows;
}

export const CLICK_CSV_HEADER = ['provider', 'date', 'clicks'] as const;
