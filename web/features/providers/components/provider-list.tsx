import { Suspense, type ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import type { ProviderCardView } from '../../../../api/providers/contracts';
import type { ListPaging } from '../../../../domain/shared/paging';
import { featuredRankingQuery, type FeaturedRequest } from '../api/featured-providers';
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

/** Renders one page of ranked cards (`paging` says which, and how many there are in all). */
type RenderProviders = (
  providers: readonly ProviderCardView[],
  label: string,
  paging: ListPaging,
) => ReactNode;

function FeaturedProviders({
  api,
  request,
  renderProviders,
}: {
  api: ApiClient;
  request: FeaturedRequest;
  renderProviders?: RenderProviders | undefined;
}) {
  const { data } = useSuspenseQuery(featuredRankingQuery(api, request));
  // A failed load is logged by the query and leaves the list empty (spec section 8).
  return renderProviders ? (
    renderProviders(data.providers, FEATURED_LABEL, data.paging)
  ) : (
    <RankedProviderList providers={data.providers} />
  );
}

/**
 * The top of the featured ranking (`request.limit` cards, sorted and filtered on the server);
 * server-rendered when the loader prefetched it. The home page renders it through its list
 * with the compare form (`renderProviders`).
 */
export function FeaturedProviderList({
  api,
  request,
  renderProviders,
}: {
  api: ApiClient;
  request: FeaturedRequest;
  renderProviders?: RenderProviders;
}) {
  return (
    <Suspense fallback={<ProviderListSkeleton />}>
      <FeaturedProviders api={api} request={request} renderProviders={renderProviders} />
    </Suspense>
  );
}
