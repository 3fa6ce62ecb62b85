/**
 * Provider submissions, one definition for the page, the routes and the inbox:
 * POST /api/provider-submissions { ...the form's fields, agreedToTerms, elapsedMs, company (honeypot) }
 *   201 { ok: true }                       received (or silently dropped: honeypot filled)
 *   400 { error, fields }                  the form's message and one message per field
 *   429 { error }                          too many submissions from one address
 * Without JavaScript the same form posts to /add-provider (url-encoded; medications and
 * excludedStates repeat; the terms box sends 'on'; startedAt is the page's render time) and is
 * answered with a redirect to /add-provider?status=sent|invalid|limited|failed|too-fast.
 */
import { z } from 'zod';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../domain/submissions/events';
import type { ProviderSubmissionPayload } from '../../domain/submissions/rules';

export {
  SUBMISSION_MESSAGES,
  validateProviderSubmission,
  submittedStates,
  type ProviderSubmissionInput,
} from '../../domain/submissions/rules';
export {
  SUBMISSION_STATUSES,
  REJECTION_REASON_MAX,
  type SubmissionStatus,
} from '../../domain/submissions/events';

/** The hidden field a person never sees; bots fill it in. */
export const SUBMISSION_HONEYPOT = 'company';
/** A form sent sooner than this after the page showed is refused (people take longer). */
export const SUBMISSION_MIN_FILL_MS = 3000;
export const SUBMISSION_TOO_FAST_MESSAGE =
  'That was quicker than a person can fill in the form. Please check your details and send it again.';
export const SUBMISSION_LIMITED_MESSAGE =
  'Too many submissions from your connection. Please try again in an hour.';

export const SUBMISSION_PATHS = {
  send: '/api/provider-submissions',
  /** The page, and the form's no-JavaScript target. */
  page: '/add-provider',
  /** GET: the inbox (?status=&q=&page=&pageSize=). */
  admin: '/api/admin/submissions',
  /** GET one. */
  adminOne: (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}`,
  /** POST: in review. */
  adminReview: (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/review`,
  /** POST: creates a draft provider (public once published) and accepts; answers its id. */
  adminAccept: (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/accept`,
  /** POST { reason }. */
  adminReject: (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/reject`,
} as const;

export type SubmissionFormStatus = 'sent' | 'invalid' | 'limited' | 'failed' | 'too-fast';

import { SUBMISSION_PAGE_SIZES } from '../../domain/submissions/lists';
export { SUBMISSION_PAGE_SIZES } from '../../domain/submissions/lists';

const whole = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`);

export const submissionListParams = z.object({
  status: z
    .enum(SUBMISSION_STATUSES, `status must be one of ${SUBMISSION_STATUSES.join(', ')}`)
    .optional(),
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  page: whole('page').min(1, 'page must be 1 or more').max(100_000).default(1),
  pageSize: whole('pageSize')
    .refine((n) => (SUBMISSION_PAGE_SIZES as readonly number[]).includes(n), {
      message: `pageSize must be one of ${SUBMISSION_PAGE_SIZES.join(', ')}`,
    })
    .default(25),
});
export type SubmissionListParams = z.output<typeof submissionListParams>;

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  new: 'New',
  in_review: 'In review',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** One submission in the back office: the payload as sent, and where it stands. */
export interface SubmissionView extends ProviderSubmissionPayload {
  _id: string;
  timestamp: string;
  userAgent: string;
  status: SubmissionStatus;
  providerId: string | null;
  rejectionReason: string | null;
  updatedAt: string;
}

export interface SubmissionPage {
  rows: SubmissionView[];
  total: number;
}

export interface AcceptSubmissionResult {
  /** The draft made from it: /admin/providers/{providerId} reviews and publishes it. */
  providerId: string;
}
