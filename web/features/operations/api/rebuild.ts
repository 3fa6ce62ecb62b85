/**
 * GET /api/admin/operations/rebuild (polled every second while a rebuild runs) and POST to
 * start one (202, or 409 naming the running one).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  OPERATIONS_PATHS,
  type RebuildStartedView,
  type RebuildStatusView,
} from '../../../../api/operations/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce, useAdminCommand } from '../../../lib/back-office';

export const rebuildStatusKey = ['admin', 'operations', 'rebuild'] as const;

/** While a rebuild runs, its progress is read again every second. */
export const REBUILD_POLL_MS = 1000;

export const rebuildStatusQuery = () =>
  queryOptions({
    queryKey: rebuildStatusKey,
    queryFn: ({ signal }) =>
      request<RebuildStatusView>('GET', OPERATIONS_PATHS.rebuild, { signal }),
    retry: retryOnce,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.run?.status === 'running' ? REBUILD_POLL_MS : false,
  });

export function useRebuildStatus() {
  return useQuery(rebuildStatusQuery());
}

export function startRebuild(_: void, csrfToken?: string | null): Promise<RebuildStartedView> {
  return request<RebuildStartedView>('POST', OPERATIONS_PATHS.rebuild, { csrfToken });
}

export const useStartRebuild = () => useAdminCommand(startRebuild);
