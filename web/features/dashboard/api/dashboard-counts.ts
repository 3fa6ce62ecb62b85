/**
 * GET /api/admin/dashboard: each capability's counters by name. A counter nothing has moved
 * yet is absent from the answer: read it as 0 (see `countOf`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BACK_OFFICE_PATHS, type DashboardCountsView } from '../../../../api/contracts/back-office';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const dashboardCountsKey = ['admin', 'dashboard'] as const;

export function getDashboardCounts(signal?: AbortSignal): Promise<DashboardCountsView> {
  return request<DashboardCountsView>('GET', BACK_OFFICE_PATHS.dashboard, { signal });
}

export const dashboardCountsQuery = () =>
  queryOptions({
    queryKey: dashboardCountsKey,
    queryFn: ({ signal }) => getDashboardCounts(signal),
    retry: retryOnce,
    staleTime: 0,
  });

export function useDashboardCounts() {
  return useQuery(dashboardCountsQuery());
}

/** One counter of a loaded answer (0 when absent); undefined while there is no answer. */
export function countOf(counts: DashboardCountsView | undefined, name: string): number | undefined {
  if (counts === undefined) return undefined;
  return counts[name] ?? 0;
}
