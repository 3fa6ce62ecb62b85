/** POST /api/admin/blog/posts/:id/revert { position, field }: one field of one save set back. */
import type { CommandResult, RevertChangeBody } from '../../../../api/contracts/http';
import { adminPostPath, BLOG_PATHS } from '../../../../api/blog/contracts';
import { useAdminCommand } from '../../../lib/back-office';
import { request } from '../../../lib/http-client';

export function revertPostChange(
  { postId, ...body }: RevertChangeBody & { postId: string },
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('POST', adminPostPath(BLOG_PATHS.adminRevert, postId), {
    body,
    csrfToken,
  });
}

export function useRevertPostChange() {
  return useAdminCommand(revertPostChange);
}
