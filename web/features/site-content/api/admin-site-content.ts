/**
 * The back office's site content and SEO overrides: GET /api/admin/site-content and
 * /api/admin/seo-overrides, PUT a row or an override, DELETE an override (contracts in
 * api/site-content/contracts.ts). Admin data is read in the browser only.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CommandResult } from '../../../../api/contracts/http';
import {
  SITE_CONTENT_PATHS,
  type SeoOverride,
  type SEO_FIELD_NAMES,
  type SeoOverrideView,
  type SeoPageType,
  type SiteContentKey,
  type SiteContentRowView,
} from '../../../../api/site-content/contracts';
import { request } from '../../../lib/http-client';

type SeoFieldName = (typeof SEO_FIELD_NAMES)[number];
import { retryOnce, useAdminCommand } from '../../../lib/back-office';
import { seoOverridesKey } from './seo-overrides';
import { siteContentKey } from './site-content';
import { siteSettingsKey } from './site-settings';

export const adminSiteContentQuery = () =>
  queryOptions({
    queryKey: ['admin', 'site-content'] as const,
    queryFn: ({ signal }) =>
      request<SiteContentRowView[]>('GET', SITE_CONTENT_PATHS.adminRows, { signal }),
    retry: retryOnce,
    staleTime: 0,
  });

export const useAdminSiteContent = () => useQuery(adminSiteContentQuery());

export const adminSeoOverridesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'seo-overrides'] as const,
    queryFn: ({ signal }) =>
      request<SeoOverrideView[]>('GET', SITE_CONTENT_PATHS.adminSeo, { signal }),
    retry: retryOnce,
    staleTime: 0,
  });

export const useAdminSeoOverrides = () => useQuery(adminSeoOverridesQuery());

export function setSiteContent(
  { key, content, active }: { key: SiteContentKey; content: string; active: boolean },
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('PUT', SITE_CONTENT_PATHS.adminRow(key), {
    body: { content, active },
    csrfToken,
  });
}

/** The page by its path ('/blog'), and the fields (empty: the page's default). */
export type SeoOverrideInput = Pick<SeoOverride, 'path'> & Record<SeoFieldName, string>;

export function saveSeoOverride(
  override: SeoOverrideInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('PUT', SITE_CONTENT_PATHS.adminSeo, { body: override, csrfToken });
}

export function removeSeoOverride(
  { pageType, pageSlug }: { pageType: SeoPageType; pageSlug: string },
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('DELETE', SITE_CONTENT_PATHS.adminSeoOne(pageType, pageSlug), {
    csrfToken,
  });
}

/**
 * After a change the public reads this browser holds are stale too: a visit to the site from
 * this tab then reads them anew (the server's pages are rendered anew already).
 */
function forgetPublic(queryClient: QueryClient, keys: readonly (readonly string[])[]) {
  return <T extends unknown[], R>(send: (...args: T) => Promise<R>) =>
    async (...args: T): Promise<R> => {
      try {
        return await send(...args);
      } finally {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }
    };
}

export function useSetSiteContent() {
  const after = forgetPublic(useQueryClient(), [siteContentKey, siteSettingsKey]);
  return useAdminCommand(after(setSiteContent));
}
export function useSaveSeoOverride() {
  const after = forgetPublic(useQueryClient(), [seoOverridesKey]);
  return useAdminCommand(after(saveSeoOverride));
}
export function useRemoveSeoOverride() {
  const after = forgetPublic(useQueryClient(), [seoOverridesKey]);
  return useAdminCommand(after(removeSeoOverride));
}
