/** POST /api/admin/providers/:id/facts/:group/checked: 'Checked today' (the facts stand, checked today). */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type FactGroup } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export interface CheckFactsInput {
  id: string;
  group: FactGroup;
}

export function checkFacts(
  { id, group }: CheckFactsInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('POST', PROVIDER_PATHS.adminFactsChecked(id, group), {
    body: {},
    csrfToken,
  });
}

export function useCheckFacts() {
  return useAdminCommand(checkFacts);
}
