/** GET /api/admin/providers/trash: removed providers that can still be restored (30 days). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROVIDER_PATHS, type TrashedProviderView } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const providerTrashKey = ['admin', 'providers', 'trash'] as const;

export const providerTrashQuery = () =>
  queryOptions({
    queryKey: providerTrashKey,
    queryFn: ({ signal }) =>
      request<TrashedProviderView[]>('GET', PROVIDER_PATHS.adminTrash, { signal }),
    retry: retryOnce,
    staleTime: 0,
  });

export function useProviderTrash() {
  return useQuery(providerTrashQuery());
}
