/** GET /api/admin/providers/:id: one provider, as the edit form needs it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROVIDER_PATHS, type AdminProviderView } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const adminProviderKey = (id: string) => ['admin', 'providers', 'one', id] as const;

export function getAdminProvider(id: string, signal?: AbortSignal): Promise<AdminProviderView> {
  return request<AdminProviderView>('GET', PROVIDER_PATHS.adminOne(id), { signal });
}

export const adminProviderQuery = (id: string) =>
  queryOptions({
    queryKey: adminProviderKey(id),
    queryFn: ({ signal }) => getAdminProvider(id, signal),
    retry: retryOnce,
    staleTime: 0,
  });

export function useAdminProvider(id: string) {
  return useQuery(adminProviderQuery(id));
}
