import { Users } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** The administrators' place in the back office. */
export const adminsAdmin: AdminDeclaration = {
  nav: [{ label: 'Administrators', path: '/admin/users', order: 130 }],
  sections: [
    {
      title: 'Administrators',
      description: 'Invite another administrator, deactivate one, change your password.',
      icon: Users,
      path: '/admin/users',
      order: 50,
    },
  ],
};
