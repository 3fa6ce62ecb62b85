/** POST /api/admin/setup { token, email, password }: creates the first administrator and signs in. */
import { ADMIN_PATHS, type AdminSession } from '../../../../api/admins/contracts';
import { request } from '../../../lib/http-client';
import type { Credentials } from '../credentials';
import { useSessionCommand } from './session';

export type SetupBody = Credentials & { token: string };

export function setup(body: SetupBody, csrfToken?: string | null): Promise<AdminSession> {
  return request<AdminSession>('POST', ADMIN_PATHS.setup, { body, csrfToken });
}

export function useSetup() {
  return useSessionCommand(setup);
}
