import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { KeywordsAdmin } from '../../../features/keywords/components/keywords-admin';
import type { KeywordSearch } from '../../../features/keywords/api/admin-keywords';
import { keywordListParams } from '../../../../api/keywords/contracts';

/** Each parameter the list understands is kept; one it cannot read is dropped, not an error page. */
function readSearch(search: Record<string, unknown>): KeywordSearch {
  const out: KeywordSearch = {};
  const status = keywordListParams.shape.status.safeParse(search.status);
  if (status.success && status.data) out.status = status.data;
  const q = keywordListParams.shape.q.safeParse(search.q);
  if (q.success && q.data) out.q = q.data;
  if (search.page !== undefined) {
    const page = keywordListParams.shape.page.safeParse(search.page);
    if (page.success) out.page = page.data;
  }
  if (search.pageSize !== undefined) {
    const size = keywordListParams.shape.pageSize.safeParse(search.pageSize);
    if (size.success) out.pageSize = size.data;
  }
  return out;
}

export const Route = createFileRoute('/admin/_authed/keywords')({
  validateSearch: readSearch,
  head: () => adminHead('Keywords'),
  component: KeywordsRoute,
});

function KeywordsRoute() {
  const navigate = Route.useNavigate();
  return (
    <KeywordsAdmin
      search={Route.useSearch()}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
