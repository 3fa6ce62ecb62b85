import { Link } from '@tanstack/react-router';
import {
  SITE_CONTENT_KEYS,
  SITE_CONTENT_KEY_LIST,
  type SiteContentKey,
  type SiteContentRowView,
} from '../../../../../api/site-content/contracts';
import { SITE_CONTENT_DEFAULTS } from '../../../../../domain/site-content/key-defaults';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table';
import { ListStatus } from '../../../../components/data-table/list-status';
import { BackToDashboard } from '../../../../components/data-table/list-page';
import { Badge } from '../../../../components/ui/badge';
import { useAdminSiteContent } from '../../api/admin-site-content';
import { formatLocalDateTime } from '../../../../lib/local-time';

/** One known key with its row, if it has one. */
export interface ContentKeyRow {
  key: SiteContentKey;
  row: SiteContentRowView | null;
}

const PREVIEW_CHARS = 90;
const preview = (text: string) =>
  text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;

/** What the page shows for a key without a row. */
const builtIn = (key: SiteContentKey) =>
  key === 'contact_email'
    ? 'Not set: CONTACT_EMAIL from configuration'
    : `Not set: ${preview((SITE_CONTENT_DEFAULTS[key] ?? '').replace(/\s+/g, ' '))}`;

function StatusBadge({ row }: { row: SiteContentRowView | null }) {
  if (!row) return <Badge variant="muted">Built-in text</Badge>;
  return row.active ? (
    <Badge variant="secondary">Active</Badge>
  ) : (
    <Badge variant="outline">Inactive (built-in text shown)</Badge>
  );
}

const actionLink = ({ key, row }: ContentKeyRow) => (
  <Link
    to="/admin/site-content/$key"
    params={{ key }}
    className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-2 md:min-h-0"
    aria-label={`${row ? 'Edit' : 'Create'} ${SITE_CONTENT_KEYS[key].label}`}
  >
    {row ? 'Edit' : 'Create'}
  </Link>
);

const COLUMNS: DataColumn<ContentKeyRow>[] = [
  {
    id: 'key',
    header: 'Key',
    hideable: false,
    cell: ({ key }) => (
      <span className="grid">
        <span className="font-medium">{SITE_CONTENT_KEYS[key].label}</span>
        <code className="text-xs text-muted-foreground">{key}</code>
      </span>
    ),
  },
  {
    id: 'content',
    header: 'Content',
    cell: ({ key, row }) =>
      row ? (
        <span className="break-words">{preview(row.content)}</span>
      ) : (
        <span className="break-words text-muted-foreground">{builtIn(key)}</span>
      ),
  },
  { id: 'active', header: 'Status', cell: ({ row }) => <StatusBadge row={row} /> },
  {
    id: 'updatedAt',
    header: 'Updated',
    cell: ({ row }) =>
      row ? <time dateTime={row.updatedAt}>{formatLocalDateTime(row.updatedAt)}</time> : '—',
  },
  { id: 'action', header: 'Action', hideable: false, cell: actionLink },
];

/**
 * /admin/site-content: every key the public pages read, with its row (content, active) or
 * 'Built-in text' when it has none; Edit or Create opens the key's editor.
 */
export function SiteContentList() {
  const query = useAdminSiteContent();
  const byKey = new Map((query.data ?? []).map((row) => [row.key, row]));
  const rows: ContentKeyRow[] = SITE_CONTENT_KEY_LIST.map((key) => ({
    key,
    row: byKey.get(key) ?? null,
  }));

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <BackToDashboard />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Site content</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          The texts the public pages read. Only active rows are shown to visitors; a key that is not
          set or inactive shows the page&apos;s built-in text. Changes show on the site as soon as
          they are saved.
        </p>
      </div>

      {/* Every key is listed (set or built-in), so the status counts the keys, not the rows. */}
      <ListStatus query={query} total={rows.length} noun={['content key', 'content keys']} />
      {query.isPending ? <p className="text-muted-foreground">Loading site content...</p> : null}

      {query.isSuccess ? (
        <DataTable
          label="Site content"
          rows={rows}
          rowId={(r) => r.key}
          rowName={(r) => SITE_CONTENT_KEYS[r.key].label}
          columns={COLUMNS}
          sort={null}
          onSortChange={() => undefined}
          renderCard={(r) => (
            <article className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-card">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-base font-medium">{SITE_CONTENT_KEYS[r.key].label}</h2>
                <StatusBadge row={r.row} />
              </div>
              <code className="text-xs text-muted-foreground">{r.key}</code>
              {r.row ? <p className="text-sm break-words">{preview(r.row.content)}</p> : null}
              <div>{actionLink(r)}</div>
            </article>
          )}
        />
      ) : null}
    </div>
  );
}
