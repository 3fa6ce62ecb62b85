/** PUT /api/admin/providers/:id { details, expectedRevision }: edits a provider's details. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import type { ProviderDetailsInput } from '../../../../domain/providers/provider';
import { request } from '../../../lib/http-client';

export interface UpdateProviderInput {
  id: string;
  details: ProviderDetailsInput;
  expectedRevision: number;
}

export function updateProvider(
  { id, details, expectedRevision }: UpdateProviderInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('PUT', PROVIDER_PATHS.adminOne(id), {
    body: { details, expectedRevision },
    csrfToken,
  });
}
