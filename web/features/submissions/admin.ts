import { Inbox } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** The provider submissions' place in the back office. */
export const submissionsAdmin: AdminDeclaration = {
  nav: [{ label: 'Submissions', path: '/admin/submissions', order: 30 }],
  counts: [
    {
      counter: 'submissions',
      label: 'New submissions',
      icon: Inbox,
      path: '/admin/submissions',
      order: 50,
    },
  ],
  sections: [
    {
      title: 'Submissions',
      description:
        'Providers sent from the public form: review, accept into the listing or reject with a reason.',
      icon: Inbox,
      path: '/admin/submissions',
      order: 20,
    },
  ],
};
