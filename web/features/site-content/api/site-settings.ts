/** GET /api/site-settings: CONTACT_EMAIL and DONATION_URL as configured (public). */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { SITE_CONTENT_PATHS, type SiteSettingsView } from '../../../../api/site-content/contracts';

export const siteSettingsKey = ['site-settings'] as const;

export const siteSettingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: siteSettingsKey,
    queryFn: () => api.get<SiteSettingsView>(SITE_CONTENT_PATHS.settings),
    staleTime: Infinity,
  });
