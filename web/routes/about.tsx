import { createFileRoute } from '@tanstack/react-router';
import { ABOUT_META } from '../../domain/site-content/page-meta';
import { siteContentQuery, useSiteContent } from '../features/site-content/api/site-content';
import { AboutPage } from '../features/site-content/components/about-page';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/about')({
  loader: ({ context }) => context.queryClient.ensureQueryData(siteContentQuery(context.api)),
  head: () => pageHead(ABOUT_META),
  component: AboutRoute,
});

function AboutRoute() {
  const { api } = Route.useRouteContext();
  return <AboutPage content={useSiteContent(api)} />;
}
