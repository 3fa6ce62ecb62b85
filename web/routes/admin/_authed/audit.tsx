import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../features/admin/head';
import { AdminAuditPage } from '../../../features/admin/components/audit-page';

export const Route = createFileRoute('/admin/_authed/audit')({
  validateSearch: (search: Record<string, unknown>): { subjectId?: string } =>
    typeof search.subjectId === 'string' && search.subjectId !== ''
      ? { subjectId: search.subjectId }
      : {},
  head: () => adminHead('Audit log'),
  component: AuditRoute,
});

function AuditRoute() {
  const { subjectId } = Route.useSearch();
  return <AdminAuditPage subjectId={subjectId} />;
}
