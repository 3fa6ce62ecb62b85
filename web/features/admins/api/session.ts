/**
 * GET /api/admin/session: who is signed in, and the CSRF token every command sends. Sign-in
 * and setup answer the same shape and write it into this query (see `startSession`).
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ADMIN_PATHS, type AdminSession } from '../../../../api/admins/contracts';
import { request } from '../../../lib/http-client';
import {
  ADMIN_KEY,
  ADMIN_SESSION_KEY,
  retryOnce,
  useCsrfToken,
  type AdminCommand,
} from '../../../lib/back-office';

export function getSession(signal?: AbortSignal): Promise<AdminSession> {
  return request<AdminSession>('GET', ADMIN_PATHS.session, { signal });
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: ADMIN_SESSION_KEY,
    queryFn: ({ signal }) => getSession(signal),
    retry: retryOnce,
    staleTime: 5 * 60_000,
  });

export function useAdminSession() {
  return useQuery(sessionQuery());
}

/** A new session (login, setup): drop what the previous one had read, keep the new token. */
export function startSession(queryClient: QueryClient, session: AdminSession) {
  queryClient.removeQueries({ queryKey: ADMIN_KEY });
  queryClient.setQueryData(ADMIN_SESSION_KEY, session);
}

/** A command that answers a new session (sign-in, setup) as a mutation that starts it. */
export function useSessionCommand<TVariables>(send: AdminCommand<TVariables, AdminSession>) {
  const csrfToken = useCsrfToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => send(variables, csrfToken()),
    onSuccess: (session) => startSession(queryClient, session),
  });
}

/** Drops everything the signed-in pages read, session included. */
export function forgetAdminData(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: ADMIN_KEY });
}
