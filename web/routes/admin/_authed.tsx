import { useEffect } from 'react';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { pageAccess } from '../../../domain/admins/roles';
import { adminHead } from '../../lib/back-office';
import { AdminLayout } from '../../features/admins/components/admin-layout';
import { useRoleMenu } from '../../admin-sections';

/**
 * Pathless layout of the signed-in admin pages (/admin/dashboard, /admin/providers,
 * /admin/audit). The server redirects visitors without an admin session to /admin/login and
 * answers 403 for a page the account's role may not open, before rendering; the layout mirrors
 * that in the browser: the navigation lists only what the role may open, and following a link
 * to another page reloads it from the server, which says why it is refused.
 */
export const Route = createFileRoute('/admin/_authed')({
  head: () => adminHead('Admin'),
  component: AuthedLayout,
});

function AuthedLayout() {
  const { role, menu } = useRoleMenu();
  const href = useRouterState({ select: (state) => state.location.href });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Checked here, not in a beforeLoad: a route's beforeLoad is in the script of every public
  // page, its component is not. A page the role may not open is loaded from the server again,
  // which answers its 403 page saying why (api/auth/admin-page-guard.ts).
  const refused = role !== undefined && !pageAccess(role, pathname).allowed;
  useEffect(() => {
    if (refused) window.location.replace(href);
  }, [refused, href]);
  return <AdminLayout nav={menu.nav} />;
}
