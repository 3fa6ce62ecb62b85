/**
 * The newsletter issue's decider, as Given / When / Then: each step of an issue's life (draft,
 * edit, schedule, unschedule, send, finish, cancel), what each status refuses (the message
 * names the status), and the archive address's reservation.
 */
import { describe, expect, it } from 'vitest';
import { DecisionError } from '../../../domain/shared/decider';
import {
  issueDecider,
  issueSlug,
  issueSlugDecider,
  ISSUE_MESSAGES,
  type IssueCommand,
} from '../../../domain/newsletter/issue-decider';
import type { NewsletterIssueEvent } from '../../../domain/newsletter/issue-events';
import { DeciderSpecification } from '../../support/decider-specification';

const NOW = new Date('2026-11-23T08:00:00.000Z');
const spec = DeciderSpecification.for(issueDecider, { now: NOW });
const issueId = 'issue-1';
const content = { subject: '2 price drops', preheader: 'Recorded this week', bodyHtml: '<p>x</p>' };

const drafted: NewsletterIssueEvent = {
  type: 'NewsletterIssueDrafted',
  data: {
    issueId,
    slug: '2026-11-23-2-price-drops',
    ...content,
    periodFrom: '2026-11-16T08:00:00.000Z',
    periodTo: '2026-11-23T08:00:00.000Z',
    composedBy: 'weekly',
  },
};
const scheduled: NewsletterIssueEvent = {
  type: 'NewsletterIssueScheduled',
  data: { issueId, sendAt: '2026-11-24T09:00:00.000Z' },
};
const started: NewsletterIssueEvent = {
  type: 'NewsletterIssueSendingStarted',
  data: { issueId, recipients: 3 },
};
const sent: NewsletterIssueEvent = {
  type: 'NewsletterIssueSent',
  data: { issueId, recipients: 3, sent: 2, failed: 0, bounced: 1 },
};
const cancelled: NewsletterIssueEvent = { type: 'NewsletterIssueCancelled', data: { issueId } };

const draft: IssueCommand = {
  type: 'DraftNewsletterIssue',
  issueId,
  slug: drafted.type === 'NewsletterIssueDrafted' ? drafted.data.slug : '',
  ...content,
  periodFrom: '2026-11-16T08:00:00.000Z',
  periodTo: '2026-11-23T08:00:00.000Z',
  composedBy: 'weekly',
};
const edit: IssueCommand = { type: 'EditNewsletterIssue', issueId, ...content, subject: 'New' };
const schedule = (sendAt: string): IssueCommand => ({
  type: 'ScheduleNewsletterIssue',
  issueId,
  sendAt,
});
const start = (recipients: number): IssueCommand => ({
  type: 'StartSendingNewsletterIssue',
  issueId,
  recipients,
});
const finish: IssueCommand = {
  type: 'FinishSendingNewsletterIssue',
  issueId,
  recipients: 3,
  sent: 2,
  failed: 0,
  bounced: 1,
};
const wrongStatus = (message: string) => ({ code: 'issue_wrong_status', message });

describe('Draft', () => {
  it('given nothing, drafts the issue', () => {
    spec.given([]).when(draft).then([drafted]);
  });
  it('given an issue with that id, refuses', () => {
    spec.given([drafted]).when(draft).thenThrows(DecisionError, { code: 'issue_exists' });
  });
});

describe('Edit', () => {
  it.each([
    ['a draft', [drafted]],
    ['a scheduled issue', [drafted, scheduled]],
  ])('given %s, records the new content', (_, history) => {
    spec
      .given(history)
      .when(edit)
      .then([
        {
          type: 'NewsletterIssueEdited',
          data: { issueId, subject: 'New', preheader: content.preheader, bodyHtml: '<p>x</p>' },
        },
      ]);
  });
  it.each([
    ['being sent', [drafted, started], 'This issue is being sent, so it can no longer be edited.'],
    [
      'sent',
      [drafted, started, sent],
      'This issue is already sent, so it can no longer be edited.',
    ],
    ['cancelled', [drafted, cancelled], 'This issue is cancelled, so it can no longer be edited.'],
  ])('given an issue %s, refuses naming its status', (_, history, message) => {
    spec.given(history).when(edit).thenThrows(DecisionError, wrongStatus(message));
  });
  it('given nothing, answers not found', () => {
    spec.given([]).when(edit).thenThrows(DecisionError, { code: 'issue_not_found' });
  });
});

