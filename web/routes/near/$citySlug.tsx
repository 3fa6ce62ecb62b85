import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { isListPaging, isPastLastPage, pageSearch } from '../../../domain/shared/paging';
import { cityPageQuery } from '../../features/cities/api/city-page';
import { citySuggestionsQuery } from '../../features/cities/api/city-suggestions';
import { CityPage } from '../../features/cities/components/city-page';
import { CityNotFound } from '../../features/cities/components/city-not-found';
import { CityPageSkeleton } from '../../features/cities/components/page-skeleton';
import { cityHead, notFoundHead } from '../../features/cities/head';
import { ListPageNotFound } from '../../features/providers/components/list-page-not-found';
import { ListPager } from '../../features/providers/components/list-pager';
import {
  ProviderListSkeleton,
  RankedProviderList,
} from '../../features/providers/components/provider-list';
import { canonicalUrl } from '../../lib/site';

export const Route = createFileRoute('/near/$citySlug')({
  // Home > State > City / Home > Providers > name, in the page's head (web/features/*/head.ts).
  staticData: { ownBreadcrumbs: true },
  // ?page=N from 2: the ranking's later pages (anything else redirects to the city's page).
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({
    context: { queryClient, api, siteUrl },
    params: { citySlug },
    deps: { page: pageNumber },
  }) => {
    const page = await queryClient.ensureQueryData(cityPageQuery(api, citySlug, pageNumber));
    if (!page) {
      // 404 with the closest names (the root marks the page noindex, without a canonical).
      await queryClient.ensureQueryData(citySuggestionsQuery(api, citySlug));
      throw notFound();
    }
    // One address per city: '/near/Dallas-TX' moves to '/near/dallas-tx' (the page kept).
    if (page.city.slug !== citySlug) {
      throw redirect({
        to: '/near/$citySlug',
        params: { citySlug: page.city.slug },
        search: pageNumber > 1 ? { page: pageNumber } : {},
        statusCode: 301,
      });
    }
    // A page past the ranking's last: 404, saying how many there are.
    if (isPastLastPage(page.paging)) throw notFound({ data: page.paging });
    // The page is in the query cache (dehydrated once); returning it would serialise it twice.
    // Pages after the first are their own canonical addresses.
    return pageNumber > 1
      ? { canonicalUrl: `${canonicalUrl(siteUrl, page.copy.canonicalPath)}?page=${pageNumber}` }
      : {};
  },
  head: ({ match, params }) => {
    const page = match.context.queryClient.getQueryData(
      cityPageQuery(match.context.api, params.citySlug, match.search.page ?? 1).queryKey,
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
  const { page: pageNumber } = Route.useLoaderDeps();
  const { api } = Route.useRouteContext();
  const { data: page } = useSuspenseQuery(cityPageQuery(api, citySlug, pageNumber));
  // The loader answered 'not found' before this renders; a null here is only a stale cache.
  if (!page) return null;
  return (
    <CityPage
      page={page}
      renderProviders={(providers, label, paging) => (
        <>
          <RankedProviderList providers={providers} label={label} />
          <ListPager
            paging={paging}
            path={page.copy.canonicalPath}
            label={`Pages of the providers serving ${page.state.name}`}
          />
        </>
      )}
    />
  );
}

function CityNotFoundRoute({ data }: { data?: unknown }) {
  const { citySlug } = Route.useParams();
  const { api } = Route.useRouteContext();
  if (isListPaging(data)) {
    return (
      <ListPageNotFound
        page={data.page}
        pageCount={data.pageCount}
        path={`/near/${citySlug}`}
        what="This city's list of providers"
      />
    );
  }
  return <CitySuggestions slug={citySlug} api={api} />;
}

function CitySuggestions({
  slug,
  api,
}: {
  slug: string;
  api: Parameters<typeof citySuggestionsQuery>[0];
}) {
  const { data: suggestions } = useSuspenseQuery(citySuggestionsQuery(api, slug));
  return <CityNotFound slug={slug} suggestions={suggestions} />;
}
