/**
 * GET /api/providers/featured: the ranked featured providers (public). Read through the router
 * context's ApiClient: in process during SSR, over HTTP in the browser, under the same key, so
 * the list the server rendered is the one the browser hydrates.
 *
 * Spec (sections 4 and 8): a failed load is only logged and the list stays empty, so the query
 * resolves to [] instead of throwing.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type ProviderCardView } from '../../../../api/providers/contracts';

export const featuredProvidersKey = ['providers', 'featured'] as const;

export function getFeaturedProviders(api: ApiClient): Promise<ProviderCardView[]> {
  return api.get<ProviderCardView[]>(PROVIDER_PATHS.featured);
}

export const featuredProvidersQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: featuredProvidersKey,
    queryFn: async (): Promise<ProviderCardView[]> => {
      try {
        return await getFeaturedProviders(api);
      } catch (error) {
        console.error('Failed to load featured providers', error);
        return [];
      }
    },
  });