describe('Schedule and unschedule', () => {
  it('given a draft and a future time, schedules it', () => {
    spec.given([drafted]).when(schedule('2026-11-24T09:00:00.000Z')).then([scheduled]);
  });
  it.each(['2026-11-23T08:00:00.000Z', '2026-11-01T00:00:00.000Z'])(
    'refuses a send time not in the future (%s)',
    (sendAt) => {
      spec.given([drafted]).when(schedule(sendAt)).thenThrows(DecisionError, {
        code: 'issue_send_at_past',
        message: ISSUE_MESSAGES.sendAtPast,
      });
    },
  );
  it('given a sent issue, refuses to schedule it', () => {
    spec
      .given([drafted, started, sent])
      .when(schedule('2026-11-24T09:00:00.000Z'))
      .thenThrows(DecisionError, { code: 'issue_wrong_status' });
  });
  it('given a scheduled issue, unschedules it back to a draft', () => {
    spec
      .given([drafted, scheduled])
      .when({ type: 'UnscheduleNewsletterIssue', issueId })
      .then([{ type: 'NewsletterIssueUnscheduled', data: { issueId } }]);
  });
  it('given a draft, unscheduling changes nothing', () => {
    spec
      .given([drafted])
      .when({ type: 'UnscheduleNewsletterIssue', issueId })
      .thenNothingHappened();
  });
});

describe('Sending', () => {
  it('given a scheduled issue and recipients, starts sending', () => {
    spec.given([drafted, scheduled]).when(start(3)).then([started]);
  });
  it('given no recipients, refuses', () => {
    spec
      .given([drafted])
      .when(start(0))
      .thenThrows(DecisionError, { message: 'There is nobody to send this issue to' });
  });
  it('given an issue already sending (a resumed send), changes nothing', () => {
    spec.given([drafted, started]).when(start(3)).thenNothingHappened();
  });
  it('given a cancelled issue, refuses to send it', () => {
    spec
      .given([drafted, cancelled])
      .when(start(3))
      .thenThrows(
        DecisionError,
        wrongStatus('This issue is cancelled, so it can no longer be sent.'),
      );
  });
  it('given an issue being sent, finishes it with its counts', () => {
    spec.given([drafted, started]).when(finish).then([sent]);
  });
  it('given a sent issue, finishing again changes nothing', () => {
    spec.given([drafted, started, sent]).when(finish).thenNothingHappened();
  });
  it('given a draft, refuses to finish it', () => {
    spec.given([drafted]).when(finish).thenThrows(DecisionError, { code: 'issue_wrong_status' });
  });
});

describe('Cancel', () => {
  it.each([
    ['a draft', [drafted]],
    ['a scheduled issue', [drafted, scheduled]],
  ])('given %s, cancels it', (_, history) => {
    spec.given(history).when({ type: 'CancelNewsletterIssue', issueId }).then([cancelled]);
  });
  it('given a sent issue, refuses', () => {
    spec
      .given([drafted, started, sent])
      .when({ type: 'CancelNewsletterIssue', issueId })
      .thenThrows(
        DecisionError,
        wrongStatus('This issue is already sent, so it can no longer be cancelled.'),
      );
  });
});

describe('the archive address', () => {
  const slugs = DeciderSpecification.for(issueSlugDecider, { now: NOW });
  const reserved = {
    type: 'NewsletterIssueSlugReserved' as const,
    data: { slug: 's', issueId: 'a' },
  };
  it('is reserved for the first issue and refused to another', () => {
    slugs.given([]).when({ type: 'ReserveIssueSlug', slug: 's', issueId: 'a' }).then([reserved]);
    slugs
      .given([reserved])
      .when({ type: 'ReserveIssueSlug', slug: 's', issueId: 'b' })
      .thenThrows(DecisionError, { code: 'issue_slug_taken' });
  });
  it.each([
    [
      '2026-11-23T08:00:00.000Z',
      '2 price drops, 1 new provider',
      '2026-11-23-2-price-drops-1-new-provider',
    ],
    ['2026-11-23T08:00:00.000Z', '???', '2026-11-23-issue'],
    ['2026-12-01T00:00:00.000Z', 'Crème brûlée', '2026-12-01-creme-brulee'],
  ])('is {periodTo date}-{slugified subject} (%s, %s)', (periodTo, subject, slug) => {
    expect(issueSlug(periodTo, subject)).toBe(slug);
  });
  it('cuts a long subject at a word', () => {
    const slug = issueSlug('2026-11-23T08:00:00.000Z', 'word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(11 + 80);
    expect(slug.endsWith('-')).toBe(false);
  });
});
