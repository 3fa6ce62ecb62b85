import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { AdminDashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { ClearCachesButton } from '../../../features/admins/components/clear-caches';
import { RecentActivity } from '../../../features/audit/components/recent-activity';
import { ADMIN_MENU } from '../../../admin-sections';

export const Route = createFileRoute('/admin/_authed/dashboard')({
  head: () => adminHead('Dashboard'),
  component: DashboardRoute,
});

function DashboardRoute() {
  return (
    <div className="grid gap-8">
      <AdminDashboardPage
        actions={<ClearCachesButton />}
        counts={ADMIN_MENU.counts}
        panels={ADMIN_MENU.panels}
        sections={ADMIN_MENU.sections}
      />
      <RecentActivity />
    </div>
  );
}
