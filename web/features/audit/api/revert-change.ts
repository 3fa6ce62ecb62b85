/**
 * POST …/revert { position, field }: 'Revert this change' on one field of one audit entry. The
 * path is the capability's own (a provider's, a post's); the audit log only knows which kinds
 * of item can revert a change.
 */
import type { CommandResult, RevertChangeBody } from '../../../../api/contracts/http';
import { BLOG_PATHS, adminPostPath } from '../../../../api/blog/contracts';
import { PROVIDER_PATHS } from '../../../../api/providers/contracts';
import { request } from '../../../lib/http-client';

/** The revert address of an item, by its kind in the audit log (absent: not revertible). */
const REVERT_PATHS: Readonly<Record<string, (id: string) => string>> = {
  provider: (id) => PROVIDER_PATHS.adminRevert(id),
  post: (id) => adminPostPath(BLOG_PATHS.adminRevert, id),
};

export const canRevertKind = (kind: string): boolean => Object.hasOwn(REVERT_PATHS, kind);

export interface RevertChangeInput extends RevertChangeBody {
  subject: { kind: string; id: string };
}

export function revertChange(
  { subject, position, field }: RevertChangeInput,
  csrfToken?: string | null,
): Promise<CommandResult> {
  const path = REVERT_PATHS[subject.kind];
  if (!path) return Promise.reject(new Error(`A ${subject.kind} change cannot be reverted.`));
  const body: RevertChangeBody = { position, field };
  return request<CommandResult>('POST', path(subject.id), { body, csrfToken });
}
