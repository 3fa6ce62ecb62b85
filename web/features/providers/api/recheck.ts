/** GET /api/admin/providers/recheck: facts older than 90 days or never checked, oldest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROVIDER_PATHS, type AdminRecheckItem } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const recheckKey = ['admin', 'providers', 'recheck'] as const;

export function getRecheckList(signal?: AbortSignal): Promise<AdminRecheckItem[]> {
  return request<AdminRecheckItem[]>('GET', PROVIDER_PATHS.adminRecheck, { signal });
}

export const recheckQuery = () =>
  queryOptions({
    queryKey: recheckKey,
    queryFn: ({ signal }) => getRecheckList(signal),
    retry: retryOnce,
    staleTime: 0,
  });

export function useRecheckList() {
  return useQuery(recheckQuery());
}

/** How many facts need a recheck (the dashboard's tile). */
export function useRecheckCount() {
  return useQuery({ ...recheckQuery(), select: (list) => list.length });
}
