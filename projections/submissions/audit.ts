/** How submission events read in the audit log (the provider's name; the details stay in the inbox). */
import { SUBMISSION_EVENT_TYPES, asSubmissionEvent } from '../../domain/submissions/events';
import { quoted, type AuditDescriber } from '../audit';

export const submissionsAudit: AuditDescriber = {
  eventTypes: SUBMISSION_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'submission',
    id: (event.data as { submissionId: string }).submissionId,
  }),
  describe(recorded, id, known) {
    const event = asSubmissionEvent(recorded);
    if (!event) throw new Error(`Not a submission event: ${recorded.type}`);
    if (event.type === 'ProviderSubmitted') {
      const name = event.data.providerName;
      return {
        subject: { kind: 'submission', id, name },
        summary: `Received the provider submission ${quoted(name)}`,
        changedFields: [],
        remember: { name },
      };
    }
    const name = known?.name ?? id;
    const subject = { kind: 'submission', id, name };
    switch (event.type) {
      case 'SubmissionReviewStarted':
        return {
          subject,
          summary: `Started reviewing the submission ${quoted(name)}`,
          changedFields: ['status'],
          changes: [{ field: 'status', before: 'new', after: 'in review' }],
        };
      case 'SubmissionAccepted':
        return {
          subject,
          // Accepts before drafts (issue 27) listed the provider at once.
          summary: event.data.draft
            ? `Accepted the submission ${quoted(name)} as a draft provider`
            : `Accepted the submission ${quoted(name)} and listed it as a provider`,
          changedFields: ['status'],
          changes: [
            {
              field: 'status',
              before: event.data.previousStatus.replace('_', ' '),
              after: 'accepted',
            },
          ],
        };
      case 'SubmissionRejected':
        return {
          subject,
          summary: `Rejected the submission ${quoted(name)}: ${event.data.reason}`,
          changedFields: ['status'],
          changes: [
            {
              field: 'status',
              before: event.data.previousStatus.replace('_', ' '),
              after: 'rejected',
            },
          ],
        };
    }
  },
};
