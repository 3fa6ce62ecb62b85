/**
 * A provider submission's lifecycle: new -> (in review) -> accepted | rejected. Accepted and
 * rejected are final. The id is new per submission (decided by the command handler), so a
 * second ProviderSubmitted on a stream is only a retried dispatch, refused.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import type { ProviderSubmitted, SubmissionEvent, SubmissionStatus } from './events';

export type SubmissionState =
  { status: 'absent' } | { status: SubmissionStatus; submissionId: string; providerName: string };

export type SubmissionCommand =
  | ({ type: 'Submit' } & ProviderSubmitted)
  | { type: 'StartReview'; submissionId: string }
  /** The provider was made a draft from it (issue 27): public only once published. */
  | { type: 'Accept'; submissionId: string; providerId: string }
  | { type: 'Reject'; submissionId: string; reason: string };

export const submissionErrors = decisionErrors({
  submission_already_received: 'This submission was already received.',
  submission_not_found: 'Submission not found',
  submission_already_in_review: 'This submission is already in review.',
  submission_already_decided: 'This submission was already accepted or rejected.',
});

const { fail } = submissionErrors;

export const submissionDecider: Decider<SubmissionCommand, SubmissionEvent, SubmissionState> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'ProviderSubmitted':
        return {
          status: 'new',
          submissionId: event.data.submissionId,
          providerName: event.data.providerName,
        };
      case 'SubmissionReviewStarted':
        return state.status === 'absent' ? state : { ...state, status: 'in_review' };
      case 'SubmissionAccepted':
        return state.status === 'absent' ? state : { ...state, status: 'accepted' };
      case 'SubmissionRejected':
        return state.status === 'absent' ? state : { ...state, status: 'rejected' };
    }
  },

  decide(command, state) {
    if (command.type === 'Submit') {
      if (state.status !== 'absent') fail('submission_already_received');
      const { type: _type, ...data } = command;
      return [{ type: 'ProviderSubmitted', data }];
    }
    if (state.status === 'absent') return fail('submission_not_found');
    if (state.status === 'accepted' || state.status === 'rejected') {
      return fail('submission_already_decided');
    }
    const previousStatus = state.status;
    const { submissionId } = command;
    switch (command.type) {
      case 'StartReview':
        if (previousStatus === 'in_review') fail('submission_already_in_review');
        return [{ type: 'SubmissionReviewStarted', data: { submissionId } }];
      case 'Accept':
        return [
          {
            type: 'SubmissionAccepted',
            data: { submissionId, providerId: command.providerId, previousStatus, draft: true },
          },
        ];
      case 'Reject':
        return [
          {
            type: 'SubmissionRejected',
            data: { submissionId, reason: command.reason, previousStatus },
          },
        ];
    }
  },
};
