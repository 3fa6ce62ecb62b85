import { createFileRoute } from '@tanstack/react-router';
import { apiAccess } from '../../../../domain/admins/roles';
import { adminHead } from '../../../lib/back-office';
import { AdminDashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { ClearCachesButton } from '../../../features/admins/components/clear-caches';
import { RecentActivity } from '../../../features/audit/components/recent-activity';
import { useRoleMenu } from '../../../admin-sections';

export const Route = createFileRoute('/admin/_authed/dashboard')({
  head: () => adminHead('Dashboard'),
  component: DashboardRoute,
});

function DashboardRoute() {
  // Only what the signed-in account's role may use (the server refuses the rest anyway).
  const { role, menu } = useRoleMenu();
  const may = (method: string, path: string) =>
    role !== undefined && apiAccess(role, method, path).allowed;
  return (
    <div className="grid gap-8">
      <AdminDashboardPage
        actions={may('POST', '/caches/clear') ? <ClearCachesButton /> : null}
        counts={menu.counts}
        panels={menu.panels}
        sections={menu.sections}
      />
      {may('GET', '/audit') ? <RecentActivity /> : null}
    </div>
  );
}
