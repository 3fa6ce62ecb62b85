/** POST /api/admin/providers: a new provider, its details and price tables in one request. */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type NewProviderBody } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';

export function createProvider(
  body: NewProviderBody,
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('POST', PROVIDER_PATHS.admin, { body, csrfToken });
}
