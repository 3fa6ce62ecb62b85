/** Outbound clicks: the redirect's path and the back office's report, shared with web/. */
import type { ClickReport } from '../../domain/clicks/report';

export type { ClickReport as ClickReportView } from '../../domain/clicks/report';
export { CLICK_HISTORY_DAYS, CLICK_WEEK_DAYS } from '../../domain/clicks/report';

/** GET /api/admin/clicks?days=N: the last N UTC days (today included), N from 1 to 90. */
export type ClickReportAnswer = ClickReport;

export const CLICK_PATHS = {
  /** GET: 302 to the provider's affiliate URL, the click counted. Public. */
  goPattern: '/go/:slug',
  /** GET the report (?days=1..90, default 90). Admin. */
  adminReport: '/api/admin/clicks',
  /** GET the report as CSV: provider, date, clicks. Admin. */
  adminCsv: '/api/admin/clicks.csv',
} as const;
