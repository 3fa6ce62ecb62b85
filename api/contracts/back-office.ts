/** Shapes of the back office's generic screens: the dashboard counts and the audit log. */

/**
 * GET /api/admin/dashboard: each capability's counters by name ('providers', 'subscriptions',
 * ...). A counter nothing has moved yet is absent: read it as 0.
 */
export type DashboardCountsView = Record<string, number>;

/** One line of the audit history: who did what, when, to which item, with the changed fields. */
export interface AuditEntryView {
  _id: string;
  position: string;
  occurredAt: string;
  actor: { kind: 'admin' | 'visitor' | 'system'; id: string; email?: string };
  eventType: string;
  summary: string;
  subject: { kind: string; id: string; name: string };
  changedFields: string[];
  /** Before -> after per changed field (before absent: the log did not know it). */
  changes?: {
    field: string;
    before?: unknown;
    after?: unknown;
    /**
     * How the values read: 'usd' an amount, 'usdPerDose' a dose -> monthly price table, 'words'
     * already in words (a line of a group of facts, revertible only through the form).
     */
    kind?: 'usd' | 'usdPerDose' | 'words';
  }[];
}

/** GET /api/admin/audit/page: one page, newest first, and the cursor of the next. */
export interface AuditPageView {
  entries: AuditEntryView[];
  nextCursor: string | null;
}

/** The audit log's filters, as query parameters of the page and the CSV export. */
export interface AuditFilters {
  kind?: string;
  actor?: string;
  subjectId?: string;
  /** ISO instants (the browser turns the administrator's dates into them in their zone). */
  from?: string;
  to?: string;
}

export const BACK_OFFICE_PATHS = {
  dashboard: '/api/admin/dashboard',
  /** GET ?limit=&subjectId=: the last entries (array). */
  audit: '/api/admin/audit',
  /** GET ?kind=&actor=&subjectId=&from=&to=&cursor=&limit=: AuditPageView. */
  auditPage: '/api/admin/audit/page',
  /** GET the same filters as CSV, every matching entry, streamed. */
  auditCsv: '/api/admin/audit.csv',
} as const;
