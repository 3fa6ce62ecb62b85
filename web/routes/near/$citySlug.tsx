import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { cityPageQuery } from '../../features/cities/api/city-page';
import { citySuggestionsQuery } from '../../features/cities/api/city-suggestions';
import { CityPage } from '../../features/cities/components/city-page';
import { CityNotFound } from '../../features/cities/components/city-not-found';
import { CityPageSkeleton } from '../../features/cities/components/page-skeleton';
import { cityHead, notFoundHead } from '../../features/cities/head';
import {
  ProviderListSkeleton,
  RankedProviderList,
} from '../../features/providers/components/provider-list';

export const Route = createFileRoute('/near/$citySlug')({
  // Home > State > City / Home > Providers > name, in the page's head (web/features/*/head.ts).
  staticData: { ownBreadcrumbs: true },
  loader: async ({ context: { queryClient, api }, params: { citySlug } }) => {
    const page = await queryClient.ensureQueryData(cityPageQuery(api, citySlug));
    if (!page) {
      // 404 with the closest names (the root marks the page noindex, without a canonical).
      await queryClient.ensureQueryData(citySuggestionsQuery(api, citySlug));
      throw notFound();
    }
    // One address per city: '/near/Dallas-TX' moves to '/near/dallas-tx'.
    if (page.city.slug !== citySlug) {
      throw redirect({
        to: '/near/$citySlug',
        params: { citySlug: page.city.slug },
        statusCode: 301,
      });
    }
    // The page is in the query cache (dehydrated once); returning it would serialise it twice.
  },
  head: ({ match, params }) => {
    const page = match.context.queryClient.getQueryData(
      cityPageQuery(match.context.api, params.citySlug).queryKey,
    );
    return { meta: page ? cityHead(page, match.context.siteUrl) : notFoundHead('City not found') };
  },
  // Five skeleton cards while a city loads in the browser (spec).
  pendingComponent: () => <CityPageSkeleton list={<ProviderListSkeleton />} />,
  pendingMs: 200,
  notFoundComponent: CityNotFoundRoute,
  component: CityRoute,
});

function CityRoute() {
  const { citySlug } = Route.useParams();
  const { api } = Route.useRouteContext();
  const { data: page } = useSuspenseQuery(cityPageQuery(api, citySlug));
  // The loader answered 'not found' before this renders; a null here is only a stale cache.
  if (!page) return null;
  return (
    <CityPage
      page={page}
      renderProviders={(providers, label) => (
        <RankedProviderList providers={providers} label={label} />
      )}
    />
  );
}

function CityNotFoundRoute() {
  const { citySlug } = Route.useParams();
  const { api } = Route.useRouteContext();
  const { data: suggestions } = useSuspenseQuery(citySuggestionsQuery(api, citySlug));
  return <CityNotFound slug={citySlug} suggestions={suggestions} />;
}
