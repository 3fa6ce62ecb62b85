import { Mail } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** The newsletter's place in the back office. */
export const newsletterAdmin: AdminDeclaration = {
  nav: [{ label: 'Subscriptions', path: '/admin/subscriptions', order: 60 }],
  counts: [
    {
      counter: 'subscriptions',
      label: 'Email subscriptions',
      icon: Mail,
      path: '/admin/subscriptions',
      order: 20,
    },
  ],
  sections: [
    {
      title: 'Email subscriptions',
      description: 'Newsletter subscribers: search, export as CSV, delete (erase) on request.',
      icon: Mail,
      path: '/admin/subscriptions',
      order: 30,
    },
  ],
};
