import { Suspense, type ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import type { ProviderCardView } from '../../../../api/providers/contracts';
import { featuredProvidersQuery } from '../api/featured-providers';
import { ProviderCard, ProviderCardSkeleton } from './provider-card';

/** Spec: five skeleton placeholders while the list loads. */
export const SKELETON_COUNT = 5;

export function ProviderListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading providers">
      {Array.from({ length: SKELETON_COUNT }, (_, i) => (
        <ProviderCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** Provider cards already ranked (rank 1 first): the home page's and the city pages' list. */
export function RankedProviderList({
  providers,
  label = FEATURED_LABEL,
}: {
  providers: readonly ProviderCardView[];
  label?: string;
}) {
  if (providers.length === 0) return null;
  return (
    <ol className="space-y-3" aria-label={label}>
      {providers.map((provider) => (
        <li key={provider._id}>
          <ProviderCard provider={provider} />
        </li>
      ))}
    </ol>
  );
}

const FEATURED_LABEL = 'Featured providers, best first';

type RenderProviders = (providers: readonly ProviderCardView[], label: string) => ReactNode;

function FeaturedProviders({
  api,
  renderProviders,
}: {
  api: ApiClient;
  renderProviders?: RenderProviders | undefined;
}) {
  const { data: providers } = useSuspenseQuery(featuredProvidersQuery(api));
  // A failed load is logged by the query and leaves the list empty (spec section 8).
  return renderProviders ? (
    renderProviders(providers, FEATURED_LABEL)
  ) : (
    <RankedProviderList providers={providers} />
  );
}

/**
 * The ranked featured providers; server-rendered when the loader prefetched them. The home
 * page renders them through its sorted, filtered list (`renderProviders`).
 */
export function FeaturedProviderList({
  api,
  renderProviders,
}: {
  api: ApiClient;
  renderProviders?: RenderProviders;
}) {
  return (
    <Suspense fallback={<ProviderListSkeleton />}>
      <FeaturedProviders api={api} renderProviders={renderProviders} />
    </Suspense>
  );
}
