import { useId, useState } from 'react';
import { Copy, Download, MailX, Trash2 } from 'lucide-react';
import {
  SUBSCRIPTION_ADMIN_MESSAGES,
  SUBSCRIPTION_PAGE_SIZES,
  type SubscriptionStatus,
  type SubscriptionView,
} from '../../../../api/newsletter/contracts';
import { type DataColumn } from '../../../components/data-table/data-table';
import { EmptyNote, ListPage } from '../../../components/data-table/list-page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toast';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { formatDate as formatDay } from '../../../lib/format';
import { isApiError } from '../../../lib/http-client';
import {
  subscriptionsCsvHref,
  useAdminSubscriptionPage,
  useDeleteSubscription,
  useUnsubscribeSubscriber,
  type SubscriptionSearch,
} from '../api/admin-subscriptions';
import { inactiveLine, isBouncing } from '../issue-desk';
import { DeleteSubscriptionDialog } from './delete-subscription-dialog';
import { UnsubscribeSubscriberDialog } from './unsubscribe-subscriber-dialog';

const M = SUBSCRIPTION_ADMIN_MESSAGES;
const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** Active (with 'Bouncing' after one permanent refusal), or Inactive with since when and how. */
function SubscriberStatus({ row }: { row: SubscriptionView }) {
  if (row.active) {
    return (
      <span className="flex flex-wrap gap-1">
        <Badge variant="secondary">Active</Badge>
        {isBouncing(row) ? (
          <Badge variant="outline" title="One message to this address was refused">
            Bouncing
          </Badge>
        ) : null}
      </span>
    );
  }
  return (
    <span className="grid justify-items-start gap-1">
      <Badge variant="muted">Inactive</Badge>
      <span className="text-sm text-muted-foreground">{inactiveLine(row)}</span>
    </span>
  );
}

function LastIssue({ row }: { row: SubscriptionView }) {
  if (!row.lastIssue) return <span className="text-muted-foreground">None yet</span>;
  return <time dateTime={row.lastIssue.sentAt}>{formatDay(row.lastIssue.sentAt)}</time>;
}

/** Copies the signed link; when the browser refuses, the link stays selectable in the row. */
async function copyUnsubscribeLink(row: SubscriptionView) {
  try {
    await navigator.clipboard.writeText(row.unsubscribeUrl);
    showToast({
      title: 'Unsubscribe link copied',
      description: `The link for ${row.email} is on your clipboard.`,
      variant: 'success',
    });
  } catch {
    showToast({
      title: 'Could not copy the link',
      description: 'Open “Unsubscribe link” under the address and copy it from there.',
      variant: 'error',
    });
  }
}

/** The link itself, selectable, for the operator to paste into a reply by hand. */
function UnsubscribeLink({ row }: { row: SubscriptionView }) {
  const id = useId();
  return (
    <details className="mt-1 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:min-h-8">
        Unsubscribe link
      </summary>
      <label htmlFor={id} className="sr-only">
        Unsubscribe link for {row.email}
      </label>
      <input
        id={id}
        readOnly
        value={row.unsubscribeUrl}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 h-9 w-full min-w-0 rounded-md border border-input bg-surface px-2 font-mono text-xs"
      />
    </details>
  );
}

/**
 * /admin/subscriptions: the newsletter's subscribers on the data-table kit, newest first
 * (spec section 2: 'Search by email...', the e-mail, the subscribed date, Active or Inactive,
 * delete; 'No subscriptions found'). Search, status and page live in the URL (`search`); the
 * server filters and pages, so 200,000 subscribers cost one page. The export downloads the
 * list as filtered, every page.
 */
