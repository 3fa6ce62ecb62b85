import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { ClicksPage, CLICKS_TITLE } from '../../../features/clicks/components/clicks-page';

export const Route = createFileRoute('/admin/_authed/clicks')({
  head: () => adminHead(CLICKS_TITLE),
  component: ClicksPage,
});
