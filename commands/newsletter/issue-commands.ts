/**
 * Newsletter issue commands: one stream per issue (issueDecider), and its archive address
 * reserved at the draft (`newsletterslug-{slug}`, appended at 'no stream' the first time) and
 * released when the issue is cancelled. The body is sanitised here with the blog's allowlist,
 * so every stored issue (composed by the weekly job or written by hand) is already safe HTML.
 */
import { z } from 'zod';
import { sanitizePostHtml, stripTags } from '../../domain/blog';
import {
  ISSUE_LIMITS,
  issueDecider,
  issueSlug,
  issueSlugDecider,
  undoIssueSlug,
  type IssueCommand,
  type IssueSlugCommand,
} from '../../domain/newsletter/issue-decider';
import {
  ISSUE_COMPOSERS,
  newsletterIssueEventSchemas,
  newsletterIssueStreamId,
  newsletterSlugEventSchemas,
  newsletterSlugStreamId,
} from '../../domain/newsletter/issue-events';
import { declareCommand, foldHistory, onStream, writeModel, type StreamDecision } from '../command';
import { id, singleLineText } from '../schema-parts';

const issueModel = writeModel(issueDecider, newsletterIssueEventSchemas);
const slugModel = writeModel(issueSlugDecider, newsletterSlugEventSchemas);

export const ISSUE_FIELD_MESSAGES = {
  subjectRequired: 'Subject is required',
  bodyRequired: 'The body is empty: write what the issue says before saving it.',
  sendAt: 'Send time must be a date and time',
  recipients: 'Recipients must be a whole number',
} as const;

const subject = singleLineText('Subject', ISSUE_LIMITS.subject).min(
  1,
  ISSUE_FIELD_MESSAGES.subjectRequired,
);
const preheader = singleLineText('Preheader', ISSUE_LIMITS.preheader).default('');
/** Sanitised on save (the blog's allowlist); what is left must say something. */
const bodyHtml = z
  .string({ error: 'Body must be text' })
  .max(ISSUE_LIMITS.bodyHtml, `Body must be at most ${ISSUE_LIMITS.bodyHtml} characters`)
  .transform((html) => sanitizePostHtml(html))
  .refine(
    (html) => stripTags(html) !== '' || /<img\b/i.test(html),
    ISSUE_FIELD_MESSAGES.bodyRequired,
  );

/** What an administrator writes: subject, preheader, body. */
export const issueContentSchema = z.object({ subject, preheader, bodyHtml });

const isoTime = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).transform((at) => new Date(at).toISOString());
const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`);

export const draftNewsletterIssueCommand = issueContentSchema.extend({
  type: z.literal('DraftNewsletterIssue'),
  issueId: id.optional(),
  periodFrom: isoTime('Period start must be a date and time'),
  periodTo: isoTime('Period end must be a date and time'),
  composedBy: z.enum(ISSUE_COMPOSERS),
});

export const editNewsletterIssueCommand = issueContentSchema.extend({
  type: z.literal('EditNewsletterIssue'),
  issueId: id,
});

export const scheduleNewsletterIssueCommand = z.object({
  type: z.literal('ScheduleNewsletterIssue'),
  issueId: id,
  sendAt: isoTime(ISSUE_FIELD_MESSAGES.sendAt),
});

const issueIdOnly = <T extends string>(type: T) => z.object({ type: z.literal(type), issueId: id });

export const startSendingNewsletterIssueCommand = z.object({
  type: z.literal('StartSendingNewsletterIssue'),
  issueId: id,
  recipients: count('Recipients'),
});

export const finishSendingNewsletterIssueCommand = z.object({
  type: z.literal('FinishSendingNewsletterIssue'),
  issueId: id,
  recipients: count('Recipients'),
  sent: count('Sent'),
  failed: count('Failed'),
  bounced: count('Bounced'),
});

const onIssue = (command: IssueCommand): StreamDecision =>
  onStream(issueModel, newsletterIssueStreamId(command.issueId), {
    id: command.issueId,
    decide: (state, now) => issueDecider.decide(command, state, now),
  });

const onSlug = (command: IssueSlugCommand): StreamDecision =>
  onStream(slugModel, newsletterSlugStreamId(command.slug), {
    id: command.issueId,
    decide: (state, now) => issueSlugDecider.decide(command, state, now),
    undo: (decided) => undoIssueSlug(command, decided),
  });

export const newsletterIssueCommands = {
  DraftNewsletterIssue: declareCommand({
    schema: draftNewsletterIssueCommand,
    prepare: (command, ids) => {
      const issueId = command.issueId ?? ids.newId();
      return { ...command, issueId, slug: issueSlug(command.periodTo, command.subject) };
    },
    streams: (command) => [
      onSlug({ type: 'ReserveIssueSlug', slug: command.slug, issueId: command.issueId }),
      onIssue(command),
    ],
  }),
  EditNewsletterIssue: declareCommand({
    schema: editNewsletterIssueCommand,
    streams: (command) => [onIssue(command)],
  }),
  ScheduleNewsletterIssue: declareCommand({
    schema: scheduleNewsletterIssueCommand,
    streams: (command) => [onIssue(command)],
  }),
  UnscheduleNewsletterIssue: declareCommand({
    schema: issueIdOnly('UnscheduleNewsletterIssue'),
    streams: (command) => [onIssue(command)],
  }),
  StartSendingNewsletterIssue: declareCommand({
    schema: startSendingNewsletterIssueCommand,
    streams: (command) => [onIssue(command)],
  }),
  FinishSendingNewsletterIssue: declareCommand({
    schema: finishSendingNewsletterIssueCommand,
    streams: (command) => [onIssue(command)],
  }),
  CancelNewsletterIssue: declareCommand({
    schema: issueIdOnly('CancelNewsletterIssue'),
    // A cancelled issue frees its archive address (it never reached the archive).
    streams: async (command, reads) => {
      const history = await reads.readStream(newsletterIssueStreamId(command.issueId));
      const state = foldHistory(issueModel, history);
      const release =
        state.status === 'draft' || state.status === 'scheduled'
          ? [onSlug({ type: 'ReleaseIssueSlug', slug: state.slug, issueId: command.issueId })]
          : [];
      return [...release, onIssue(command)];
    },
  }),
};
