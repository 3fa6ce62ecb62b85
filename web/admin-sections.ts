/**
 * The one list of the features' back-office declarations (each feature's `admin.ts`): adding a
 * section is its feature's file plus one line here. The admin layout and the dashboard route
 * read the signed-in account's part of it (`useRoleMenu`); web/lib/admin-sections.ts orders it.
 */
import { adminMenu, menuForRole, type AdminMenu } from './lib/admin-sections';
import type { AdminRole } from '../domain/admins/roles';
import { useAdminSession } from './features/admins/api/session';
import { dashboardAdmin } from './features/dashboard/admin';
import { providersAdmin } from './features/providers/admin';
import { submissionsAdmin } from './features/submissions/admin';
import { blogAdmin } from './features/blog/admin';
import { keywordsAdmin } from './features/keywords/admin';
import { mediaAdmin } from './features/media/admin';
import { newsletterAdmin } from './features/newsletter/admin';
import { contactAdmin } from './features/contact/admin';
import { siteContentAdmin } from './features/site-content/admin';
import { auditAdmin } from './features/audit/admin';
import { clicksAdmin } from './features/clicks/admin';
import { redditAdmin } from './features/reddit/admin';
import { operationsAdmin } from './features/operations/admin';
import { adminsAdmin } from './features/admins/admin';

export const ADMIN_MENU = adminMenu([
  dashboardAdmin,
  providersAdmin,
  submissionsAdmin,
  blogAdmin,
  mediaAdmin,
  keywordsAdmin,
  newsletterAdmin,
  contactAdmin,
  siteContentAdmin,
  auditAdmin,
  clicksAdmin,
  redditAdmin,
  operationsAdmin,
  adminsAdmin,
]);

const NOTHING: AdminMenu = { nav: [], counts: [], panels: [], sections: [] };

/**
 * The menu the signed-in account's role sees (nothing until the session is read: the layout
 * shows 'Checking authentication...' until then). The server enforces the same policy.
 */
export function useRoleMenu(): { role: AdminRole | undefined; menu: AdminMenu } {
  const role = useAdminSession().data?.user.role;
  return { role, menu: role ? menuForRole(ADMIN_MENU, role) : NOTHING };
}
