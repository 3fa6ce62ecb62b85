import type { ReactNode } from 'react';
import type { DataColumn, DataTableProps } from '../../../components/data-table/data-table';
import { Badge } from '../../../components/ui/badge';
import { formatCount, formatDate } from '../../../lib/format';
import { ARCHIVE_PATHS } from '../api/archive';
import type { IssueSummary } from '../api/admin-newsletter';
import { formatLocalDateTime } from '../../../lib/local-time';
import { ISSUE_STATUS_LABELS } from '../issue-desk';

/** A count, or a dash while the issue has none yet (not sent). */
const count = (n: number | null): string => (n === null ? '–' : formatCount(n));

function Subject({ issue }: { issue: IssueSummary }) {
  if (issue.status !== 'sent')
    return <span className="font-medium break-words">{issue.subject}</span>;
  return (
    <a
      href={ARCHIVE_PATHS.issuePage(issue.slug)}
      className="font-medium break-words text-primary underline underline-offset-4 hover:no-underline"
    >
      {issue.subject}
    </a>
  );
}

function Status({ issue }: { issue: IssueSummary }) {
  return (
    <span className="grid justify-items-start gap-1">
      <Badge variant={issue.status === 'sent' ? 'secondary' : 'muted'}>
        {ISSUE_STATUS_LABELS[issue.status]}
      </Badge>
      {issue.status === 'scheduled' && issue.sendAt ? (
        <span className="text-sm text-muted-foreground">
          for {formatLocalDateTime(issue.sendAt)}
        </span>
      ) : null}
    </span>
  );
}

function SentDate({ issue }: { issue: IssueSummary }) {
  const day = formatDate(issue.sentAt);
  return day ? <time dateTime={issue.sentAt}>{day}</time> : <span aria-label="Not sent">–</span>;
}

const NUMBERS: readonly {
  id: string;
  header: string;
  value: (issue: IssueSummary) => number | null;
}[] = [
  { id: 'recipients', header: 'Recipients', value: (i) => i.recipients },
  { id: 'sent', header: 'Sent', value: (i) => i.sent },
  { id: 'failed', header: 'Failed', value: (i) => i.failed },
  { id: 'bounced', header: 'Bounced', value: (i) => i.bounced },
  { id: 'unsubscribedSince', header: 'Unsubscribed since', value: (i) => i.unsubscribedSince },
];

const columns: DataColumn<IssueSummary>[] = [
  { id: 'subject', header: 'Subject', hideable: false, cell: (i) => <Subject issue={i} /> },
  { id: 'status', header: 'Status', cell: (i) => <Status issue={i} /> },
  { id: 'sentAt', header: 'Sent on', cell: (i) => <SentDate issue={i} /> },
  ...NUMBERS.map(({ id, header, value }): DataColumn<IssueSummary> => ({
    id,
    header,
    className: 'text-right tabular-nums',
    cell: (i) => count(value(i)),
  })),
];

function Card({ issue }: { issue: IssueSummary }): ReactNode {
  return (
    <article className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base">
          <Subject issue={issue} />
        </h3>
        <Status issue={issue} />
      </div>
      <p className="text-sm text-muted-foreground">
        Sent on <SentDate issue={issue} />
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {NUMBERS.map(({ id, header, value }) => (
          <div key={id} className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{header}</dt>
            <dd className="tabular-nums">{count(value(issue))}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** The past issues' table (cards under 640 px), newest first as the server lists them. */
export const pastIssuesTable: Omit<
  DataTableProps<IssueSummary>,
  'rows' | 'sort' | 'onSortChange'
> = {
  label: 'Past issues',
  rowId: (i) => i._id,
  rowName: (i) => i.subject,
  columns,
  renderCard: (i) => <Card issue={i} />,
};
