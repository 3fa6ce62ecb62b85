import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../lib/back-office';
import { AdminSetupPage } from '../../features/admins/components/setup-page';

export const Route = createFileRoute('/admin/setup')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  head: () => adminHead('Set up the administrator'),
  component: SetupRoute,
});

function SetupRoute() {
  const { token } = Route.useSearch();
  return <AdminSetupPage token={token ?? ''} />;
}
