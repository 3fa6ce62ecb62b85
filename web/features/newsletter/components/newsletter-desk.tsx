import { useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarClock, FilePlus2, FlaskConical, Send, Sparkles, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyNote, ListPage } from '../../../components/data-table/list-page';
import { FieldError } from '../../../components/field';
import { Label } from '../../../components/ui/label';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../components/ui/toast';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { formatDate } from '../../../lib/format';
import { errorMessage, isApiError } from '../../../lib/http-client';
import {
  useCancelIssue,
  useComposeIssue,
  useNewsletterDesk,
  useScheduleIssue,
  useSendIssue,
  useSendTestIssue,
  useUnscheduleIssue,
  type ComposeRun,
  type IssueView,
  type MailingState,
  type NewsletterDeskView,
} from '../api/admin-newsletter';
import { formatLocalDateTime, localTimeZone } from '../../../lib/local-time';
import {
  footerNote,
  ISSUE_STATUS_LABELS,
  scheduleAt,
  sendBlockedReason,
  sendNowBlockedReason,
  sendQuestion,
  subscriberCount,
  toLocalInput,
} from '../issue-desk';
import { IssueEditor } from './issue-editor';
import { IssuePreview } from './issue-preview';
import { pastIssuesTable } from './past-issues';

/**
 * /admin/newsletter: the weekly issue from draft to sent, on one screen. Whether mail can go
 * out at all (and why not), the draft in the editor with its preview, a test to oneself,
 * scheduling and 'Send now' behind a confirmation naming the recipients, the last weekly
 * compose run, and the past issues with their counts.
 */
export function NewsletterDesk() {
  const desk = useNewsletterDesk();
  const issues = desk.data?.issues ?? [];
  return (
    <ListPage
      title="Newsletter"
      description={
        <p className="text-sm text-muted-foreground">
          The weekly issue: composed every week from what happened on the site, edited and sent from
          here, then kept in the public archive.
        </p>
      }
      intro={
        desk.data ? (
          <DeskIntro data={desk.data} />
        ) : desk.isPending ? (
          <div className="grid gap-4" aria-hidden="true">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-96 w-full" />
          </div>
        ) : null
      }
      query={desk}
      rows={issues}
      total={issues.length}
      noun={['issue', 'issues']}
      loadFailedToast="Failed to load the newsletter"
      empty={<EmptyNote>No issues have been sent yet.</EmptyNote>}
      section={{ id: 'past-issues-heading', heading: 'Past issues' }}
      table={pastIssuesTable}
    />
  );
}

function DeskIntro({ data }: { data: NewsletterDeskView }) {
  const reasonId = useId();
  return (
    <div className="grid gap-6">
      <MailingNotice mailing={data.mailing} id={reasonId} />
      <LastCompose run={data.lastCompose} />
      <DraftCard data={data} mailingReasonId={reasonId} />
    </div>
  );
}

