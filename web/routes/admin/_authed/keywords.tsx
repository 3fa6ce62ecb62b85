import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { KeywordsAdmin } from '../../../features/keywords/components/keywords-admin';
import type { KeywordSearch } from '../../../features/keywords/api/admin-keywords';
import { KEYWORD_PAGE_SIZES, KEYWORD_STATUSES } from '../../../../api/keywords/contracts';
import { definedOnly, oneOfParam, textParam, wholeParam } from '../../../lib/search-params';

/**
 * Each parameter the list understands is kept; one it cannot read is dropped, not an error page.
 * The server's rules (api/keywords/list-params.ts) without zod: this file is in every page's
 * route tree.
 */
function readSearch(search: Record<string, unknown>): KeywordSearch {
  const pageSize = wholeParam(search.pageSize, 1, 100);
  return definedOnly({
    q: textParam(search.q, 200),
    status: oneOfParam(search.status, KEYWORD_STATUSES),
    page: wholeParam(search.page, 1, 100_000),
    pageSize:
      pageSize !== undefined && (KEYWORD_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : undefined,
  });
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
