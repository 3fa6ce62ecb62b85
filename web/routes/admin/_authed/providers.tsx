import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../features/admin/head';
import { AdminProvidersPage } from '../../../features/admin/components/providers-page';

export const Route = createFileRoute('/admin/_authed/providers')({
  head: () => adminHead('Providers'),
  component: AdminProvidersPage,
});
