import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { AdminProvidersPage } from '../../../features/providers/components/providers-page';

export const Route = createFileRoute('/admin/_authed/providers')({
  head: () => adminHead('Providers'),
  component: AdminProvidersPage,
});
