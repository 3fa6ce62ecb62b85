import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { AdminProvidersPage } from '../../../../features/providers/components/providers-page';
import {
  adminProviderListParams,
  type AdminProviderListParams,
} from '../../../../../api/providers/contracts';

/** Each parameter the list understands is kept; one it cannot read is dropped, not an error page. */
function readListSearch(search: Record<string, unknown>): AdminProviderListParams {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(adminProviderListParams.shape)) {
    const parsed = schema.safeParse(search[key]);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') out[key] = parsed.data;
  }
  return out as AdminProviderListParams; // each value passed its own field's schema above
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
