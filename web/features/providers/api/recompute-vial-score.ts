/** POST /api/admin/providers/:id/vial-score: recomputes and publishes the Vial Score now. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export function recomputeVialScore(id: string, csrfToken?: string | null): Promise<CommandResult> {
  return request<CommandResult>('POST', PROVIDER_PATHS.adminVialScore(id), { csrfToken });
}

export function useRecomputeVialScore() {
  return useAdminCommand(recomputeVialScore);
}
