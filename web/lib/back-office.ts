/**
 * What every back-office feature shares about its queries. Every admin query key starts with
 * 'admin'; the session query (['admin', 'session']) holds the CSRF token: sign-in and setup
 * write it there, and every command reads it at send time. Admin data is read in the browser
 * only (these queries never run during SSR).
 */
import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminSession } from '../../api/admins/contracts';
import { isApiError } from './http-client';

export const ADMIN_KEY = ['admin'] as const;
export const ADMIN_SESSION_KEY = ['admin', 'session'] as const;

/** Every admin page: its title and noindex (the server also sends Cache-Control: no-store). */
export function adminHead(title: string) {
  return {
    meta: [
      { title: `${title} | VialCompare admin` },
      { name: 'robots', content: 'noindex, nofollow' },
    ],
  };
}

/** Client errors (4xx) will not change on a retry; a dropped connection or a 5xx may. */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** After a command: everything the admin reads may have changed, except who is signed in. */
export function invalidateAdminData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === ADMIN_KEY[0] && query.queryKey[1] !== 'session',
  });
}

/** Reads the signed-in session's CSRF token when called (it changes at sign-in). */
export function csrfTokenReader(queryClient: QueryClient): () => string | undefined {
  return () => queryClient.getQueryData<AdminSession>(ADMIN_SESSION_KEY)?.csrfToken;
}

/** `csrfTokenReader` for this component's QueryClient. */
export function useCsrfToken(): () => string | undefined {
  const queryClient = useQueryClient();
  return useCallback(() => csrfTokenReader(queryClient)(), [queryClient]);
}

/** A command's request: its variables and the CSRF token read when the mutation runs. */
export type AdminCommand<TVariables, TResult> = (
  variables: TVariables,
  csrfToken: string | undefined,
) => Promise<TResult>;

/**
 * A back-office command as a mutation: sent with the session's current CSRF token, and the
 * admin data refreshed afterwards, whether it worked or not.
 */
export function useAdminCommand<TVariables, TResult>(send: AdminCommand<TVariables, TResult>) {
  const csrfToken = useCsrfToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => send(variables, csrfToken()),
    onSettled: () => invalidateAdminData(queryClient),
  });
}
