import type { AdminDeclaration } from '../../lib/admin-sections';

/** The Reddit jobs' place in the back office. */
export const redditAdmin: AdminDeclaration = {
  nav: [{ label: 'Reddit jobs', path: '/admin/reddit', order: 120 }],
};
