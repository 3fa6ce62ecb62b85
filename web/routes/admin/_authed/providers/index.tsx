import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { AdminProvidersPage } from '../../../../features/providers/components/providers-page';
import {
  PROVIDER_PAGE_SIZES,
  PROVIDER_SORTS,
  PROVIDER_STATUSES,
  type AdminProviderListParams,
} from '../../../../../api/providers/contracts';
import { STATE_CODES } from '../../../../../domain/shared/reference/states';
import {
  definedOnly,
  numberParam,
  oneOfParam,
  textParam,
  wholeParam,
} from '../../../../lib/search-params';

/**
 * Each parameter the list understands is kept; one it cannot read is dropped, not an error page.
 * The same rules as adminProviderListParams, without zod (this file is in every page's route tree).
 */
function readListSearch(search: Record<string, unknown>): AdminProviderListParams {
  const pageSize = wholeParam(search.pageSize, 1, 100);
  return definedOnly({
    q: textParam(search.q, 200),
    featured: oneOfParam(search.featured, ['yes', 'no'] as const),
    status: oneOfParam(search.status, PROVIDER_STATUSES),
    state: oneOfParam(search.state, STATE_CODES),
    minScore: numberParam(search.minScore, 0, 10),
    sort: oneOfParam(search.sort, PROVIDER_SORTS),
    dir: oneOfParam(search.dir, ['asc', 'desc'] as const),
    page: wholeParam(search.page, 1, 100_000),
    pageSize:
      pageSize !== undefined && (PROVIDER_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : undefined,
  });
}

export const Route = createFileRoute('/admin/_authed/providers/')({
  validateSearch: readListSearch,
  head: () => adminHead('Providers'),
  component: ProvidersRoute,
});

function ProvidersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminProvidersPage
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
      onEdit={(id) => void navigate({ to: '/admin/providers/$id/edit', params: { id } })}
      onCreate={() => void navigate({ to: '/admin/providers/new' })}
    />
  );
}
