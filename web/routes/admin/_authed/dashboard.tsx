import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { AdminDashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { ClearCachesButton } from '../../../features/admins/components/clear-caches';

export const Route = createFileRoute('/admin/_authed/dashboard')({
  head: () => adminHead('Dashboard'),
  component: DashboardRoute,
});

function DashboardRoute() {
  return <AdminDashboardPage actions={<ClearCachesButton />} />;
}
