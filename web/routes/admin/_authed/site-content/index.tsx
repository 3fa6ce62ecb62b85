import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { SiteContentList } from '../../../../features/site-content/components/admin/site-content-list';

export const Route = createFileRoute('/admin/_authed/site-content/')({
  head: () => adminHead('Site content'),
  component: SiteContentList,
});
