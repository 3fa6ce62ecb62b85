import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../features/admin/head';
import { AdminDashboardPage } from '../../../features/admin/components/dashboard-page';

export const Route = createFileRoute('/admin/_authed/dashboard')({
  head: () => adminHead('Dashboard'),
  component: AdminDashboardPage,
});
