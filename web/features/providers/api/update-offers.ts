/** PUT /api/admin/providers/:id/offers { offers, expectedRevision }: replaces the provider's offers as a whole. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export interface UpdateOffersInput {
  id: string;
  /** The section's payload (facts-form.ts), checked by the server's schema. */
  offers: unknown;
  expectedRevision: number;
}

export function updateOffers(
  { id, offers, expectedRevision }: UpdateOffersInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('PUT', PROVIDER_PATHS.adminOffers(id), {
    body: { offers, expectedRevision },
    csrfToken,
  });
}

export function useUpdateOffers() {
  return useAdminCommand(updateOffers);
}
