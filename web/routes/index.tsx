import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, pageHead } from '../lib/site';
import { HomePage } from '../features/home/components/home-page';
import { featuredProvidersQuery } from '../features/providers/api/featured-providers';
import { FeaturedProviderList } from '../features/providers/components/provider-list';
import { NewsletterSignup } from '../features/newsletter/components/newsletter-signup';
import { siteContentQuery, useSiteContent } from '../features/site-content/api/site-content';

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    const { queryClient, api } = context;
    const content = queryClient.ensureQueryData(siteContentQuery(api));
    const providers = queryClient.prefetchQuery(featuredProvidersQuery(api));
    // On the server wait for both so the HTML carries the provider names; in the browser let
    // the list show its five skeletons while it loads.
    await Promise.all(typeof document === 'undefined' ? [content, providers] : [content]);
  },
  head: () => pageHead({ title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION }),
  component: HomeRoute,
});

/** Composes the home page: the editable hero texts, the ranked providers, the newsletter signup. */
function HomeRoute() {
  const { api } = Route.useRouteContext();
  const content = useSiteContent(api);
  return (
    <HomePage
      content={content}
      providers={<FeaturedProviderList api={api} />}
      newsletter={<NewsletterSignup />}
    />
  );
}
