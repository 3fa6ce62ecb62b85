/**
 * TanStack Query hooks for the back office. The session query holds the CSRF token: the
 * login and setup responses write it there, and every command reads it at send time. Admin
 * data is read in the browser only (these queries never run during SSR).
 */
import { useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProviderDetailsInput, ProviderPrices } from '../../../domain/provider/provider';
import type { CommandResult } from '../../../api/contracts/providers';
import {
  createAdminApi,
  isAdminApiError,
  isUnauthorized,
  type AdminApi,
  type AdminSession,
} from './api';

export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  setup: (token: string) => ['admin', 'setup', token] as const,
  dashboard: ['admin', 'dashboard'] as const,
  providers: ['admin', 'providers'] as const,
  audit: (subjectId: string | undefined) => ['admin', 'audit', subjectId ?? 'all'] as const,
};

/** Client errors (4xx) will not change on a retry; a dropped connection or a 5xx may. */
function retryOnce(failureCount: number, error: unknown): boolean {
  if (isAdminApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function useAdminApi(): AdminApi {
  const queryClient = useQueryClient();
  return useMemo(
    () =>
      createAdminApi(
        (...args) => fetch(...args),
        () => queryClient.getQueryData<AdminSession>(adminKeys.session)?.csrfToken,
      ),
    [queryClient],
  );
}

/** After a command: everything the admin reads may have changed, except who is signed in. */
function invalidateAdminData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'admin' && query.queryKey[1] !== 'session',
  });
}

/** A new session (login, setup): drop what the previous one had read, keep the new token. */
function startSession(queryClient: QueryClient, session: AdminSession) {
  queryClient.removeQueries({ queryKey: adminKeys.all });
  queryClient.setQueryData(adminKeys.session, session);
}

export function useAdminSession() {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: ({ signal }) => api.session(signal),
    retry: retryOnce,
    staleTime: 5 * 60_000,
  });
}

export function useLogin() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.login,
    onSuccess: (session) => startSession(queryClient, session),
  });
}

/** The caller leaves the signed-in pages first, then calls `forgetAdminData` (see the layout). */
export function useLogout() {
  const api = useAdminApi();
  return useMutation({ mutationFn: api.logout });
}

/** Drops everything the signed-in pages read, session included. */
export function forgetAdminData(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: adminKeys.all });
}

export function useSetupCheck(token: string) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.setup(token),
    queryFn: ({ signal }) => api.checkSetup(token, signal),
    enabled: token !== '',
    retry: retryOnce,
    staleTime: Infinity,
  });
}

export function useSetup() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.setup,
    onSuccess: (session) => startSession(queryClient, session),
  });
}

export function useDashboardCounts() {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => api.dashboard(signal),
    retry: retryOnce,
    staleTime: 0,
  });
}

export function useAdminProviders() {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.providers,
    queryFn: ({ signal }) => api.providers(signal),
    retry: retryOnce,
    staleTime: 0,
  });
}

export function useAuditLog(subjectId: string | undefined) {
  const api = useAdminApi();
  return useQuery({
    queryKey: adminKeys.audit(subjectId),
    queryFn: ({ signal }) => api.audit(subjectId, signal),
    retry: retryOnce,
    staleTime: 0,
  });
}

export type SaveProviderInput =
  | { kind: 'create'; details: ProviderDetailsInput; prices: ProviderPrices }
  | {
      kind: 'update';
      id: string;
      expectedRevision: number;
      details: ProviderDetailsInput;
      /** null when the price tables did not change. */
      prices: ProviderPrices | null;
    };

/**
 * Create sends details and prices in one request. Update sends the details, then (only when
 * they changed) the prices with the revision the details update returned, so the second
 * request cannot trip over the first.
 */
export function useSaveProvider() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveProviderInput): Promise<CommandResult> => {
      if (input.kind === 'create')
        return api.createProvider({ ...input.details, prices: input.prices });
      const saved = await api.updateProvider(input.id, input.details, input.expectedRevision);
      if (input.prices === null) return saved;
      return api.updatePrices(input.id, input.prices, saved.revision);
    },
    onSettled: () => invalidateAdminData(queryClient),
  });
}

export function useDeleteProvider() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, expectedRevision }: { id: string; expectedRevision: number }) =>
      api.deleteProvider(id, expectedRevision),
    onSettled: () => invalidateAdminData(queryClient),
  });
}

export function useRecomputeVialScore() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.recomputeVialScore(id),
    onSettled: () => invalidateAdminData(queryClient),
  });
}

/**
 * Calls `onUnauthorized` when any admin query or command answers 401 (the session expired
 * or was revoked). Used by the signed-in layout only: on the login page a 401 is a wrong password.
 */
export function useOnUnauthorized(onUnauthorized: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = (action: { type: string; error?: unknown }) => {
      if (action.type === 'error' && isUnauthorized(action.error)) onUnauthorized();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') check(event.action as { type: string; error?: unknown });
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated') check(event.action as { type: string; error?: unknown });
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, onUnauthorized]);
}
