import { useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Download, Trash2 } from 'lucide-react';
import {
  SUBSCRIPTION_ADMIN_MESSAGES,
  SUBSCRIPTION_PAGE_SIZES,
  type SubscriptionStatus,
  type SubscriptionView,
} from '../../../../api/newsletter/contracts';
import { DataPager, DataTable, type DataColumn } from '../../../components/data-table/data-table';
import { ListStatus } from '../../../components/data-table/list-status';
import { SearchBox } from '../../../components/data-table/search-box';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { StatusFilter } from '../../../components/data-table/status-filter';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/http-client';
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
  const { toast } = useToast();
  const [query, setQuery] = useState(search.q ?? '');
  const [pending, setPending] = useState<SubscriptionView | null>(null);
  const searchId = useId();
  const statusId = useId();

  const set = (patch: SubscriptionSearch) =>
    onSearchChange({ ...search, page: undefined, ...patch });

  // The search box sends its text 250 ms after the last keystroke.
  useEffect(() => {
    if ((search.q ?? '') === query) return;
    const timer = setTimeout(() => set({ q: query || undefined }), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the timer
  }, [query]);

  useEffect(() => {
    if (subscriptions.isError)
      toast({
        title: M.loadFailed,
        description: errorMessage(subscriptions.error, ''),
        variant: 'error',
      });
  }, [subscriptions.isError, subscriptions.error, toast]);

  const rows = subscriptions.data?.rows ?? [];
  const total = subscriptions.data?.total ?? 0;

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending._id, {
      onSuccess: () => {
        toast({ title: M.deleted, variant: 'success' });
        setPending(null);
      },
      onError: (cause) => {
        toast({ title: M.deleteFailed, description: errorMessage(cause, ''), variant: 'error' });
        setPending(null);
      },
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
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Button variant="ghost" asChild className="-ml-3 w-fit">
          <Link to="/admin/dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Email subscriptions</h1>
            <p className="text-sm text-muted-foreground">
              Newsletter subscribers, newest first. Unsubscribed readers stay listed as Inactive;
              deleting one erases the address.
            </p>
          </div>
          <Button variant="outline" asChild>
            <a href={subscriptionsCsvHref(search)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-end">
        <SearchBox
          id={searchId}
          label="Search subscriptions by email"
          placeholder={M.searchPlaceholder}
          value={query}
          onChange={setQuery}
        />
        <StatusFilter
          id={statusId}
          allLabel="All subscriptions"
          labels={STATUS_LABELS}
          value={search.status}
          onChange={(status) => set({ status })}
        />
      </div>

      <ListStatus query={subscriptions} total={total} noun={['subscription', 'subscriptions']} />

      {subscriptions.isPending ? (
        <p className="text-muted-foreground">Loading subscriptions...</p>
      ) : null}

      {subscriptions.isSuccess && rows.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
          {M.empty}
        </p>
      ) : null}

      {rows.length > 0 ? (
        <>
          <DataTable
            label="Email subscriptions"
            rows={rows}
            rowId={(s) => s._id}
            rowName={(s) => s.email}
            columns={columns}
            sort={null}
            onSortChange={() => undefined}
            renderCard={(s) => (
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
            )}
          />
          <DataPager
            page={params.page}
            pageSize={params.pageSize}
            total={total}
            pageSizes={SUBSCRIPTION_PAGE_SIZES}
            onPageChange={(page) => onSearchChange({ ...search, page })}
            onPageSizeChange={(pageSize) => set({ pageSize })}
          />
        </>
      ) : null}

      <DeleteSubscriptionDialog
        email={pending?.email ?? ''}
        open={pending !== null}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPending(null);
        }}
      />
    </div>
  );
}
