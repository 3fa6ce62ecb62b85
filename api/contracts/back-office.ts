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
}

export const BACK_OFFICE_PATHS = {
  dashboard: '/api/admin/dashboard',
  audit: '/api/admin/audit',
} as const;
