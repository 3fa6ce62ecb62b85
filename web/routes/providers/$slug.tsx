import { lazy, Suspense } from 'react';
import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { providerPageQuery } from '../../features/providers/api/provider-page';
import { ProviderPage } from '../../features/providers/components/provider-page';
import { ProviderNotFound } from '../../features/providers/components/provider-not-found';
import { noindexHead, providerHead } from '../../features/providers/head';
import { priceAlertAvailabilityQuery } from '../../features/newsletter/api/price-alerts';

// Loaded only when alerts are offered (after hydration): not in the page's first-load script.
const PriceAlertForm = lazy(() =>
  import('../../features/newsletter/components/price-alert-form').then((module) => ({
    default: module.PriceAlertForm,
  })),
);

export const Route = createFileRoute('/providers/$slug')({
  // Home > State > City / Home > Providers > name, in the page's head (web/features/*/head.ts).
  staticData: { ownBreadcrumbs: true },
  loader: async ({ context: { queryClient, api }, params: { slug } }) => {
    const page = await queryClient.ensureQueryData(providerPageQuery(api, slug.toLowerCase()));
    // Unknown or unlisted: 404 'Provider not found' (the root marks it noindex).
    if (!page) throw notFound();
    // One address per provider: '/providers/Acme' moves to '/providers/acme'.
    if (page.slug !== slug) {
      throw redirect({ to: '/providers/$slug', params: { slug: page.slug }, statusCode: 301 });
    }
  },
  head: ({ match, params }) => {
    const page = match.context.queryClient.getQueryData(
      providerPageQuery(match.context.api, params.slug.toLowerCase()).queryKey,
    );
    return {
      meta: page ? providerHead(page, match.context.siteUrl) : noindexHead('Provider not found'),
    };
  },
  notFoundComponent: ProviderNotFoundRoute,
  component: ProviderRoute,
});

function ProviderRoute() {
  const { slug } = Route.useParams();
  const { api } = Route.useRouteContext();
  const { data: page } = useSuspenseQuery(providerPageQuery(api, slug.toLowerCase()));
  // The alert form is the newsletter's, composed here (features never import each other).
  const { data: alerts } = useQuery(priceAlertAvailabilityQuery(api));
  if (!page) return null;
  return (
    <>
      <ProviderPage page={page} />
      {alerts?.alertsAvailable ? (
        <Suspense fallback={null}>
          <PriceAlertForm
            target={{
              kind: 'provider',
              providerSlug: page.slug,
              providerName: page.name,
              medications: page.priceTables.map((table) => table.medication),
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ProviderNotFoundRoute() {
  const { slug } = Route.useParams();
  return <ProviderNotFound slug={slug} />;
}
