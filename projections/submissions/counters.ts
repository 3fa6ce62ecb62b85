import type { DashboardCounter } from '../dashboard';
import { asSubmissionEvent } from '../../domain/submissions/events';

/**
 * New submissions: +1 when one arrives, -1 when a new one is taken into review, accepted or
 * rejected (the events carry the status they left; in review -> decided moves nothing).
 */
export const submissionCounters: DashboardCounter[] = [
  {
    name: 'submissions',
    eventTypes: [
      'ProviderSubmitted',
      'SubmissionReviewStarted',
      'SubmissionAccepted',
      'SubmissionRejected',
    ],
    delta(recorded) {
      const event = asSubmissionEvent(recorded);
      if (!event) return 0;
      switch (event.type) {
        case 'ProviderSubmitted':
          return 1;
        case 'SubmissionReviewStarted':
          return -1;
        case 'SubmissionAccepted':
        case 'SubmissionRejected':
          return event.data.previousStatus === 'new' ? -1 : 0;
      }
    },
  },
];
