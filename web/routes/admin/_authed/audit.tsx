import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { AdminAuditPage, type AuditSearch } from '../../../features/audit/components/audit-page';
import { useAdminProviders } from '../../../features/providers/api/admin-providers';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max
    ? value.trim()
    : undefined;

/** Filters the URL can carry; anything unreadable is dropped rather than shown as an error page. */
function readAuditSearch(search: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {
    subjectId: text(search.subjectId, 100),
    kind: text(search.kind, 40),
    actor: text(search.actor, 254),
    from: typeof search.from === 'string' && DAY.test(search.from) ? search.from : undefined,
    to: typeof search.to === 'string' && DAY.test(search.to) ? search.to : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

export const Route = createFileRoute('/admin/_authed/audit')({
  validateSearch: readAuditSearch,
  head: () => adminHead('Audit log'),
  component: AuditRoute,
});

/** The log can be filtered to one provider: the providers are its filter's choices. */
function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const providers = useAdminProviders();
  const subjects = providers.data?.map((p) => ({ id: p._id, name: p.name }));
  return (
    <AdminAuditPage
      search={search}
      subjects={subjects}
      onSearchChange={(next) =>
        void navigate({ search: readAuditSearch({ ...next }), replace: true })
      }
    />
  );
}
