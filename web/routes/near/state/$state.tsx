import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { isListPaging, isPastLastPage, pageSearch } from '../../../../domain/shared/paging';
import { statePageQuery } from '../../../features/cities/api/state-page';
import { StateNotFound } from '../../../features/cities/components/city-not-found';
import { CityPageSkeleton } from '../../../features/cities/components/page-skeleton';
import { StatePage } from '../../../features/cities/components/state-page';
import { notFoundHead, stateHead } from '../../../features/cities/head';
import { ListPageNotFound } from '../../../features/providers/components/list-page-not-found';
import { ListPager } from '../../../features/providers/components/list-pager';
import {
  ProviderListSkeleton,
  RankedProviderList,
} from '../../../features/providers/components/provider-list';
import { canonicalUrl } from '../../../lib/site';

export const Route = createFileRoute('/near/state/$state')({
  // Home > State > City / Home > Providers > name, in the page's head (web/features/*/head.ts).
  staticData: { ownBreadcrumbs: true },
  // ?page=N from 2: the ranking's later pages (anything else redirects to the state's page).
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient, api, siteUrl }, params: { state }, deps }) => {
    const page = await queryClient.ensureQueryData(statePageQuery(api, state, { page: deps.page }));
    if (!page) throw notFound();
    const canonical = page.state.code.toLowerCase();
    if (state !== canonical) {
      throw redirect({
        to: '/near/state/$state',
        params: { state: canonical },
        search: deps.page > 1 ? { page: deps.page } : {},
        statusCode: 301,
      });
    }
    // A page past the ranking's last: 404, saying how many there are.
    if (isPastLastPage(page.paging)) throw notFound({ data: page.paging });
    // Pages after the first are their own canonical addresses.
    return deps.page > 1
      ? {
          ...page,
          canonicalUrl: `${canonicalUrl(siteUrl, page.copy.canonicalPath)}?page=${deps.page}`,
        }
      : page;
  },
  head: ({ loaderData, match }) => ({
    meta: loaderData
      ? stateHead(loaderData, match.context.siteUrl)
      : notFoundHead('State not found'),
  }),
  pendingComponent: () => <CityPageSkeleton list={<ProviderListSkeleton />} />,
  pendingMs: 200,
  notFoundComponent: StateNotFoundRoute,
  component: StateRoute,
});

function StateRoute() {
  const page = Route.useLoaderData();
  return (
    <StatePage
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

function StateNotFoundRoute({ data }: { data?: unknown }) {
  const { state } = Route.useParams();
  if (isListPaging(data)) {
    return (
      <ListPageNotFound
        page={data.page}
        pageCount={data.pageCount}
        path={`/near/state/${state.toLowerCase()}`}
        what="This state's list of providers"
      />
    );
  }
  return <StateNotFound state={state} />;
}
