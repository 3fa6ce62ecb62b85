/**
 * Saving the provider form. Create sends details and prices in one request. Update sends the
 * details, then (only when they changed) the prices with the revision the details update
 * returned, so the second request cannot trip over the first.
 */
import type { CommandResult } from '../../../api/contracts/http';
import type { ProviderDetailsInput, ProviderPrices } from '../../../domain/providers/provider';
import { useAdminCommand } from '../../lib/back-office';
import { createProvider } from './api/create-provider';
import { updatePrices } from './api/update-prices';
import { updateProvider } from './api/update-provider';

export type SaveProviderInput =
  | {
      kind: 'create';
      /** Made when the form opens: the create's idempotency key (a retry makes no second provider). */
      providerId: string;
      details: ProviderDetailsInput;
      prices: ProviderPrices;
    }
  | {
      kind: 'update';
      id: string;
      expectedRevision: number;
      details: ProviderDetailsInput;
      /** null when the price tables did not change. */
      prices: ProviderPrices | null;
      /** After a conflict: the fields whose value this save keeps ('Keep mine'). */
      keepMine?: string[];
    };

export async function saveProvider(
  input: SaveProviderInput,
  csrfToken: string | undefined,
): Promise<CommandResult> {
  if (input.kind === 'create')
    return createProvider(
      { ...input.details, prices: input.prices, providerId: input.providerId },
      csrfToken,
    );
  const { id, details, expectedRevision, keepMine } = input;
  const saved = await updateProvider({ id, details, expectedRevision, keepMine }, csrfToken);
  if (input.prices === null) return saved;
  return updatePrices({ id, prices: input.prices, expectedRevision: saved.revision }, csrfToken);
}

export function useSaveProvider() {
  return useAdminCommand(saveProvider);
}
