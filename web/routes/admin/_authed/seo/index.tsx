import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { SeoList } from '../../../../features/site-content/components/admin/seo-list';

export const Route = createFileRoute('/admin/_authed/seo/')({
  head: () => adminHead('SEO overrides'),
  component: SeoList,
});
