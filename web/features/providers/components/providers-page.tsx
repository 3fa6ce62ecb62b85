import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import {
  BadgeCheck,
  Download,
  History,
  Pencil,
  Plus,
  RefreshCw,
  Star,
  StarOff,
  Trash2,
} from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { useToast } from '../../../components/ui/toast';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { type DataColumn } from '../../../components/data-table/data-table';
import { EmptyPanel, ListPage } from '../../../components/data-table/list-page';
import {
  PROVIDER_PAGE_SIZES,
  type AdminProviderListParams,
  type AdminProviderView,
  type ProviderSort,
} from '../../../../api/providers/contracts';
import { US_STATES } from '../../../../domain/shared/reference/states';
import { errorMessage } from '../../../lib/http-client';
import { providersCsvHref, useAdminProviderPage } from '../api/admin-provider-page';
import { useBulkProviders } from '../api/bulk-providers';
import { useRecomputeVialScore } from '../api/recompute-vial-score';
import { useVerifyPrices } from '../api/verify-prices';
import { PricesChecked } from './prices-checked';
import { useRestoreProvider } from '../api/restore-provider';
import { DeleteProviderDialog } from './delete-provider-dialog';
import { AdminProviderCard, AdminProviderCardSkeleton } from './admin-provider-card';
import { formatOutOf10 } from './vial-score';

const score5 = (value: number | null) => (value === null ? 'Not entered' : `${value}/5`);

const COLUMNS: DataColumn<AdminProviderView>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    hideable: false,
    cell: (p) => (
      <span className="flex flex-wrap items-center gap-2 font-medium">
        {p.name}
        {p.draft ? <Badge variant="outline">Draft</Badge> : null}
        {p.featured ? <Badge>Featured</Badge> : null}
      </span>
    ),
  },
  {
    id: 'vialScore',
    header: 'Vial Score',
    sortable: true,
    cell: (p) => formatOutOf10(p.vialScore),
  },
  {
    id: 'trustpilotScore',
    header: 'Trustpilot',
    sortable: true,
    cell: (p) => score5(p.trustpilotScore),
  },
  { id: 'googleScore', header: 'Google', sortable: true, cell: (p) => score5(p.googleScore) },
  {
    id: 'states',
    header: 'States',
    cell: (p) => `${p.states.length} ${p.states.length === 1 ? 'state' : 'states'}`,
  },
  {
    id: 'pricesCheckedAt',
    header: 'Prices checked',
    cell: (p) => <PricesChecked checkedAt={p.pricesCheckedAt} />,
  },
  {
    id: 'updatedAt',
    header: 'Updated',
    sortable: true,
    cell: (p) => new Date(p.updatedAt).toLocaleDateString('en-US', { dateStyle: 'medium' }),
  },
];

type Pending = { kind: 'delete'; rows: { id: string; name: string }[]; clear?: () => void };

/**
 * /admin/providers: the list on the data-table kit. Search, filters, order and page live in
 * the URL (`search`), so a filtered view can be linked, reloaded and exported as it is; the
 * server does the filtering, sorting and paging.
 */
