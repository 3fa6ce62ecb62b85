/** GET /api/admin/setup?token=: whether a one-time setup link can still be used, and why not. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, type SetupCheck } from '../../../../api/admins/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';

export const setupCheckKey = (token: string) => ['admin', 'setup', token] as const;

export function checkSetup(token: string, signal?: AbortSignal): Promise<SetupCheck> {
  return request<SetupCheck>('GET', `${ADMIN_PATHS.setup}?token=${encodeURIComponent(token)}`, {
    signal,
  });
}

export const setupCheckQuery = (token: string) =>
  queryOptions({
    queryKey: setupCheckKey(token),
    queryFn: ({ signal }) => checkSetup(token, signal),
    enabled: token !== '',
    retry: retryOnce,
    staleTime: Infinity,
  });

export function useSetupCheck(token: string) {
  return useQuery(setupCheckQuery(token));
}
