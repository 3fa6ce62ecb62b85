/**
 * The newsletter screens' words and small rules, kept apart from the components so they read
 * (and are tested) as tables: an issue's status, the send confirmation, a subscriber's
 * 'Inactive since …' line, and the schedule field's local time <-> ISO conversion.
 */
import { formatCount, formatDate } from '../../lib/format';
import type { InactiveHow } from '../../../api/newsletter/contracts';
import type { IssueStatus } from './api/admin-newsletter';

export const ISSUE_STATUS_LABELS: Readonly<Record<IssueStatus, string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** '1 subscriber', '2,400 subscribers'. */
export function subscriberCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'subscriber' : 'subscribers'}`;
}

/** The question of the 'Send now' confirmation, naming the issue and its recipients. */
export function sendQuestion(subject: string, recipients: number): string {
  return `Send “${subject}” to ${subscriberCount(recipients)} now?`;
}

/** What the subscriber list says of an inactive subscriber: since when and how. */
export function inactiveLine(row: {
  inactiveAt?: string;
  inactiveHow?: InactiveHow;
  inactiveReason?: string;
  bounces: number;
}): string {
  const since = formatDate(row.inactiveAt);
  const head = since ? `Inactive since ${since}` : 'Inactive';
  switch (row.inactiveHow) {
    case 'link':
      return `${head} — unsubscribed by link`;
    case 'administrator':
      return row.inactiveReason
        ? `${head} — by an administrator: ${row.inactiveReason}`
        : `${head} — by an administrator`;
    case 'bounces':
      return `${head} — ${formatCount(Math.max(row.bounces, 2))} bounces`;
    default:
      // Unsubscribed before the how was recorded (older logs): the date, if known, only.
      return head;
  }
}

/** Whether the list shows the 'Bouncing' badge: one permanent refusal, still active. */
export const isBouncing = (row: { active: boolean; bounces: number }): boolean =>
  row.active && row.bounces === 1;

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-23T18:05:00.000Z' -> '2026-11-23T19:05' in the browser's zone (datetime-local). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export const SCHEDULE_MESSAGES = {
  required: 'Send time is required: choose the date and time to send at.',
  invalid: 'Send time must be a date and time.',
  past: 'Send time must be in the future.',
} as const;

/** A datetime-local value (the administrator's zone) as the ISO instant, or why it cannot be. */
export function scheduleAt(
  local: string,
  now: Date = new Date(),
): { ok: true; sendAt: string } | { ok: false; error: string } {
  if (!local.trim()) return { ok: false, error: SCHEDULE_MESSAGES.required };
  // A datetime-local value has no zone: Date reads 'YYYY-MM-DDTHH:mm' as local time.
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local) ? new Date(local) : null;
  if (!at || Number.isNaN(at.getTime())) return { ok: false, error: SCHEDULE_MESSAGES.invalid };
  if (at.getTime() <= now.getTime()) return { ok: false, error: SCHEDULE_MESSAGES.past };
  return { ok: true, sendAt: at.toISOString() };
}

export interface IssueFormValues {
  subject: string;
  preheader: string;
  bodyHtml: string;
}

export const ISSUE_FORM_MESSAGES = {
  subjectRequired: 'Subject is required.',
  subjectOneLine: 'Subject must be one line.',
  subjectTooLong: 'Subject must be at most 150 characters.',
  preheaderOneLine: 'Preheader must be one line.',
  preheaderTooLong: 'Preheader must be at most 200 characters.',
  bodyRequired: 'Body is required: write the issue or compose it.',
} as const;

/**
 * The browser's first check of an issue (the server's rules decide: its 400 names the field the
 * same way). An editor's empty document is '' or an empty paragraph.
 */
export function issueFormErrors(values: IssueFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const M = ISSUE_FORM_MESSAGES;
  const subject = values.subject.trim();
  if (!subject) errors.subject = M.subjectRequired;
  else if (/[\r\n]/.test(subject)) errors.subject = M.subjectOneLine;
  else if (subject.length > 150) errors.subject = M.subjectTooLong;
  const preheader = values.preheader.trim();
  if (/[\r\n]/.test(preheader)) errors.preheader = M.preheaderOneLine;
  else if (preheader.length > 200) errors.preheader = M.preheaderTooLong;
  const text = values.bodyHtml.replace(/<[^>]*>/g, '').trim();
  if (!text && !/<img\b/i.test(values.bodyHtml)) errors.bodyHtml = M.bodyRequired;
  return errors;
}

/** The values as sent: subject and preheader trimmed. */
export function issueBody(values: IssueFormValues): IssueFormValues {
  return {
    subject: values.subject.trim(),
    preheader: values.preheader.trim(),
    bodyHtml: values.bodyHtml,
  };
}

/**
 * What the 'Sending is turned off' notice says about the postal-address footer beside its link to
 * it: null (no link) when the footer is set; '' (the link alone) when the reason is the footer;
 * a sentence when the mail server is missing too, since the reason then names only the server
 * (an administrator would otherwise set SMTP_URL, restart, and only then meet the footer).
 */
export function footerNote(mailing: {
  smtpConfigured: boolean;
  footerMissing: boolean;
}): string | null {
  if (!mailing.footerMissing) return null;
  return mailing.smtpConfigured
    ? ''
    : 'Every message must also carry your postal address (CAN-SPAM), and none is set.';
}

/** Why 'Send now', 'Schedule' and 'Send a test to me' cannot be used, or null when they can. */
export function sendBlockedReason(state: {
  mailingReason: string | null;
  dirty: boolean;
  recipients: number;
}): string | null {
  if (state.mailingReason) return state.mailingReason;
  if (state.dirty) return 'Save your changes first: the issue is sent as last saved.';
  return null;
}

/** Why 'Send now' in particular cannot be used (nobody to send to), after the shared reasons. */
export function sendNowBlockedReason(state: {
  mailingReason: string | null;
  dirty: boolean;
  recipients: number;
}): string | null {
  return (
    sendBlockedReason(state) ??
    (state.recipients === 0
      ? 'There is nobody to send this issue to: no active subscriber receives the weekly issue.'
      : null)
  );
}
