/**
 * The administrators screen: GET /api/admin/users, and its commands (invite with a role, cancel
 * an invitation, change a role, deactivate); your own account's (change your password, sign
 * out everywhere).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_USER_PATHS,
  type AdminRole,
  type AdminSession,
  type AdminUsersView,
  type InvitationCreated,
} from '../../../../api/admins/contracts';
import { request } from '../../../lib/http-client';
import {
  ADMIN_SESSION_KEY,
  retryOnce,
  useAdminCommand,
  useCsrfToken,
} from '../../../lib/back-office';

export const adminUsersQuery = () =>
  queryOptions({
    queryKey: ['admin', 'users'] as const,
    queryFn: ({ signal }) => request<AdminUsersView>('GET', ADMIN_USER_PATHS.list, { signal }),
    retry: retryOnce,
    staleTime: 0,
  });

export function useAdminUsers() {
  return useQuery(adminUsersQuery());
}

export const useInviteAdmin = () =>
  useAdminCommand((body: { email: string; role: AdminRole }, csrfToken?: string | null) =>
    request<InvitationCreated>('POST', ADMIN_USER_PATHS.invite, { body, csrfToken }),
  );

export const useChangeRole = () =>
  useAdminCommand(({ id, role }: { id: string; role: AdminRole }, csrfToken?: string | null) =>
    request<{ ok: true; role: AdminRole }>('POST', ADMIN_USER_PATHS.changeRole(id), {
      body: { role },
      csrfToken,
    }),
  );

export const useCancelInvitation = () =>
  useAdminCommand((id: string, csrfToken?: string | null) =>
    request<{ ok: true }>('DELETE', ADMIN_USER_PATHS.cancelInvitation(id), { csrfToken }),
  );

export const useDeactivateAdmin = () =>
  useAdminCommand((id: string, csrfToken?: string | null) =>
    request<{ ok: true }>('POST', ADMIN_USER_PATHS.deactivate(id), { csrfToken }),
  );

/** Answers this device's new session (the others end): its CSRF token replaces the old one. */
export function useChangePassword() {
  const csrfToken = useCsrfToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      request<AdminSession>('POST', ADMIN_USER_PATHS.password, { body, csrfToken: csrfToken() }),
    // What GET session said besides (the deployment) stays; the token and user are the new ones.
    onSuccess: (session) =>
      queryClient.setQueryData<AdminSession>(ADMIN_SESSION_KEY, (old) => ({ ...old, ...session })),
  });
}

/** Ends every session of yours, this one too: the caller leaves for the login page. */
export function useSignOutEverywhere() {
  const csrfToken = useCsrfToken();
  return useMutation({
    mutationFn: () =>
      request<{ ok: true }>('POST', ADMIN_USER_PATHS.signOutEverywhere, {
        csrfToken: csrfToken(),
      }),
  });
}
