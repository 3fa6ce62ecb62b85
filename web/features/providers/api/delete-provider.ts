/** DELETE /api/admin/providers/:id?expectedRevision=: removes a provider from the rankings. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export interface DeleteProviderInput {
  id: string;
  expectedRevision: number;
}

export function deleteProvider(
  { id, expectedRevision }: DeleteProviderInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>(
    'DELETE',
    `${PROVIDER_PATHS.adminOne(id)}?expectedRevision=${expectedRevision}`,
    { csrfToken },
  );
}

export function useDeleteProvider() {
  return useAdminCommand(deleteProvider);
}
