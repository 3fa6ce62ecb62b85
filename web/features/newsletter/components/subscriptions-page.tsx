import { useId, useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
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
import { toastOutcome } from '../../../components/ui/toast-outcome';
import {
  subscriptionsCsvHref,
  useAdminSubscriptionPage,
  useDeleteSubscription,
  type SubscriptionSearch,
} from '../api/admin-subscriptions';
import { DeleteSubscriptionDialog } from './delete-subscription-dialog';

const M = SUBSCRIPTION_ADMIN_MESSAGES;
const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function StatusBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'secondary' : 'muted'}>{active ? 'Active' : 'Inactive'}</Badge>;
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
  const [pending, setPending] = useState<SubscriptionView | null>(null);
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

  const deleteButton = (s: SubscriptionView) => (
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
  );

  const columns: DataColumn<SubscriptionView>[] = [
    {
      id: 'email',
      header: 'Email',
      hideable: false,
      cell: (s) => <span className="font-medium break-all">{s.email}</span>,
    },
    {
      id: 'subscribedAt',
      header: 'Subscribed',
      cell: (s) => <time dateTime={s.subscribedAt}>{formatDate(s.subscribedAt)}</time>,
    },
    { id: 'status', header: 'Status', cell: (s) => <StatusBadge active={s.active} /> },
    { id: 'actions', header: 'Actions', hideable: false, cell: deleteButton },
  ];

  return (
    <ListPage
      title="Email subscriptions"
      description={
        <p className="text-sm text-muted-foreground">
          Newsletter subscribers, newest first. Unsubscribed readers stay listed as Inactive;
          deleting one erases the address.
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
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base font-medium break-all">{s.email}</h2>
              <StatusBadge active={s.active} />
            </div>
            <p className="text-sm text-muted-foreground">
              Subscribed <time dateTime={s.subscribedAt}>{formatDate(s.subscribedAt)}</time>
            </p>
            <div>{deleteButton(s)}</div>
          </article>
        ),
      }}
    >
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
