import type { AdminDeclaration } from '../../lib/admin-sections';

/** The contact messages' place in the back office. */
export const contactAdmin: AdminDeclaration = {
  nav: [{ label: 'Messages', path: '/admin/messages', order: 70 }],
};
