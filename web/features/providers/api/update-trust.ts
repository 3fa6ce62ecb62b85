/** PUT /api/admin/providers/:id/trust { trust, expectedRevision }: replaces the provider's trust as a whole. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export interface UpdateTrustInput {
  id: string;
  /** The section's payload (facts-form.ts), checked by the server's schema. */
  trust: unknown;
  expectedRevision: number;
}

export function updateTrust(
  { id, trust, expectedRevision }: UpdateTrustInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('PUT', PROVIDER_PATHS.adminTrust(id), {
    body: { trust, expectedRevision },
    csrfToken,
  });
}

export function useUpdateTrust() {
  return useAdminCommand(updateTrust);
}
