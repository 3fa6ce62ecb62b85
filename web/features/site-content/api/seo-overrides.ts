/**
 * GET /api/seo-overrides: every page's SEO override (public), read once by the root route so
 * the page head can apply the current page's. A failed load is only logged: the pages keep
 * their own defaults.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { SITE_CONTENT_PATHS, type SeoOverrideView } from '../../../../api/site-content/contracts';

export const seoOverridesKey = ['seo-overrides'] as const;

export const seoOverridesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: seoOverridesKey,
    queryFn: async (): Promise<SeoOverrideView[]> => {
      try {
        return await api.get<SeoOverrideView[]>(SITE_CONTENT_PATHS.seoOverrides);
      } catch (error) {
        console.error('Failed to load SEO overrides', error);
        return [];
      }
    },
    staleTime: 60_000,
  });
