/** POST /api/admin/logout: ends the session. */
import { useMutation } from '@tanstack/react-query';
import { ADMIN_PATHS } from '../../../../api/admins/contracts';
import { request } from '../../../lib/http-client';
import { useCsrfToken } from '../../../lib/back-office';

export function logout(csrfToken?: string | null): Promise<unknown> {
  return request<unknown>('POST', ADMIN_PATHS.logout, { csrfToken });
}

/** The caller leaves the signed-in pages first, then calls `forgetAdminData` (see the layout). */
export function useLogout() {
  const csrfToken = useCsrfToken();
  return useMutation({ mutationFn: () => logout(csrfToken()) });
}
