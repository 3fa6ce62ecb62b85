import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { providerChangesQuery } from '../../features/providers/api/provider-changes';
import { ProviderChangesPage } from '../../features/providers/components/provider-changes-page';
import { ProviderNotFound } from '../../features/providers/components/provider-not-found';
import { noindexHead } from '../../features/providers/head';
import { pageHead } from '../../lib/site';

/** ?page=2: a whole number from 2 on; anything else is the first page. */
function pageOf(value: unknown): number | undefined {
  const page = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? page : undefined;
}

// `$slug_`: the log is a page of its own, not a child rendered inside the provider page.
export const Route = createFileRoute('/providers/$slug_/changes')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = pageOf(search.page);
    return page === undefined ? {} : { page };
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient, api }, params: { slug }, deps }) => {
    const view = await queryClient.ensureQueryData(
      providerChangesQuery(api, slug.toLowerCase(), deps.page),
    );
    if (!view) throw notFound();
    // One address per provider: '/providers/Acme/changes' moves to '/providers/acme/changes'.
    if (view.provider.slug !== slug) {
      throw redirect({
        to: '/providers/$slug/changes',
        params: { slug: view.provider.slug },
        search: deps.page > 1 ? { page: deps.page } : {},
        statusCode: 301,
      });
    }
  },
  head: ({ match, params }) => {
    const view = match.context.queryClient.getQueryData(
      providerChangesQuery(match.context.api, params.slug.toLowerCase(), match.search.page ?? 1)
        .queryKey,
    );
    if (!view) return { meta: noindexHead('Provider not found') };
    return pageHead({
      title: `${view.provider.name}: price and fact changes`,
      description: `Every change to ${view.provider.name}'s prices, fees, exit terms and trust facts, dated, newest first.`,
    });
  },
  notFoundComponent: ProviderChangesNotFound,
  component: ProviderChangesRoute,
});

function ProviderChangesRoute() {
  const { slug } = Route.useParams();
  const { page } = Route.useSearch();
  const { api } = Route.useRouteContext();
  const { data: view } = useSuspenseQuery(providerChangesQuery(api, slug.toLowerCase(), page ?? 1));
  if (!view) return null;
  return <ProviderChangesPage view={view} />;
}

function ProviderChangesNotFound() {
  const { slug } = Route.useParams();
  return <ProviderNotFound slug={slug} />;
}
