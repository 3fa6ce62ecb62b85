import { DatabaseZap } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** Operations' place in the back office (administrators only): rebuilding the read models. */
export const operationsAdmin: AdminDeclaration = {
  nav: [{ label: 'Operations', path: '/admin/operations', order: 125 }],
  sections: [
    {
      title: 'Operations',
      description:
        'Rebuild the read models from the event log and swap them in while the site keeps serving.',
      icon: DatabaseZap,
      path: '/admin/operations',
      order: 75,
    },
  ],
};
