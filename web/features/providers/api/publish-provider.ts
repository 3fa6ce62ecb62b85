/**
 * POST /api/admin/providers/:id/publish: a draft goes public (issue 27). Sends the revision the
 * administrator reviewed: a draft changed since is refused (409), not published unseen.
 */
import type { CommandResult } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type PublishProviderBody } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export function publishProvider(
  { id, expectedRevision }: { id: string; expectedRevision: number },
  csrfToken?: string | null,
): Promise<CommandResult> {
  const body: PublishProviderBody = { expectedRevision };
  return request<CommandResult>('POST', PROVIDER_PATHS.adminPublish(id), { csrfToken, body });
}

export function usePublishProvider() {
  return useAdminCommand(publishProvider);
}
