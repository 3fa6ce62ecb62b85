import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { RedditJobsPage } from '../../../features/reddit/components/reddit-jobs-page';

export const Route = createFileRoute('/admin/_authed/reddit')({
  head: () => adminHead('Reddit jobs'),
  component: RedditJobsPage,
});
