/** PUT /api/admin/providers/:id/fees { fees, expectedRevision }: replaces the provider's fees as a whole. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export interface UpdateFeesInput {
  id: string;
  /** The section's payload (facts-form.ts), checked by the server's schema. */
  fees: unknown;
  expectedRevision: number;
}

export function updateFees(
  { id, fees, expectedRevision }: UpdateFeesInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('PUT', PROVIDER_PATHS.adminFees(id), {
    body: { fees, expectedRevision },
    csrfToken,
  });
}

export function useUpdateFees() {
  return useAdminCommand(updateFees);
}
