/**
 * The newsletter issue's decider (`newsletter-issue-{id}`) and its archive address's
 * reservation (`newsletterslug-{slug}`).
 *
 *   Draft          absent -> Drafted; any other -> 'already exists'.
 *   Edit           draft or scheduled -> Edited; sending, sent, cancelled -> refused, naming it.
 *   Schedule       draft or scheduled, sendAt in the future -> Scheduled.
 *   Unschedule     scheduled -> Unscheduled; a draft -> nothing (already unscheduled).
 *   StartSending   draft or scheduled, recipients > 0 -> SendingStarted; sending -> nothing
 *                  (a resumed send after a restart).
 *   FinishSending  sending -> Sent; sent -> nothing (a resumed send finishing twice).
 *   Cancel         draft or scheduled -> Cancelled; cancelled -> nothing.
 *
 * Commands arrive validated (subject, preheader, sanitised body: commands/newsletter): the
 * decider checks what needs the history and the time.
 */
import { DecisionError, decisionErrors, type Decider } from '../shared/decider';
import { reservation, type ReservationCommand, type ReservationState } from '../shared/reservation';
import { slugify } from '../blog';
import type { IssueComposer, NewsletterIssueEvent, NewsletterSlugEvent } from './issue-events';

/** What an issue may hold (spec of issue 26): one-line subject and preheader, a body. */
export const ISSUE_LIMITS = { subject: 150, preheader: 200, bodyHtml: 200_000 } as const;
/** The subject's part of an archive address, at most this long (cut at a hyphen). */
const SLUG_SUBJECT_MAX = 80;

/**
 * The archive address: `{periodTo yyyy-mm-dd}-{slugified subject}` ('2026-11-23-3-price-drops');
 * a subject with no letter or digit reads as 'issue'.
 */
export function issueSlug(periodTo: string, subject: string): string {
  let words = slugify(subject);
  if (words.length > SLUG_SUBJECT_MAX) {
    const cut = words.slice(0, SLUG_SUBJECT_MAX);
    const hyphen = cut.lastIndexOf('-');
    words = hyphen > 0 ? cut.slice(0, hyphen) : cut;
  }
  return `${periodTo.slice(0, 10)}-${words || 'issue'}`;
}

export const ISSUE_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** How a status reads in a sentence ('This issue is already sent…'). */
export const ISSUE_STATUS_WORDS: Readonly<Record<IssueStatus, string>> = {
  draft: 'a draft',
  scheduled: 'scheduled',
  sending: 'being sent',
  sent: 'already sent',
  cancelled: 'cancelled',
};

export const ISSUE_MESSAGES = {
  notFound: 'Newsletter issue not found',
  exists: 'A newsletter issue with this id already exists.',
  slugTaken:
    'Another issue of the same week already has this subject. Change the subject and try again.',
  sendAtPast: 'The send time must be in the future.',
  nobody: 'There is nobody to send this issue to',
  /** 'This issue is already sent, so it can no longer be edited.' */
  wrongStatus: (status: IssueStatus, action: string) =>
    `This issue is ${ISSUE_STATUS_WORDS[status]}, so it can no longer be ${action}.`,
} as const;

export const issueErrors = decisionErrors({
  issue_not_found: ISSUE_MESSAGES.notFound,
  issue_exists: ISSUE_MESSAGES.exists,
  issue_slug_taken: ISSUE_MESSAGES.slugTaken,
  issue_send_at_past: ISSUE_MESSAGES.sendAtPast,
  issue_without_recipients: ISSUE_MESSAGES.nobody,
  // The message names the status and the action (wrongStatus); this one is its fallback.
  issue_wrong_status: 'This issue can no longer be changed.',
});
export type IssueErrorCode = keyof typeof issueErrors.messages;

/** HTTP statuses of the refusals (an unlisted code answers 409). */
export const ISSUE_DECISION_STATUS: Record<string, number> = {
  issue_not_found: 404,
  issue_send_at_past: 400,
  issue_without_recipients: 409,
};

export type IssueState =
  | { status: 'absent' }
  | { status: IssueStatus; issueId: string; slug: string; sendAt: string | null };

export const initialIssueState: IssueState = { status: 'absent' };

export interface IssueContent {
  subject: string;
  preheader: string;
  /** Sanitised HTML, not empty. */
  bodyHtml: string;
}

export type IssueCommand =
  | ({
      type: 'DraftNewsletterIssue';
      issueId: string;
      slug: string;
      periodFrom: string;
      periodTo: string;
      composedBy: IssueComposer;
    } & IssueContent)
  | ({ type: 'EditNewsletterIssue'; issueId: string } & IssueContent)
  | { type: 'ScheduleNewsletterIssue'; issueId: string; sendAt: string }
  | { type: 'UnscheduleNewsletterIssue'; issueId: string }
  | { type: 'StartSendingNewsletterIssue'; issueId: string; recipients: number }
  | {
      type: 'FinishSendingNewsletterIssue';
      issueId: string;
      recipients: number;
      sent: number;
      failed: number;
      bounced: number;
    }
  | { type: 'CancelNewsletterIssue'; issueId: string };

