import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { AdminUsersPage } from '../../../features/admins/components/users-page';

export const Route = createFileRoute('/admin/_authed/users')({
  head: () => adminHead('Administrators'),
  component: AdminUsersPage,
});
