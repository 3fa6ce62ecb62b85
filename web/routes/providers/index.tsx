import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { providerLinksQuery } from '../../features/providers/api/provider-links';
import { ProviderIndex } from '../../features/providers/components/provider-index';
import { pageHead } from '../../lib/site';

export const Route = createFileRoute('/providers/')({
  loader: ({ context: { queryClient, api } }) =>
    queryClient.ensureQueryData(providerLinksQuery(api)),
  head: () =>
    pageHead({
      title: 'All GLP-1 Providers A–Z',
      description:
        'Every online GLP-1 weight loss provider we list, A to Z, each with its prices per dose, titration costs, states served and Vial Score.',
    }),
  component: ProvidersIndexRoute,
});

function ProvidersIndexRoute() {
  const { api } = Route.useRouteContext();
  const { data: links } = useSuspenseQuery(providerLinksQuery(api));
  return <ProviderIndex links={links} />;
}
