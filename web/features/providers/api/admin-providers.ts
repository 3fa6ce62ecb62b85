/** GET /api/admin/providers: the back-office list, with everything the edit form needs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROVIDER_PATHS, type AdminProviderView } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const adminProvidersKey = ['admin', 'providers'] as const;

export function getAdminProviders(signal?: AbortSignal): Promise<AdminProviderView[]> {
  return request<AdminProviderView[]>('GET', PROVIDER_PATHS.admin, { signal });
}

export const adminProvidersQuery = () =>
  queryOptions({
    queryKey: adminProvidersKey,
    queryFn: ({ signal }) => getAdminProviders(signal),
    retry: retryOnce,
    staleTime: 0,
  });

export function useAdminProviders() {
  return useQuery(adminProvidersQuery());
}
