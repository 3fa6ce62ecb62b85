import { MailOpen } from 'lucide-react';
import { CONTACT_UNREAD_COUNTER } from '../../../api/contact/contracts';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** The contact messages' place in the back office, and the dashboard's count of unread ones. */
export const contactAdmin: AdminDeclaration = {
  nav: [{ label: 'Messages', path: '/admin/messages', order: 70 }],
  counts: [
    {
      counter: CONTACT_UNREAD_COUNTER,
      label: 'Unread messages',
      icon: MailOpen,
      path: '/admin/messages',
      order: 55,
    },
  ],
};
