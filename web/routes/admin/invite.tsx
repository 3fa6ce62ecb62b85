import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../lib/back-office';
import { AdminInvitePage } from '../../features/admins/components/invite-page';

export const Route = createFileRoute('/admin/invite')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  head: () => adminHead('Accept your invitation'),
  component: InviteRoute,
});

function InviteRoute() {
  const { token } = Route.useSearch();
  return <AdminInvitePage token={token ?? ''} />;
}
