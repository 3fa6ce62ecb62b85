/** PUT /api/admin/providers/:id/terms { terms, expectedRevision }: replaces the provider's terms as a whole. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export interface UpdateTermsInput {
  id: string;
  /** The section's payload (facts-form.ts), checked by the server's schema. */
  terms: unknown;
  expectedRevision: number;
}

export function updateTerms(
  { id, terms, expectedRevision }: UpdateTermsInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('PUT', PROVIDER_PATHS.adminTerms(id), {
    body: { terms, expectedRevision },
    csrfToken,
  });
}

export function useUpdateTerms() {
  return useAdminCommand(updateTerms);
}
