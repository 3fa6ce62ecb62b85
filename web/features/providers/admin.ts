import { Store } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** The providers' place in the back office. */
export const providersAdmin: AdminDeclaration = {
  nav: [{ label: 'Providers', path: '/admin/providers', order: 20 }],
  counts: [
    { counter: 'providers', label: 'Providers', icon: Store, path: '/admin/providers', order: 10 },
  ],
  sections: [
    {
      title: 'Providers',
      description:
        'Add, edit and remove providers, their prices and card content; recompute Vial Scores.',
      icon: Store,
      path: '/admin/providers',
      order: 10,
    },
  ],
};
