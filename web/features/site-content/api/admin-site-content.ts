/**
 * The back office's site content and SEO overrides: GET /api/admin/site-content and
 * /api/admin/seo-overrides, PUT a row or an override, DELETE an override (contracts in
 * api/site-content/contracts.ts). Admin data is read in the browser only.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
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

export const useSetSiteContent = () => useAdminCommand(setSiteContent);
export const useSaveSeoOverride = () => useAdminCommand(saveSeoOverride);
export const useRemoveSeoOverride = () => useAdminCommand(removeSeoOverride);
