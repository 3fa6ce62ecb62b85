/** POST /api/admin/login { email, password }: signs in and answers the new session. */
import { ADMIN_PATHS, type AdminSession } from '../../../../api/admins/contracts';
import { request } from '../../../lib/http-client';
import type { Credentials } from '../credentials';
import { useSessionCommand } from './session';

export function login(credentials: Credentials, csrfToken?: string | null): Promise<AdminSession> {
  return request<AdminSession>('POST', ADMIN_PATHS.login, { body: credentials, csrfToken });
}

export function useLogin() {
  return useSessionCommand(login);
}
