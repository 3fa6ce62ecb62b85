import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { AdminBlogList } from '../../../../features/blog/components/admin-blog-list';
import type { AdminBlogSearch } from '../../../../features/blog/api/admin-posts';
import { ADMIN_BLOG_PAGE_SIZES } from '../../../../../api/blog/contracts';

const STATUSES = ['published', 'draft', 'scheduled'] as const;

/** Each parameter the list understands is kept; one it cannot read is dropped, not an error page. */
function readSearch(search: Record<string, unknown>): AdminBlogSearch {
  const out: AdminBlogSearch = {};
  if (typeof search.q === 'string' && search.q.trim()) out.q = search.q.slice(0, 200);
  const status = STATUSES.find((s) => s === search.status);
  if (status) out.status = status;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  const size = Number(search.pageSize);
  if ((ADMIN_BLOG_PAGE_SIZES as readonly number[]).includes(size)) out.pageSize = size;
  return out;
}

export const Route = createFileRoute('/admin/_authed/blog/')({
  validateSearch: readSearch,
  head: () => adminHead('Blog'),
  component: BlogAdminRoute,
});

function BlogAdminRoute() {
  const navigate = Route.useNavigate();
  return (
    <AdminBlogList
      search={Route.useSearch()}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      onEdit={(id) => void navigate({ to: '/admin/blog/edit/$id', params: { id } })}
      onCreate={() => void navigate({ to: '/admin/blog/new' })}
    />
  );
}
