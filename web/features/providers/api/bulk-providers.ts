/** POST /api/admin/providers/bulk: feature, unfeature or delete several providers at once. */
import {
  PROVIDER_PATHS,
  type BulkProviderBody,
  type BulkProviderResult,
} from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export function bulkProviders(
  body: BulkProviderBody,
  csrfToken?: string | null,
): Promise<BulkProviderResult> {
  return request<BulkProviderResult>('POST', PROVIDER_PATHS.adminBulk, { body, csrfToken });
}

export function useBulkProviders() {
  return useAdminCommand(bulkProviders);
}
