import { useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import {
  SUBMISSION_PAGE_SIZES,
  SUBMISSION_STATUS_LABELS,
  type SubmissionView,
} from '../../../../api/submissions/contracts';
import { DataPager, DataTable, type DataColumn } from '../../../components/data-table/data-table';
import { ListStatus } from '../../../components/data-table/list-status';
import { SearchBox } from '../../../components/data-table/search-box';
import { Button } from '../../../components/ui/button';
import { StatusFilter } from '../../../components/data-table/status-filter';
import { useAdminSubmissionPage, type SubmissionSearch } from '../api/admin-submissions';
import { SubmissionStatusBadge } from './submission-status-badge';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const detailLink = (s: SubmissionView) => (
  <Link
    to="/admin/submissions/$id"
    params={{ id: s._id }}
    className="font-medium text-primary underline underline-offset-2"
  >
    {s.providerName}
  </Link>
);

const COLUMNS: DataColumn<SubmissionView>[] = [
  { id: 'providerName', header: 'Provider', hideable: false, cell: detailLink },
  { id: 'status', header: 'Status', cell: (s) => <SubmissionStatusBadge status={s.status} /> },
  {
    id: 'timestamp',
    header: 'Submitted',
    cell: (s) => <time dateTime={s.timestamp}>{formatDate(s.timestamp)}</time>,
  },
  {
    id: 'submitter',
    header: 'Submitted by',
    cell: (s) => s.submitterName || s.submitterEmail || 'Not given',
  },
  { id: 'contactEmail', header: 'Contact email', cell: (s) => s.contactEmail },
];

/**
 * /admin/submissions: the inbox of provider submissions on the data-table kit, newest first.
 * Status, search and page live in the URL (`search`); the server filters and pages.
 */
export function SubmissionsInbox({
  search,
  onSearchChange,
}: {
  search: SubmissionSearch;
  onSearchChange: (next: SubmissionSearch) => void;
}) {
  const params = { page: 1, pageSize: 25, ...search };
  const submissions = useAdminSubmissionPage(params);
  const [query, setQuery] = useState(search.q ?? '');
  const searchId = useId();
  const statusId = useId();

  const set = (patch: SubmissionSearch) => onSearchChange({ ...search, page: undefined, ...patch });

  // The search box sends its text 250 ms after the last keystroke.
  useEffect(() => {
    if ((search.q ?? '') === query) return;
    const timer = setTimeout(() => set({ q: query || undefined }), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the timer
  }, [query]);

  const rows = submissions.data?.rows ?? [];
  const total = submissions.data?.total ?? 0;

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Button variant="ghost" asChild className="-ml-3 w-fit">
          <Link to="/admin/dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Provider submissions</h1>
        <p className="text-sm text-muted-foreground">
          Sent from the public Add Your Provider form. Accepting one lists the provider, not
          featured, for you to complete.
        </p>
      </div>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-end">
        <SearchBox
          id={searchId}
          label="Search submissions"
          placeholder="Search by provider name..."
          value={query}
          onChange={setQuery}
        />
        <StatusFilter
          id={statusId}
          allLabel="All submissions"
          labels={SUBMISSION_STATUS_LABELS}
          value={search.status}
          onChange={(status) => set({ status })}
        />
      </div>

      <ListStatus query={submissions} total={total} noun={['submission', 'submissions']} />

      {submissions.isPending ? (
        <p className="text-muted-foreground">Loading submissions...</p>
      ) : null}

      {submissions.isSuccess && rows.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
          {search.q || search.status
            ? 'No submissions match these filters.'
            : 'No submissions yet.'}
        </p>
      ) : null}

      {rows.length > 0 ? (
        <>
          <DataTable
            label="Provider submissions"
            rows={rows}
            rowId={(s) => s._id}
            rowName={(s) => s.providerName}
            columns={COLUMNS}
            sort={null}
            onSortChange={() => undefined}
            renderCard={(s) => (
              <article className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-card">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-base">{detailLink(s)}</h2>
                  <SubmissionStatusBadge status={s.status} />
                </div>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={s.timestamp}>{formatDate(s.timestamp)}</time>
                  {' · '}
                  {s.contactEmail}
                </p>
              </article>
            )}
          />
          <DataPager
            page={params.page}
            pageSize={params.pageSize}
            total={total}
            pageSizes={SUBMISSION_PAGE_SIZES}
            onPageChange={(page) => onSearchChange({ ...search, page })}
            onPageSizeChange={(pageSize) => set({ pageSize })}
          />
        </>
      ) : null}
    </div>
  );
}
