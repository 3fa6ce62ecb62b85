import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { AdminMessagesPage } from '../../../features/contact/components/admin-messages-page';

export const Route = createFileRoute('/admin/_authed/messages')({
  head: () => adminHead('Contact messages'),
  component: AdminMessagesPage,
});