export function SubscriptionsPage({
  search,
  onSearchChange,
}: {
  search: SubscriptionSearch;
  onSearchChange: (next: SubscriptionSearch) => void;
}) {
  const params = { page: 1, pageSize: 25, ...search };
  const subscriptions = useAdminSubscriptionPage(params);
  const remove = useDeleteSubscription();
  const unsubscribe = useUnsubscribeSubscriber();
  const [pending, setPending] = useState<SubscriptionView | null>(null);
  const [leaving, setLeaving] = useState<SubscriptionView | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const searchId = useId();
  const statusId = useId();

  const rows = subscriptions.data?.rows ?? [];
  const total = subscriptions.data?.total ?? 0;

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending._id, {
      ...toastOutcome({ success: M.deleted, failure: M.deleteFailed, fallback: '' }),
      onSettled: () => setPending(null),
    });
  };

  const confirmUnsubscribe = (reason: string) => {
    if (!leaving) return;
    setReasonError(null);
    unsubscribe.mutate(
      { id: leaving._id, reason },
      toastOutcome({
        success: { title: 'Subscriber unsubscribed', description: leaving.email },
        failure: 'Failed to unsubscribe subscriber',
        onSuccess: () => setLeaving(null),
        onError: (cause) => {
          // A refused reason stays in the dialog, next to the field; anything else closes it.
          if (isApiError(cause) && cause.status === 400 && cause.fields.reason)
            setReasonError(cause.fields.reason);
          else setLeaving(null);
        },
      }),
    );
  };

  const actions = (s: SubscriptionView) => (
    <div className="flex flex-col items-stretch gap-2 lg:items-start">
      <Button
        variant="outline"
        size="sm"
        onClick={() => void copyUnsubscribeLink(s)}
        aria-label={`Copy unsubscribe link for ${s.email}`}
      >
        <Copy aria-hidden="true" />
        Copy unsubscribe link
      </Button>
      {s.active ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setReasonError(null);
            setLeaving(s);
          }}
          aria-label={`Unsubscribe ${s.email}…`}
        >
          <MailX aria-hidden="true" />
          Unsubscribe…
        </Button>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="text-destructive"
        onClick={() => setPending(s)}
        aria-label={`Delete ${s.email}`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </div>
  );

  const columns: DataColumn<SubscriptionView>[] = [
    {
      id: 'email',
      header: 'Email',
      hideable: false,
      className: 'min-w-48',
      cell: (s) => (
        <>
          <span className="font-medium break-all">{s.email}</span>
          <UnsubscribeLink row={s} />
        </>
      ),
    },
    {
      id: 'subscribedAt',
      header: 'Subscribed',
      cell: (s) => <time dateTime={s.subscribedAt}>{formatDate(s.subscribedAt)}</time>,
    },
    {
      id: 'status',
      header: 'Status',
      className: 'min-w-40 whitespace-normal',
      cell: (s) => <SubscriberStatus row={s} />,
    },
    { id: 'lastIssue', header: 'Last issue', cell: (s) => <LastIssue row={s} /> },
    { id: 'actions', header: 'Actions', hideable: false, cell: actions },
  ];

  return (
    <ListPage
      title="Email subscriptions"
      description={
        <p className="text-sm text-muted-foreground">
          Newsletter subscribers, newest first. Unsubscribed readers stay listed as Inactive, with
          since when and how; deleting one erases the address.
        </p>
      }
      actions={
        <Button variant="outline" asChild>
          <a href={subscriptionsCsvHref(search)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      }
      url={{
        search,
        onSearchChange,
        searchBox: {
          id: searchId,
          label: 'Search subscriptions by email',
          placeholder: M.searchPlaceholder,
        },
        statusFilter: { id: statusId, allLabel: 'All subscriptions', labels: STATUS_LABELS },
        pager: {
          page: params.page,
          pageSize: params.pageSize,
          pageSizes: SUBSCRIPTION_PAGE_SIZES,
        },
      }}
      query={subscriptions}
      rows={rows}
      total={total}
      noun={['subscription', 'subscriptions']}
      loadFailedToast={M.loadFailed}
      empty={<EmptyNote>{M.empty}</EmptyNote>}
      table={{
        label: 'Email subscriptions',
        rowId: (s) => s._id,
        rowName: (s) => s.email,
        columns,
        renderCard: (s) => (
          <article className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-card">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 className="text-base font-medium break-all">{s.email}</h2>
              <SubscriberStatus row={s} />
            </div>
            <p className="text-sm text-muted-foreground">
              Subscribed <time dateTime={s.subscribedAt}>{formatDate(s.subscribedAt)}</time>
              {' · '}Last issue <LastIssue row={s} />
            </p>
            <UnsubscribeLink row={s} />
            {actions(s)}
          </article>
        ),
      }}
    >
      <UnsubscribeSubscriberDialog
        email={leaving?.email ?? ''}
        open={leaving !== null}
        pending={unsubscribe.isPending}
        error={reasonError}
        onConfirm={confirmUnsubscribe}
        onOpenChange={(open) => {
          if (!open && !unsubscribe.isPending) setLeaving(null);
        }}
      />
      <DeleteSubscriptionDialog
        email={pending?.email ?? ''}
        open={pending !== null}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPending(null);
        }}
      />
    </ListPage>
  );
}
