/**
 * Query definitions shared by route loaders (prefetch) and components (useSuspenseQuery), so
 * the server-rendered cache and the client read the same keys.
 *
 * Spec (sections 4 and 8): a failed provider or content load is only logged and the list
 * stays empty, so these query functions resolve to an empty value instead of throwing.
 */
import { queryOptions } from '@tanstack/react-query';
import type { SiteApi } from '../../api/contracts/site-api';

export const featuredProvidersQuery = (api: SiteApi) =>
  queryOptions({
    queryKey: ['providers', 'featured'],
    queryFn: async () => {
      try {
        return await api.featuredProviders();
      } catch (error) {
        console.error('Failed to load featured providers', error);
        return [];
      }
    },
  });

export const siteContentQuery = (api: SiteApi) =>
  queryOptions({
    queryKey: ['site-content'],
    queryFn: async (): Promise<Record<string, string>> => {
      try {
        return await api.siteContent();
      } catch (error) {
        console.error('Failed to load site content', error);
        return {};
      }
    },
  });
