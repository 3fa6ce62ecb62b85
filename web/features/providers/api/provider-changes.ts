/**
 * GET /api/providers/pages/:slug/changes?page=N: one listed provider's public change log. Null
 * when no listed provider has the slug (the API answers 404), so the route answers 'Provider
 * not found'.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type ProviderChangesView } from '../../../../api/providers/contracts';
import { statusOf } from './provider-page';

export const providerChangesKey = (slug: string, page: number) =>
  ['providers', 'changes', slug, page] as const;

export const providerChangesQuery = (api: ApiClient, slug: string, page: number) =>
  queryOptions({
    queryKey: providerChangesKey(slug, page),
    queryFn: async (): Promise<ProviderChangesView | null> => {
      try {
        return await api.get<ProviderChangesView>(PROVIDER_PATHS.changes(slug, page));
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
  });
