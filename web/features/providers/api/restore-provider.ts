/** POST /api/admin/providers/:id/restore: back from the trash (within 30 days of the removal). */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export function restoreProvider(id: string, csrfToken?: string | null): Promise<CommandResult> {
  return request<CommandResult>('POST', PROVIDER_PATHS.adminRestore(id), { csrfToken });
}

export function useRestoreProvider() {
  return useAdminCommand(restoreProvider);
}
