import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { AdminAuditPage } from '../../../features/audit/components/audit-page';
import { useAdminProviders } from '../../../features/providers/api/admin-providers';

export const Route = createFileRoute('/admin/_authed/audit')({
  validateSearch: (search: Record<string, unknown>): { subjectId?: string } =>
    typeof search.subjectId === 'string' && search.subjectId !== ''
      ? { subjectId: search.subjectId }
      : {},
  head: () => adminHead('Audit log'),
  component: AuditRoute,
});

/** The log can be filtered to one provider: the providers are its filter's choices. */
function AuditRoute() {
  const { subjectId } = Route.useSearch();
  const providers = useAdminProviders();
  const subjects = providers.data?.map((p) => ({ id: p._id, name: p.name }));
  return <AdminAuditPage subjectId={subjectId} subjects={subjects} />;
}