/** Why nothing can be sent (no SMTP server configured, no postal-address footer), when so. */
function MailingNotice({ mailing, id }: { mailing: MailingState; id: string }) {
  if (!mailing.reason) return null;
  const footer = footerNote(mailing);
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-destructive/40 bg-destructive-soft p-4 text-sm"
    >
      <p className="font-semibold text-destructive">Sending is turned off</p>
      <p id={id}>{mailing.reason}</p>
      {footer !== null ? (
        <p>
          {footer ? `${footer} ` : null}
          <Link
            to="/admin/site-content/$key"
            params={{ key: 'newsletter_footer' }}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            Add the postal address footer
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function LastCompose({ run }: { run: ComposeRun | null }) {
  if (!run) return null;
  return (
    <p className="rounded-md border border-border bg-surface p-4 text-sm">
      <span className="font-semibold">
        Last weekly compose, <time dateTime={run.at}>{formatLocalDateTime(run.at)}</time>:
      </span>{' '}
      {run.message}
    </p>
  );
}

function DraftCard({
  data,
  mailingReasonId,
}: {
  data: NewsletterDeskView;
  mailingReasonId: string;
}) {
  const [creating, setCreating] = useState(false);
  const [dirty, setDirty] = useState(false);
  const draft = data.draft;
  // Once the blank issue is saved it is the draft; discarding that later shows the choices again.
  const hasDraft = draft !== null;
  useEffect(() => {
    if (hasDraft) setCreating(false);
  }, [hasDraft]);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">
          {draft ? 'Next issue' : creating ? 'New issue' : 'No draft'}
        </h2>
        {draft ? <DraftFacts issue={draft} /> : null}
      </CardHeader>
      <CardContent className="grid gap-8">
        {draft ? (
          <>
            <IssueEditor
              key={`${draft._id}@${draft.revision}`}
              issue={draft}
              onDirtyChange={setDirty}
            />
            <SendControls
              issue={draft}
              recipients={data.recipients}
              mailing={data.mailing}
              mailingReasonId={mailingReasonId}
              dirty={dirty}
            />
            <IssuePreview issueId={draft._id} revision={draft.revision} dirty={dirty} />
          </>
        ) : creating ? (
          <IssueEditor
            issue={null}
            onDirtyChange={setDirty}
            onCancel={() => {
              setDirty(false);
              setCreating(false);
            }}
          />
        ) : (
          <NoDraft onBlank={() => setCreating(true)} />
        )}
      </CardContent>
    </Card>
  );
}

function DraftFacts({ issue }: { issue: IssueView }) {
  const period = `${formatDate(issue.periodFrom) ?? '?'} – ${formatDate(issue.periodTo) ?? '?'}`;
  return (
    <p className="text-sm text-muted-foreground">
      {ISSUE_STATUS_LABELS[issue.status]}
      {issue.status === 'scheduled' && issue.sendAt
        ? ` for ${formatLocalDateTime(issue.sendAt)} (${localTimeZone()})`
        : ''}
      {' · '}
      {issue.composedBy === 'weekly' ? 'Composed by the weekly run' : 'Written by an administrator'}
      {issue.composedBy === 'weekly' ? ` from ${period}` : ''}
      {issue.editedAt ? ` · Last saved ${formatLocalDateTime(issue.editedAt)}` : ''}
    </p>
  );
}

/** No draft: compose one now from what happened, or start from a blank page. */
function NoDraft({ onBlank }: { onBlank: () => void }) {
  const compose = useComposeIssue();
  const run = () =>
    compose.mutate(undefined, {
      onSuccess: (outcome) => {
        if ('issue' in outcome)
          showToast({
            title: 'Draft composed',
            description: outcome.issue.subject,
            variant: 'success',
          });
        else showToast({ title: 'Nothing to compose', description: outcome.nothing });
      },
      onError: (cause) =>
        showToast({
          title: 'Failed to compose the issue',
          description: errorMessage(cause, 'Please try again.'),
          variant: 'error',
        }),
    });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        The weekly run composes a draft from what happened since the last issue (posts, new
        providers, price changes, Vial Score changes). Compose it now, or write one from a blank
        page.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={run} disabled={compose.isPending}>
          <Sparkles aria-hidden="true" />
          {compose.isPending ? 'Composing...' : 'Compose now'}
        </Button>
        <Button variant="outline" onClick={onBlank} disabled={compose.isPending}>
          <FilePlus2 aria-hidden="true" />
          New blank issue
        </Button>
      </div>
    </div>
  );
}

/** Test, schedule, send now and discard for the saved draft. */
function SendControls({
  issue,
  recipients,
  mailing,
  mailingReasonId,
  dirty,
}: {
  issue: IssueView;
  recipients: number;
  mailing: MailingState;
  mailingReasonId: string;
  dirty: boolean;
}) {
  const blockedId = useId();
  const scheduleId = useId();
  const state = { mailingReason: mailing.reason, dirty, recipients };
  const blocked = sendBlockedReason(state);
  const sendBlocked = sendNowBlockedReason(state);
  // The mailing reason has its own box above; other reasons are said here, next to the buttons.
  const describe = (reason: string | null) =>
    reason === null ? undefined : reason === mailing.reason ? mailingReasonId : blockedId;

  const test = useSendTestIssue();
  const schedule = useScheduleIssue();
  const unschedule = useUnscheduleIssue();
  const send = useSendIssue();
  const cancel = useCancelIssue();
  const [at, setAt] = useState(() => toLocalInput(issue.sendAt));
  const [atError, setAtError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [discarding, setDiscarding] = useState(false);

  const sendTest = () =>
    test.mutate(issue._id, {
      onSuccess: ({ to }) =>
        showToast({ title: 'Test sent', description: `Sent to ${to}.`, variant: 'success' }),
      onError: (cause) =>
        showToast({
          title: 'Failed to send the test',
          description: errorMessage(cause, 'Please try again.'),
          variant: 'error',
        }),
    });

  const scheduleIssue = () => {
    const checked = scheduleAt(at);
    if (!checked.ok) {
      setAtError(checked.error);
      document.getElementById(scheduleId)?.focus();
      return;
    }
    setAtError(null);
    schedule.mutate(
      { id: issue._id, sendAt: checked.sendAt },
      toastOutcome({
        success: { title: 'Issue scheduled', description: formatLocalDateTime(checked.sendAt) },
        failure: 'Failed to schedule the issue',
        onError: (cause) => {
          if (isApiError(cause) && cause.fields.sendAt) setAtError(cause.fields.sendAt);
        },
      }),
    );
  };

  const sendNow = () => {
    if (confirming === null) return;
    send.mutate(
      { id: issue._id, recipients: confirming },
      {
        ...toastOutcome({
          success: {
            title: 'Sending started',
            description: `“${issue.subject}” is going out to ${subscriberCount(confirming)}.`,
          },
          // A 409 says the number changed; the screen refreshes with the new one.
          failure: 'The issue was not sent',
        }),
        onSettled: () => setConfirming(null),
      },
    );
  };

  const zone = localTimeZone();
  return (
    <section aria-labelledby={`${blockedId}-heading`} className="grid gap-5">
      <div className="grid gap-1">
        <h3 id={`${blockedId}-heading`} className="text-base font-semibold">
          Sending
        </h3>
        <p className="text-sm">
          Goes to <strong className="tabular-nums">{subscriberCount(recipients)}</strong>: active
          subscribers who receive the weekly issue.
        </p>
        {blocked === null && sendBlocked !== null ? (
          <p id={blockedId} className="text-sm text-muted-foreground">
            {sendBlocked}
          </p>
        ) : blocked !== null && blocked !== mailing.reason ? (
          <p id={blockedId} className="text-sm text-muted-foreground">
            {blocked}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={sendTest}
          disabled={blocked !== null || test.isPending}
          aria-describedby={describe(blocked)}
        >
          <FlaskConical aria-hidden="true" />
          {test.isPending ? 'Sending test...' : 'Send a test to me'}
        </Button>
        <Button
          onClick={() => setConfirming(recipients)}
          disabled={sendBlocked !== null || send.isPending}
          aria-describedby={describe(sendBlocked)}
        >
          <Send aria-hidden="true" />
          Send now
        </Button>
        <Button
          variant="outline"
          className="text-destructive"
          onClick={() => setDiscarding(true)}
          disabled={cancel.isPending}
        >
          <Trash2 aria-hidden="true" />
          Discard issue
        </Button>
      </div>

      {issue.status === 'scheduled' && issue.sendAt ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p>
            <CalendarClock aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
            Scheduled for <time dateTime={issue.sendAt}>{formatLocalDateTime(issue.sendAt)}</time> (
            {zone}).
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={unschedule.isPending}
            onClick={() =>
              unschedule.mutate(
                issue._id,
                toastOutcome({
                  success: 'Issue unscheduled',
                  failure: 'Failed to unschedule the issue',
                }),
              )
            }
          >
            Unschedule
          </Button>
        </div>
      ) : (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid w-full gap-2 sm:w-72">
              <Label htmlFor={scheduleId}>Send at</Label>
              <Input
                id={scheduleId}
                type="datetime-local"
                value={at}
                aria-invalid={atError ? true : undefined}
                aria-describedby={`${scheduleId}-hint${atError ? ` ${scheduleId}-error` : ''}`}
                onChange={(e) => setAt(e.target.value)}
              />
            </div>
            <Button
              variant="outline"
              onClick={scheduleIssue}
              disabled={blocked !== null || schedule.isPending}
              aria-describedby={describe(blocked)}
            >
              <CalendarClock aria-hidden="true" />
              {schedule.isPending ? 'Scheduling...' : 'Schedule'}
            </Button>
          </div>
          <p id={`${scheduleId}-hint`} className="text-sm text-muted-foreground">
            Your time zone: {zone}.
          </p>
          <FieldError id={scheduleId} error={atError ?? undefined} />
        </div>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !send.isPending) setConfirming(null);
        }}
        title="Send the issue now"
        description={sendQuestion(issue.subject, confirming ?? recipients)}
        confirmLabel="Send now"
        pendingLabel="Sending..."
        pending={send.isPending}
        onConfirm={sendNow}
        variant="default"
      >
        <p className="text-sm">
          Each message carries its unsubscribe link and the postal-address footer. Once started,
          sending cannot be stopped.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={discarding}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setDiscarding(false);
        }}
        title="Discard issue"
        description={`Discard “${issue.subject}”? It will not be sent.`}
        confirmLabel="Discard"
        pendingLabel="Discarding..."
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(issue._id, {
            ...toastOutcome({ success: 'Issue discarded', failure: 'Failed to discard the issue' }),
            onSettled: () => setDiscarding(false),
          })
        }
      >
        <p className="text-sm">
          It stays listed under Past issues as Cancelled. The weekly run, or Compose now, can make a
          new draft.
        </p>
      </ConfirmDialog>
    </section>
  );
}
