import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { AccountPage } from '../../../features/admins/components/account-page';

export const Route = createFileRoute('/admin/_authed/account')({
  head: () => adminHead('Your account'),
  component: AccountPage,
});
