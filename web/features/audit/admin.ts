import { History } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** The audit log's place in the back office. */
export const auditAdmin: AdminDeclaration = {
  nav: [{ label: 'Audit log', path: '/admin/audit', order: 100 }],
  sections: [
    {
      title: 'Audit log',
      description: 'Who changed what and when, for every provider.',
      icon: History,
      path: '/admin/audit',
      order: 60,
    },
  ],
};
