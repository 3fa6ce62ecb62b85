import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import {
  SUBMISSION_PAGE_SIZES,
  SUBMISSION_STATUS_LABELS,
  type SubmissionView,
} from '../../../../api/submissions/contracts';
import { type DataColumn } from '../../../components/data-table/data-table';
import { EmptyNote, ListPage } from '../../../components/data-table/list-page';
import { useAdminSubmissionPage, type SubmissionSearch } from '../api/admin-submissions';
import { SubmissionStatusBadge } from './submission-status-badge';
import { formatLocalDateTime } from '../../../lib/local-time';

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
    cell: (s) => <time dateTime={s.timestamp}>{formatLocalDateTime(s.timestamp)}</time>,
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
  const searchId = useId();
  const statusId = useId();

  return (
    <ListPage
      title="Provider submissions"
      description={
        <p className="text-sm text-muted-foreground">
          Sent from the public Add Your Provider form. Accepting one lists the provider, not
          featured, for you to complete.
        </p>
      }
      url={{
        search,
        onSearchChange,
        searchBox: {
          id: searchId,
          label: 'Search submissions',
          placeholder: 'Search by provider name...',
        },
        statusFilter: {
          id: statusId,
          allLabel: 'All submissions',
          labels: SUBMISSION_STATUS_LABELS,
        },
        pager: { page: params.page, pageSize: params.pageSize, pageSizes: SUBMISSION_PAGE_SIZES },
      }}
      query={submissions}
      rows={submissions.data?.rows ?? []}
      total={submissions.data?.total ?? 0}
      noun={['submission', 'submissions']}
      empty={
        <EmptyNote>
          {search.q || search.status
            ? 'No submissions match these filters.'
            : 'No submissions yet.'}
        </EmptyNote>
      }
      table={{
        label: 'Provider submissions',
        rowId: (s) => s._id,
        rowName: (s) => s.providerName,
        columns: COLUMNS,
        renderCard: (s) => (
          <article className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-card">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base">{detailLink(s)}</h2>
              <SubmissionStatusBadge status={s.status} />
            </div>
            <p className="text-sm text-muted-foreground">
              <time dateTime={s.timestamp}>{formatLocalDateTime(s.timestamp)}</time>
              {' · '}
              {s.contactEmail}
            </p>
          </article>
        ),
      }}
    />
  );
}