export function AdminProvidersPage({
  search,
  onSearchChange,
  onEdit,
  onCreate,
}: {
  search: AdminProviderListParams;
  onSearchChange: (next: AdminProviderListParams) => void;
  onEdit: (id: string) => void;
  onCreate: () => void;
}) {
  const params = { page: 1, pageSize: 25, ...search };
  const providers = useAdminProviderPage(params);
  const [pending, setPending] = useState<Pending | null>(null);
  const bulk = useBulkProviders();
  const restore = useRestoreProvider();
  const recompute = useRecomputeVialScore();
  const verify = useVerifyPrices();
  const { toast } = useToast();
  const searchId = useId();
  const stateId = useId();
  const featuredId = useId();
  const statusId = useId();

  const rows = providers.data?.rows ?? [];
  const total = providers.data?.total ?? 0;
  const filtered = Boolean(
    search.q || search.state || search.featured || search.status || search.minScore !== undefined,
  );

  const undo = (ids: string[]) =>
    ids.forEach((id) =>
      restore.mutate(
        id,
        toastOutcome({
          success: 'Provider restored',
          failure: 'Failed to restore provider',
          fallback: '',
        }),
      ),
    );

  const runBulk = (action: 'feature' | 'unfeature' | 'delete', ids: string[], clear?: () => void) =>
    bulk.mutate(
      { action, ids },
      {
        onSuccess: ({ results }) => {
          const done = results.filter((r) => r.ok).map((r) => r.id);
          const failed = results.filter((r) => !r.ok);
          setPending(null);
          clear?.();
          if (action === 'delete') {
            toast({
              title:
                done.length === 1
                  ? 'Provider deleted successfully'
                  : `${done.length} providers deleted`,
              variant: 'success',
              action: { label: 'Undo', onClick: () => undo(done) },
            });
          } else if (done.length > 0) {
            toast({
              title: `${done.length} ${done.length === 1 ? 'provider' : 'providers'} ${action === 'feature' ? 'featured' : 'unfeatured'}`,
              variant: 'success',
            });
          }
          if (failed.length > 0) {
            toast({
              title: `${failed.length} could not be changed`,
              description: [...new Set(failed.map((f) => f.error))].join(' '),
              variant: 'error',
            });
          }
        },
        onError: (cause) => {
          setPending(null);
          toast({
            title: action === 'delete' ? 'Failed to delete provider' : 'Failed to update providers',
            description: errorMessage(cause, ''),
            variant: 'error',
          });
        },
      },
    );

  /** A one-provider action: its success toast names the provider. */
  const perProvider =
    (
      mutation: { mutate: (id: string, outcome: ReturnType<typeof toastOutcome>) => void },
      success: string,
      failure: string,
    ) =>
    (provider: AdminProviderView) =>
      mutation.mutate(
        provider._id,
        toastOutcome({
          success: { title: success, description: provider.name },
          failure,
          fallback: '',
        }),
      );
  const runVerify = perProvider(
    verify,
    'Prices marked as checked today',
    'Failed to mark prices as checked',
  );
  const runRecompute = perProvider(
    recompute,
    'Vial Score recomputed and published',
    'Failed to recompute Vial Score',
  );

  /**
   * The row's actions, as the phone card has them. At 1280 px the table must fit its area
   * (issue 27): Edit and Delete keep their words, the three others are icons whose names are
   * read out and shown on hover (title).
   */
  const actions: DataColumn<AdminProviderView> = {
    id: 'actions',
    header: 'Actions',
    hideable: false,
    cell: (p) => {
      const recomputing = recompute.isPending && recompute.variables === p._id;
      return (
        // Three short lines (Edit; the three icons; Delete) keep the column narrow at 1280 px.
        <span className="grid gap-1">
          <span className="flex gap-1">
            <Button variant="outline" size="sm" onClick={() => onEdit(p._id)}>
              <Pencil aria-hidden="true" />
              Edit<span className="sr-only"> {p.name}</span>
            </Button>
          </span>
          <span className="flex gap-1">
            <Button
              variant="outline"
              size="sm"
              title="Prices verified"
              disabled={verify.isPending && verify.variables === p._id}
              onClick={() => runVerify(p)}
            >
              <BadgeCheck aria-hidden="true" />
              <span className="sr-only">Prices verified for {p.name}</span>
            </Button>
            {p.draft ? null : (
              <Button
                variant="outline"
                size="sm"
                title={recomputing ? 'Recomputing...' : 'Recompute Vial Score'}
                disabled={recomputing}
                onClick={() => runRecompute(p)}
              >
                <RefreshCw aria-hidden="true" />
                <span className="sr-only">
                  {recomputing ? 'Recomputing...' : 'Recompute Vial Score'} for {p.name}
                </span>
              </Button>
            )}
            <Button variant="ghost" size="sm" title="History" asChild>
              <Link to="/admin/audit" search={{ subjectId: p._id }}>
                <History aria-hidden="true" />
                <span className="sr-only">History of {p.name}</span>
              </Link>
            </Button>
          </span>
          <span>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-destructive-soft"
              onClick={() => setPending({ kind: 'delete', rows: [{ id: p._id, name: p.name }] })}
            >
              <Trash2 aria-hidden="true" />
              Delete<span className="sr-only"> {p.name}</span>
            </Button>
          </span>
        </span>
      );
    },
  };

  return (
    <ListPage
      title="Providers"
      focusableTitle
      actions={
        <>
          <Button variant="ghost" asChild>
            <Link to="/admin/providers/trash">
              <Trash2 aria-hidden="true" />
              Trash
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <a href={providersCsvHref(search)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" />
            Add Provider
          </Button>
        </>
      }
      url={{
        search,
        onSearchChange,
        searchBox: { id: searchId, label: 'Search providers', placeholder: 'Search providers...' },
        filters: (set) => [
          <div className="grid gap-2">
            <Label htmlFor={stateId}>State</Label>
            <select
              id={stateId}
              className="h-11 rounded-md border border-input bg-background px-3 text-sm"
              value={search.state ?? ''}
              onChange={(e) =>
                set({ state: (e.target.value || undefined) as AdminProviderListParams['state'] })
              }
            >
              <option value="">All states</option>
              {US_STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>,
          <div className="grid gap-2">
            <Label htmlFor={featuredId}>Featured</Label>
            <select
              id={featuredId}
              className="h-11 rounded-md border border-input bg-background px-3 text-sm"
              value={search.featured ?? ''}
              onChange={(e) =>
                set({
                  featured: (e.target.value || undefined) as AdminProviderListParams['featured'],
                })
              }
            >
              <option value="">All providers</option>
              <option value="yes">Featured only</option>
              <option value="no">Not featured</option>
            </select>
          </div>,
          <div className="grid gap-2">
            <Label htmlFor={statusId}>Status</Label>
            <select
              id={statusId}
              className="h-11 rounded-md border border-input bg-background px-3 text-sm"
              value={search.status ?? ''}
              onChange={(e) =>
                set({ status: (e.target.value || undefined) as AdminProviderListParams['status'] })
              }
            >
              <option value="">Drafts and published</option>
              <option value="draft">Drafts only</option>
              <option value="published">Published only</option>
            </select>
          </div>,
        ],
        pager: { page: params.page, pageSize: params.pageSize, pageSizes: PROVIDER_PAGE_SIZES },
      }}
      query={providers}
      rows={rows}
      total={total}
      noun={['provider', 'providers']}
      loadFailedToast="Failed to load providers"
      loading={
        <div className="grid gap-4" aria-hidden="true">
          <AdminProviderCardSkeleton />
          <AdminProviderCardSkeleton />
        </div>
      }
      empty={(list) => (
        <EmptyPanel
          headline="No providers found"
          detail={search.q ? <>No provider name or description matches “{search.q}”.</> : undefined}
          filtered={filtered}
          list={list}
          start={
            <Button onClick={onCreate}>
              <Plus aria-hidden="true" />
              Add First Provider
            </Button>
          }
        />
      )}
      table={{
        label: 'Providers',
        rowId: (p) => p._id,
        rowName: (p) => p.name,
        columns: [...COLUMNS, actions],
        sort: search.sort ? { id: search.sort, desc: search.dir === 'desc' } : null,
        onSortChange: (sort) =>
          onSearchChange({
            ...search,
            page: undefined,
            sort: sort?.id as ProviderSort | undefined,
            dir: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
          }),
        renderCard: (p, select) => (
          <AdminProviderCard
            provider={p}
            select={select}
            recomputing={recompute.isPending && recompute.variables === p._id}
            onEdit={() => onEdit(p._id)}
            onDelete={() => setPending({ kind: 'delete', rows: [{ id: p._id, name: p.name }] })}
            onRecompute={() => runRecompute(p)}
            verifying={verify.isPending && verify.variables === p._id}
            onVerifyPrices={() => runVerify(p)}
          />
        ),
        bulkActions: (ids, clear) => (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={bulk.isPending}
              onClick={() => runBulk('feature', ids, clear)}
            >
              <Star aria-hidden="true" />
              Feature
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={bulk.isPending}
              onClick={() => runBulk('unfeature', ids, clear)}
            >
              <StarOff aria-hidden="true" />
              Unfeature
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={bulk.isPending}
              onClick={() =>
                setPending({
                  kind: 'delete',
                  rows: ids.map((id) => ({
                    id,
                    name: rows.find((r) => r._id === id)?.name ?? id,
                  })),
                  clear,
                })
              }
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        ),
      }}
    >
      <DeleteProviderDialog
        names={pending?.rows.map((r) => r.name) ?? []}
        open={pending !== null}
        pending={bulk.isPending}
        onConfirm={() =>
          pending &&
          runBulk(
            'delete',
            pending.rows.map((r) => r.id),
            pending.clear,
          )
        }
        onOpenChange={(open) => {
          if (!open && !bulk.isPending) setPending(null);
        }}
      />
    </ListPage>
  );
}