export function evolveIssue(state: IssueState, event: NewsletterIssueEvent): IssueState {
  if (event.type === 'NewsletterIssueDrafted') {
    const { issueId, slug } = event.data;
    return { status: 'draft', issueId, slug, sendAt: null };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'NewsletterIssueEdited':
      return state;
    case 'NewsletterIssueScheduled':
      return { ...state, status: 'scheduled', sendAt: event.data.sendAt };
    case 'NewsletterIssueUnscheduled':
      return { ...state, status: 'draft', sendAt: null };
    case 'NewsletterIssueSendingStarted':
      return { ...state, status: 'sending' };
    case 'NewsletterIssueSent':
      return { ...state, status: 'sent' };
    case 'NewsletterIssueCancelled':
      return { ...state, status: 'cancelled', sendAt: null };
  }
}

const open = (status: IssueStatus) => status === 'draft' || status === 'scheduled';

function refuse(status: IssueStatus, action: string): never {
  throw new DecisionError<IssueErrorCode>(
    'issue_wrong_status',
    ISSUE_MESSAGES.wrongStatus(status, action),
  );
}

export function decideIssue(
  command: IssueCommand,
  state: IssueState,
  now: Date,
): NewsletterIssueEvent[] {
  if (command.type === 'DraftNewsletterIssue') {
    if (state.status !== 'absent') issueErrors.fail('issue_exists');
    const { type: _type, ...data } = command;
    return [{ type: 'NewsletterIssueDrafted', data }];
  }
  if (state.status === 'absent') return issueErrors.fail('issue_not_found');
  const { issueId, status } = state;
  switch (command.type) {
    case 'EditNewsletterIssue': {
      if (!open(status)) refuse(status, 'edited');
      const { subject, preheader, bodyHtml } = command;
      return [{ type: 'NewsletterIssueEdited', data: { issueId, subject, preheader, bodyHtml } }];
    }
    case 'ScheduleNewsletterIssue':
      if (!open(status)) refuse(status, 'scheduled');
      if (Date.parse(command.sendAt) <= now.getTime()) issueErrors.fail('issue_send_at_past');
      if (state.sendAt === command.sendAt) return [];
      return [{ type: 'NewsletterIssueScheduled', data: { issueId, sendAt: command.sendAt } }];
    case 'UnscheduleNewsletterIssue':
      if (status === 'draft') return [];
      if (status !== 'scheduled') refuse(status, 'unscheduled');
      return [{ type: 'NewsletterIssueUnscheduled', data: { issueId } }];
    case 'StartSendingNewsletterIssue':
      if (status === 'sending') return [];
      if (!open(status)) refuse(status, 'sent');
      if (command.recipients <= 0) issueErrors.fail('issue_without_recipients');
      return [
        {
          type: 'NewsletterIssueSendingStarted',
          data: { issueId, recipients: command.recipients },
        },
      ];
    case 'FinishSendingNewsletterIssue': {
      if (status === 'sent') return [];
      if (status !== 'sending') {
        throw new DecisionError<IssueErrorCode>(
          'issue_wrong_status',
          `This issue is ${ISSUE_STATUS_WORDS[status]}: only an issue being sent can finish sending.`,
        );
      }
      const { recipients, sent, failed, bounced } = command;
      return [
        { type: 'NewsletterIssueSent', data: { issueId, recipients, sent, failed, bounced } },
      ];
    }
    case 'CancelNewsletterIssue':
      if (status === 'cancelled') return [];
      if (!open(status)) refuse(status, 'cancelled');
      return [{ type: 'NewsletterIssueCancelled', data: { issueId } }];
  }
}

/** A newsletter issue: one stream `newsletter-issue-{id}`. */
export const issueDecider: Decider<IssueCommand, NewsletterIssueEvent, IssueState> = {
  decide: decideIssue,
  evolve: evolveIssue,
  initialState: initialIssueState,
};

/** An issue's archive address, reserved with the shared rule (shared/reservation.ts). */
const issueSlugs = reservation<NewsletterSlugEvent>({
  reserved: (slug, issueId) => ({ type: 'NewsletterIssueSlugReserved', data: { slug, issueId } }),
  released: (slug, issueId, renamedTo) => ({
    type: 'NewsletterIssueSlugReleased',
    data: { slug, issueId, renamedTo },
  }),
  holderAfter: (event) =>
    event.type === 'NewsletterIssueSlugReserved' ? event.data.issueId : null,
  taken: () => issueErrors.fail('issue_slug_taken'),
});

export type IssueSlugState = ReservationState;

export type IssueSlugCommand =
  | { type: 'ReserveIssueSlug'; slug: string; issueId: string }
  | { type: 'ReleaseIssueSlug'; slug: string; issueId: string };

const asReservation = (command: IssueSlugCommand): ReservationCommand =>
  command.type === 'ReserveIssueSlug'
    ? { type: 'Reserve', key: command.slug, ownerId: command.issueId }
    : { type: 'Release', key: command.slug, ownerId: command.issueId, renamedTo: null };

export const issueSlugDecider: Decider<IssueSlugCommand, NewsletterSlugEvent, IssueSlugState> = {
  decide: (command, state, now) => issueSlugs.decide(asReservation(command), state, now),
  evolve: issueSlugs.evolve,
  initialState: issueSlugs.initialState,
};

/** What takes back a reservation (or a release) when the command's issue stream is refused. */
export function undoIssueSlug(
  command: IssueSlugCommand,
  decided: readonly NewsletterSlugEvent[],
): NewsletterSlugEvent[] {
  return issueSlugs.undo(asReservation(command), decided);
}
