/** GET /api/admin/providers?page=: one page of the back-office list, filtered and sorted by the server. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PROVIDER_PATHS,
  type AdminProviderListParams,
  type AdminProviderPage,
} from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

/** The list's parameters as a query string (empty values left out). */
export function providerListQueryString(params: AdminProviderListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

export const adminProviderPageKey = (params: AdminProviderListParams) =>
  ['admin', 'providers', 'page', params] as const;

export function getAdminProviderPage(
  params: AdminProviderListParams,
  signal?: AbortSignal,
): Promise<AdminProviderPage> {
  const query = providerListQueryString({ page: 1, pageSize: 25, ...params });
  return request<AdminProviderPage>('GET', `${PROVIDER_PATHS.admin}?${query}`, { signal });
}

export const adminProviderPageQuery = (params: AdminProviderListParams) =>
  queryOptions({
    queryKey: adminProviderPageKey(params),
    queryFn: ({ signal }) => getAdminProviderPage(params, signal),
    retry: retryOnce,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminProviderPage(params: AdminProviderListParams) {
  return useQuery(adminProviderPageQuery(params));
}

/** The CSV export's address: the same filters and order, every page. */
export function providersCsvHref(params: AdminProviderListParams): string {
  const { page: _page, pageSize: _size, ...filters } = params;
  const query = providerListQueryString(filters);
  return query ? `${PROVIDER_PATHS.adminCsv}?${query}` : PROVIDER_PATHS.adminCsv;
}
