import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import type { SeoOverrideView } from '../../../../../api/site-content/contracts';
import { type DataColumn } from '../../../../components/data-table/data-table';
import { EmptyNote, ListPage } from '../../../../components/data-table/list-page';
import { Button } from '../../../../components/ui/button';
import { useAdminSeoOverrides } from '../../api/admin-site-content';
import { formatLocalDateTime } from '../../../../lib/local-time';

const editLink = (o: SeoOverrideView) => (
  <Link
    to="/admin/seo/$pageType/$pageSlug"
    params={{ pageType: o.pageType, pageSlug: o.pageSlug }}
    className="font-medium text-primary underline underline-offset-2"
    aria-label={`Edit the SEO override of ${o.path}`}
  >
    Edit
  </Link>
);

const orDefault = (value: string) =>
  value ? (
    <span className="break-words">{value}</span>
  ) : (
    <span className="text-muted-foreground">Page default</span>
  );

const COLUMNS: DataColumn<SeoOverrideView>[] = [
  {
    id: 'path',
    header: 'Page',
    hideable: false,
    cell: (o) => (
      <span className="grid">
        <code className="font-medium">{o.path}</code>
        <span className="text-xs text-muted-foreground">
          {o.pageType} / {o.pageSlug}
        </span>
      </span>
    ),
  },
  { id: 'metaTitle', header: 'Meta title', cell: (o) => orDefault(o.metaTitle) },
  { id: 'robots', header: 'Robots', cell: (o) => orDefault(o.robotsDirective) },
  {
    id: 'updatedAt',
    header: 'Updated',
    cell: (o) => <time dateTime={o.updatedAt}>{formatLocalDateTime(o.updatedAt)}</time>,
  },
  { id: 'action', header: 'Action', hideable: false, cell: editLink },
];

/** /admin/seo: every page's SEO override; each opens its editor, New adds one for any page. */
export function SeoList() {
  const query = useAdminSeoOverrides();
  const rows = query.data ?? [];
  return (
    <ListPage
      title="SEO overrides"
      actions={
        <Button asChild>
          <Link to="/admin/seo/new">
            <Plus aria-hidden="true" />
            New override
          </Link>
        </Button>
      }
      description={
        <p className="max-w-3xl text-sm text-muted-foreground">
          Search-engine settings that replace a public page&apos;s own title, description, keywords,
          canonical URL, social image or robots directive. Empty fields keep the page&apos;s
          defaults.
        </p>
      }
      query={query}
      rows={rows}
      total={rows.length}
      noun={['override', 'overrides']}
      loading={<p className="text-muted-foreground">Loading SEO overrides...</p>}
      empty={<EmptyNote>No SEO overrides yet: every page uses its own defaults.</EmptyNote>}
      table={{
        label: 'SEO overrides',
        rowId: (o) => o.path,
        rowName: (o) => o.path,
        columns: COLUMNS,
        renderCard: (o) => (
          <article className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-card">
            <h2 className="text-base font-medium">
              <code>{o.path}</code>
            </h2>
            <p className="text-sm">{orDefault(o.metaTitle)}</p>
            <div>{editLink(o)}</div>
          </article>
        ),
      }}
    />
  );
}
