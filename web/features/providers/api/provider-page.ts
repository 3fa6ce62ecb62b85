/**
 * GET /api/providers/pages/:slug: one listed provider's page. Null when no listed provider has
 * the slug (the API answers 404), so the route can answer 'Provider not found'.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type ProviderPageView } from '../../../../api/providers/contracts';

export const providerPageKey = (slug: string) => ['providers', 'page', slug] as const;

export const providerPageQuery = (api: ApiClient, slug: string) =>
  queryOptions({
    queryKey: providerPageKey(slug),
    queryFn: async (): Promise<ProviderPageView | null> => {
      try {
        return await api.get<ProviderPageView>(PROVIDER_PATHS.page(slug));
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
  });

/** The HTTP status of a failed read (in process during SSR, over HTTP in the browser). */
export function statusOf(error: unknown): number | null {
  const status =
    typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : null;
  return typeof status === 'number' ? status : null;
}
