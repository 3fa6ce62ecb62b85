import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../lib/back-office';
import { AdminLayout } from '../../features/admins/components/admin-layout';
import { ADMIN_MENU } from '../../admin-sections';

/**
 * Pathless layout of the signed-in admin pages (/admin/dashboard, /admin/providers,
 * /admin/audit). The server redirects visitors without an admin session to /admin/login
 * before rendering; the layout mirrors that in the browser.
 */
export const Route = createFileRoute('/admin/_authed')({
  head: () => adminHead('Admin'),
  component: AuthedLayout,
});

function AuthedLayout() {
  return <AdminLayout nav={ADMIN_MENU.nav} />;
}
