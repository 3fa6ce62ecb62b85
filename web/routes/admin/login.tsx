import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../lib/back-office';
import { AdminLoginPage } from '../../features/admins/components/login-page';

// The server sends signed-in admins on to /admin/dashboard before this renders.
export const Route = createFileRoute('/admin/login')({
  head: () => adminHead('Admin login'),
  component: AdminLoginPage,
});
