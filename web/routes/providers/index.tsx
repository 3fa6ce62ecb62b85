import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PROVIDER_PAGES_PATH } from '../../../domain/providers/slug';
import { isListPaging, isPastLastPage, pageSearch } from '../../../domain/shared/paging';
import { providerIndexQuery } from '../../features/providers/api/provider-links';
import { ListPageNotFound } from '../../features/providers/components/list-page-not-found';
import { ProviderIndex } from '../../features/providers/components/provider-index';
import { canonicalUrl, pageHead } from '../../lib/site';

export const Route = createFileRoute('/providers/')({
  // ?page=N from 2 (page 1 is /providers itself); anything else is dropped, which the router
  // answers with a redirect to /providers.
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient, api, siteUrl }, deps: { page } }) => {
    const index = await queryClient.ensureQueryData(providerIndexQuery(api, page));
    // A page past the last (a kept link to a list that got shorter): 404, saying how long it is.
    if (isPastLastPage(index.paging)) throw notFound({ data: index.paging });
    // Each page after the first is its own canonical address.
    return page > 1
      ? { canonicalUrl: `${canonicalUrl(siteUrl, PROVIDER_PAGES_PATH)}?page=${page}` }
      : {};
  },
  head: ({ match }) =>
    pageHead({
      title:
        match.search.page && match.search.page > 1
          ? `All GLP-1 Providers A–Z, page ${match.search.page}`
          : 'All GLP-1 Providers A–Z',
      description:
        'Every online GLP-1 weight loss provider we list, A to Z, each with its prices per dose, titration costs, states served and Vial Score.',
    }),
  notFoundComponent: ({ data }) =>
    isListPaging(data) ? (
      <ListPageNotFound
        page={data.page}
        pageCount={data.pageCount}
        path={PROVIDER_PAGES_PATH}
        what="The provider list"
      />
    ) : null,
  component: ProvidersIndexRoute,
});

function ProvidersIndexRoute() {
  const { api } = Route.useRouteContext();
  const { page } = Route.useLoaderDeps();
  const { data: index } = useSuspenseQuery(providerIndexQuery(api, page));
  return <ProviderIndex index={index} />;
}
