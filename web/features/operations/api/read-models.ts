/**
 * GET /api/admin/operations/read-models: where each read model stands against the event log,
 * read again every few seconds while the screen is open (and every second during a rebuild).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPERATIONS_PATHS, type ReadModelStatusView } from '../../../../api/operations/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const readModelStatusKey = ['admin', 'operations', 'read-models'] as const;

/** Often enough to watch a worker catch up; each read is a count per read model. */
export const READ_MODELS_POLL_MS = 5000;

export const readModelStatusQuery = (pollMs: number = READ_MODELS_POLL_MS) =>
  queryOptions({
    queryKey: readModelStatusKey,
    queryFn: ({ signal }) =>
      request<ReadModelStatusView>('GET', OPERATIONS_PATHS.readModels, { signal }),
    retry: retryOnce,
    staleTime: 0,
    refetchInterval: pollMs,
  });

export function useReadModelStatus(pollMs?: number) {
  return useQuery(readModelStatusQuery(pollMs));
}
