import { Users } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/**
 * The administrators' place in the back office: the accounts (administrators only) and your
 * own account (everyone: your password and sessions).
 */
export const adminsAdmin: AdminDeclaration = {
  nav: [
    { label: 'Administrators', path: '/admin/users', order: 130 },
    {
      label: 'Your account',
      path: '/admin/account',
      order: 140,
      roles: ['administrator', 'editor'],
    },
  ],
  sections: [
    {
      title: 'Administrators',
      description: 'Invite an administrator or an editor, change roles, deactivate an account.',
      icon: Users,
      path: '/admin/users',
      order: 50,
    },
  ],
};
