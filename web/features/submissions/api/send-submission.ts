/** POST /api/provider-submissions: the Add Your Provider form (the contract has the answers). */
import { SUBMISSION_MESSAGES, SUBMISSION_PATHS } from '../../../../api/submissions/contracts';
import { isApiError, request } from '../../../lib/http-client';

export interface SubmissionFormValues {
  providerName: string;
  website: string;
  contactEmail: string;
  phoneNumber: string;
  description: string;
  medications: string[];
  excludedStates: string[];
  pricing: string;
  submitterName: string;
  submitterEmail: string;
  submitterRole: string;
  additionalInfo: string;
  agreedToTerms: boolean;
  /** The honeypot: always empty for people. */
  company: string;
}

export function sendSubmission(values: SubmissionFormValues, elapsedMs: number): Promise<unknown> {
  return request<unknown>('POST', SUBMISSION_PATHS.send, { body: { ...values, elapsedMs } });
}

/** A failed send as the form shows it: the message and any field messages. */
export function submissionError(error: unknown): {
  message: string;
  fields: Record<string, string>;
} {
  if (!isApiError(error)) return { message: SUBMISSION_MESSAGES.failure, fields: {} };
  if (error.status === 400 || error.status === 429) {
    return { message: error.message, fields: { ...error.fields } };
  }
  return { message: SUBMISSION_MESSAGES.failure, fields: {} };
}
