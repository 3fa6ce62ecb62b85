import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Check, Eye, X } from 'lucide-react';
import { REJECTION_REASON_MAX, type SubmissionView } from '../../../../api/submissions/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LiveMessage } from '../../../components/field';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/toast';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { errorMessage } from '../../../lib/http-client';
import { useAdminSubmission } from '../api/admin-submissions';
import {
  useAcceptSubmission,
  useRejectSubmission,
  useStartReview,
} from '../api/submission-decisions';
import { SubmissionStatusBadge } from './submission-status-badge';
import { formatLocalDateTime } from '../../../lib/local-time';

function statesText(states: string): string {
  const list = states.split(',').filter(Boolean);
  if (list.length === 50) return 'All 50 states';
  if (list.length === 0) return 'None';
  return `${list.length} states: ${list.join(', ')}`;
}

function rows(s: SubmissionView): [string, string][] {
  return [
    ['Website', s.website],
    ['Contact email', s.contactEmail],
    ['Phone number', s.phoneNumber || 'Not given'],
    ['Description', s.description || 'Not given'],
    ['Medications', s.medications.join(', ') || 'None chosen'],
    ['States served', statesText(s.states)],
    ['Pricing', s.pricing || 'Not given'],
    ['Submitted by', s.submitterName || 'Not given'],
    ['Submitter email', s.submitterEmail || 'Not given'],
    ['Submitter role', s.submitterRole || 'Not given'],
    ['Additional information', s.additionalInfo || 'Not given'],
    ['Submitted', formatLocalDateTime(s.timestamp)],
    ['Browser (user agent)', s.userAgent || 'Not sent'],
  ];
}

/**
 * /admin/submissions/:id: everything the visitor sent, and the decisions: Start review, Accept
 * (a draft provider, on no public page until published: issue 27; then a link to review it)
 * and Reject with a reason.
 */
export function SubmissionDetail({ id }: { id: string }) {
  const submission = useAdminSubmission(id);
  const review = useStartReview();
  const accept = useAcceptSubmission();
  const reject = useRejectSubmission();
  const { toast } = useToast();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();

  const back = (
    <Button variant="ghost" asChild className="-ml-3 w-fit">
      <Link to="/admin/submissions">
        <ArrowLeft aria-hidden="true" />
        Back to submissions
      </Link>
    </Button>
  );

  if (submission.isPending) {
    return (
      <div className="grid gap-4">
        {back}
        <h1 className="text-2xl font-bold tracking-tight">Submission</h1>
        <p className="text-muted-foreground">Loading submission...</p>
      </div>
    );
  }
  if (submission.isError) {
    return (
      <div className="grid gap-4">
        {back}
        <h1 className="text-2xl font-bold tracking-tight">Submission</h1>
        <LiveMessage message={errorMessage(submission.error, 'Failed to load the submission.')} />
      </div>
    );
  }

  const s = submission.data;
  const open = s.status === 'new' || s.status === 'in_review';
  const busy = review.isPending || accept.isPending || reject.isPending;

  const confirmReject = () => {
    if (reason.trim() === '') {
      setReasonError('Please give a reason for the rejection.');
      return;
    }
    reject.mutate(
      { id, reason },
      {
        onSuccess: () => {
          setRejecting(false);
          toast({ title: 'Submission rejected', description: s.providerName, variant: 'success' });
        },
        onError: (cause) => setReasonError(errorMessage(cause, 'Failed to reject the submission.')),
      },
    );
  };

  return (
    <div className="grid gap-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{s.providerName}</h1>
        <SubmissionStatusBadge status={s.status} />
      </div>

      {s.status === 'accepted' && s.providerId ? (
        <p className="rounded-lg border border-border bg-surface p-4">
          {/* Accepts before drafts listed the provider at once: the provider's screen says which. */}
          Accepted. A draft is on no public page until it is published from its screen.{' '}
          <Link
            to="/admin/providers/$id/edit"
            params={{ id: s.providerId }}
            className="font-medium text-primary underline underline-offset-2"
          >
            Review and publish the provider
          </Link>
        </p>
      ) : null}
      {s.status === 'rejected' ? (
        <p className="rounded-lg border border-border bg-surface p-4">
          Rejected: {s.rejectionReason}
        </p>
      ) : null}

      {open ? (
        <div className="flex flex-wrap gap-2">
          {s.status === 'new' ? (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                review.mutate(
                  id,
                  toastOutcome({ failure: 'Failed to start the review', fallback: '' }),
                )
              }
            >
              <Eye aria-hidden="true" />
              Start review
            </Button>
          ) : null}
          <Button
            disabled={busy}
            onClick={() =>
              accept.mutate(
                id,
                toastOutcome({
                  success: {
                    title: 'Submission accepted',
                    description: `${s.providerName} is a draft: review it, then publish it.`,
                  },
                  failure: 'Failed to accept the submission',
                  fallback: '',
                }),
              )
            }
          >
            <Check aria-hidden="true" />
            {accept.isPending ? 'Accepting...' : 'Accept as draft'}
          </Button>
          <Button
            variant="outline"
            className="text-destructive"
            disabled={busy}
            onClick={() => {
              setReason('');
              setReasonError(null);
              setRejecting(true);
            }}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        </div>
      ) : null}

      <section
        aria-labelledby="submission-details"
        className="rounded-lg border border-border bg-card p-5 shadow-card"
      >
        <h2 id="submission-details" className="text-lg font-semibold">
          What was sent
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          {rows(s).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd className="whitespace-pre-wrap break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ConfirmDialog
        role="dialog"
        open={rejecting}
        onOpenChange={setRejecting}
        title="Reject submission"
        description={`Why is "${s.providerName}" not listed? The reason is kept in the audit log.`}
        confirmLabel="Reject submission"
        pendingLabel="Rejecting..."
        pending={reject.isPending}
        onConfirm={confirmReject}
      >
        <div className="grid gap-2">
          <Label htmlFor={reasonId}>Reason</Label>
          <Textarea
            id={reasonId}
            rows={3}
            maxLength={REJECTION_REASON_MAX}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="text-sm font-medium text-destructive">
              {reasonError}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
    </div>
  );
}
