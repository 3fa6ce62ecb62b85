/** POST /api/admin/providers/:id/prices/verified: 'Prices verified' (the prices stand, checked now). */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export function verifyPrices(id: string, csrfToken?: string | null): Promise<CommandResult> {
  return request<CommandResult>('POST', PROVIDER_PATHS.adminPricesVerified(id), { csrfToken });
}

export function useVerifyPrices() {
  return useAdminCommand(verifyPrices);
}
