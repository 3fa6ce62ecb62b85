import type { AdminDeclaration } from '../../lib/admin-sections';

/** The dashboard's place in the back office. */
export const dashboardAdmin: AdminDeclaration = {
  roles: ['administrator', 'editor'],
  nav: [{ label: 'Dashboard', path: '/admin/dashboard', order: 10 }],
};
