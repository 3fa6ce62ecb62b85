/**
 * POST /api/admin/submissions/:id/review | /accept | /reject { reason }: the inbox's decisions.
 * Accept answers the provider listing it created ({ providerId }).
 */
import type { CommandResult } from '../../../../api/contracts/http';
import {
  SUBMISSION_PATHS,
  type AcceptSubmissionResult,
} from '../../../../api/submissions/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export function startReview(id: string, csrfToken?: string | null): Promise<CommandResult> {
  return request<CommandResult>('POST', SUBMISSION_PATHS.adminReview(id), { csrfToken });
}

export function acceptSubmission(
  id: string,
  csrfToken?: string | null,
): Promise<AcceptSubmissionResult> {
  return request<AcceptSubmissionResult>('POST', SUBMISSION_PATHS.adminAccept(id), { csrfToken });
}

export function rejectSubmission(
  { id, reason }: { id: string; reason: string },
  csrfToken?: string | null,
): Promise<CommandResult> {
  return request<CommandResult>('POST', SUBMISSION_PATHS.adminReject(id), {
    body: { reason },
    csrfToken,
  });
}

export const useStartReview = () => useAdminCommand(startReview);
export const useAcceptSubmission = () => useAdminCommand(acceptSubmission);
export const useRejectSubmission = () => useAdminCommand(rejectSubmission);
