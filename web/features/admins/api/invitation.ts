/**
 * GET /api/admin/invitation?token=: whether an invitation link can be used, for which e-mail;
 * POST { token, password }: creates the invited administrator and signs them in.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ADMIN_USER_PATHS,
  type AdminSession,
  type InvitationCheck,
} from '../../../../api/admins/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce } from '../../../lib/back-office';
import { useSessionCommand } from './session';

export const invitationCheckQuery = (token: string) =>
  queryOptions({
    queryKey: ['admin', 'invitation', token] as const,
    queryFn: ({ signal }) =>
      request<InvitationCheck>(
        'GET',
        `${ADMIN_USER_PATHS.invitation}?token=${encodeURIComponent(token)}`,
        { signal },
      ),
    enabled: token !== '',
    retry: retryOnce,
    staleTime: Infinity,
  });

export function useInvitationCheck(token: string) {
  return useQuery(invitationCheckQuery(token));
}

export function useAcceptInvitation() {
  return useSessionCommand((body: { token: string; password: string }, csrfToken?: string | null) =>
    request<AdminSession>('POST', ADMIN_USER_PATHS.invitation, { body, csrfToken }),
  );
}
