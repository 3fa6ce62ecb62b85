/**
 * GET /api/site-content: the editable page content by key (public). Read through the router
 * context's ApiClient (in process during SSR, HTTP in the browser) under one key.
 *
 * Spec (sections 4 and 8): a failed load is only logged; the pages then use their built-in
 * texts, which an empty object selects.
 */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { SITE_CONTENT_PATHS, type SiteContentView } from '../../../../api/site-content/contracts';

export const siteContentKey = ['site-content'] as const;

export function getSiteContent(api: ApiClient): Promise<SiteContentView> {
  return api.get<SiteContentView>(SITE_CONTENT_PATHS.all);
}

export const siteContentQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: siteContentKey,
    queryFn: async (): Promise<SiteContentView> => {
      try {
        return await getSiteContent(api);
      } catch (error) {
        console.error('Failed to load site content', error);
        return {};
      }
    },
  });

/** The content, suspending until it is loaded (the route's loader usually has it already). */
export function useSiteContent(api: ApiClient): SiteContentView {
  return useSuspenseQuery(siteContentQuery(api)).data;
}
