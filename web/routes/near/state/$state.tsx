import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { statePageQuery } from '../../../features/cities/api/state-page';
import { StateNotFound } from '../../../features/cities/components/city-not-found';
import { CityPageSkeleton } from '../../../features/cities/components/page-skeleton';
import { StatePage } from '../../../features/cities/components/state-page';
import { notFoundHead, stateHead } from '../../../features/cities/head';
import {
  ProviderListSkeleton,
  RankedProviderList,
} from '../../../features/providers/components/provider-list';

export const Route = createFileRoute('/near/state/$state')({
  // Home > State > City / Home > Providers > name, in the page's head (web/features/*/head.ts).
  staticData: { ownBreadcrumbs: true },
  loader: async ({ context: { queryClient, api }, params: { state } }) => {
    const page = await queryClient.ensureQueryData(statePageQuery(api, state));
    if (!page) throw notFound();
    const canonical = page.state.code.toLowerCase();
    if (state !== canonical) {
      throw redirect({ to: '/near/state/$state', params: { state: canonical }, statusCode: 301 });
    }
    return page;
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
      renderProviders={(providers, label) => (
        <RankedProviderList providers={providers} label={label} />
      )}
    />
  );
}

function StateNotFoundRoute() {
  const { state } = Route.useParams();
  return <StateNotFound state={state} />;
}
