/** PUT /api/admin/providers/:id/prices { prices, expectedRevision }: replaces the price tables. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import type { ProviderPrices } from '../../../../domain/providers/provider';
import { request } from '../../../lib/http-client';

export interface UpdatePricesInput {
  id: string;
  prices: ProviderPrices;
  expectedRevision: number;
}

export function updatePrices(
  { id, prices, expectedRevision }: UpdatePricesInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('PUT', PROVIDER_PATHS.adminPrices(id), {
    body: { prices, expectedRevision },
    csrfToken,
  });
}
