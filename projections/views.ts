/** The platform's read models (the audit log, the dashboard counts) and shared helpers. */
import type { Document } from './read-store/port';

export const PLATFORM_COLLECTIONS = {
  dashboardCounts: 'dashboard_counts',
  auditLog: 'audit_log',
  auditSubjects: 'audit_subjects',
} as const;

export const DASHBOARD_COUNTS_ID = 'counts';

/** One field's value before and after an event (undefined before: not known to the log). */
export interface AuditChange {
  field: string;
  before?: unknown;
  after?: unknown;
  /**
   * How the values read: 'usdPerDose' for a dose -> monthly price table ('$199'); 'words' for
   * values already in words (a group of facts: the field is the line's label, not a field of
   * the form, so there is nothing to revert it to on its own).
   */
  kind?: AuditValueKind;
}

/** The kinds of value the audit log formats by (absent: as text). */
export type AuditValueKind = 'usd' | 'usdPerDose' | 'words';

/** AuditEntryView; `_id` is the event id. */
/** `_id`: the event's position zero-padded (positionSortKey), so text order is log order. */
export type AuditEntryDoc = Document & {
  position: string;
  occurredAt: string;
  actor: { kind: 'admin' | 'visitor' | 'system'; id: string; email?: string };
  eventType: string;
  summary: string;
  subject: { kind: string; id: string; name: string };
  changedFields: string[];
  /** Each changed field's value before and after the event, where the log knew it. */
  changes?: AuditChange[];
};

/** Positions are decimal strings of any length; padded they sort as text in any store. */
export const POSITION_SORT_KEY_LENGTH = 40;
export const positionSortKey = (position: bigint): string =>
  position.toString().padStart(POSITION_SORT_KEY_LENGTH, '0');
