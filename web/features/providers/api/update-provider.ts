/** PUT /api/admin/providers/:id { details, expectedRevision }: edits a provider's details. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import type { ProviderDetailsInput } from '../../../../domain/providers/provider';
import { request } from '../../../lib/http-client';

export interface UpdateProviderInput {
  id: string;
  details: ProviderDetailsInput;
  expectedRevision: number;
  /** After a conflict: the fields whose value this save keeps over the other save's. */
  keepMine?: string[];
}

export function updateProvider(
  { id, details, expectedRevision, keepMine }: UpdateProviderInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('PUT', PROVIDER_PATHS.adminOne(id), {
    body: { details, expectedRevision, ...(keepMine ? { keepMine } : {}) },
    csrfToken,
  });
}
