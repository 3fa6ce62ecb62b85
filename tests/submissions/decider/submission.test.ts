/**
 * A provider submission's lifecycle as Given(events) / When(command) / Then(events or error):
 * new -> in review -> accepted | rejected; accepted and rejected are final.
 */
import { describe, expect, it } from 'vitest';
import { DecisionError } from '../../../domain/shared/decider';
import { submissionDecider } from '../../../domain/submissions/decider';
import {
  asSubmissionEvent,
  submissionEventSchemas,
  submissionStreamId,
  type ProviderSubmitted,
  type SubmissionEvent,
} from '../../../domain/submissions/events';
import { DeciderSpecification } from '../../support/decider-specification';

const { given } = DeciderSpecification.for(submissionDecider);
const submissionId = 's-1';

const payload: ProviderSubmitted = {
  submissionId,
  providerName: 'Northwind',
  website: 'https://northwind.example/',
  contactEmail: 'hi@northwind.example',
  phoneNumber: '',
  description: '',
  medications: ['Semaglutide'],
  states: 'CA,NY',
  pricing: '',
  submitterName: '',
  submitterEmail: '',
  submitterRole: '',
  additionalInfo: '',
  timestamp: '2026-01-05T10:00:00.000Z',
  userAgent: 'Test/1.0',
};
const submitted: SubmissionEvent = { type: 'ProviderSubmitted', data: payload };
const inReview: SubmissionEvent = { type: 'SubmissionReviewStarted', data: { submissionId } };
const accepted = (previousStatus: 'new' | 'in_review'): SubmissionEvent => ({
  type: 'SubmissionAccepted',
  data: { submissionId, providerId: submissionId, previousStatus, draft: true },
});
const rejected = (previousStatus: 'new' | 'in_review'): SubmissionEvent => ({
  type: 'SubmissionRejected',
  data: { submissionId, reason: 'Not a GLP-1 provider', previousStatus },
});

const accept = { type: 'Accept', submissionId, providerId: submissionId } as const;
const reject = { type: 'Reject', submissionId, reason: 'Not a GLP-1 provider' } as const;
const review = { type: 'StartReview', submissionId } as const;

describe('Submit', () => {
  it('given nothing, records the submission with its payload, timestamp and user agent', () => {
    given([])
      .when({ type: 'Submit', ...payload })
      .then([submitted]);
  });

  it('given it was received, a second delivery of the same id is refused', () => {
    given([submitted])
      .when({ type: 'Submit', ...payload })
      .thenThrows(DecisionError, { code: 'submission_already_received' });
  });
});

describe('StartReview, Accept, Reject', () => {
  it.each([
    ['a new one is taken into review', [submitted], review, [inReview]],
    ['a new one is accepted, leaving new', [submitted], accept, [accepted('new')]],
    [
      'one in review is accepted, leaving in review',
      [submitted, inReview],
      accept,
      [accepted('in_review')],
    ],
    ['a new one is rejected with its reason', [submitted], reject, [rejected('new')]],
    ['one in review is rejected', [submitted, inReview], reject, [rejected('in_review')]],
  ] as const)('given %s', (_name, history, command, expected) => {
    given([...history])
      .when(command)
      .then([...expected]);
  });

  it.each([
    ['nothing was submitted', [], accept, 'submission_not_found'],
    ['nothing was submitted (reject)', [], reject, 'submission_not_found'],
    ['it is already in review', [submitted, inReview], review, 'submission_already_in_review'],
    [
      'it was accepted (accept again)',
      [submitted, accepted('new')],
      accept,
      'submission_already_decided',
    ],
    [
      'it was accepted (reject)',
      [submitted, accepted('new')],
      reject,
      'submission_already_decided',
    ],
    [
      'it was rejected (accept)',
      [submitted, rejected('new')],
      accept,
      'submission_already_decided',
    ],
    [
      'it was rejected (review)',
      [submitted, rejected('new')],
      review,
      'submission_already_decided',
    ],
  ] as const)('given %s, it is refused: %s', (_name, history, command, code) => {
    given([...history])
      .when(command)
      .thenThrows(DecisionError, { code });
  });
});

describe('events', () => {
  it('the stream is named by the submission id', () => {
    expect(submissionStreamId('abc')).toBe('submission-abc');
  });

  it('every decided event passes its schema', () => {
    for (const event of [submitted, inReview, accepted('new'), rejected('in_review')]) {
      expect(submissionEventSchemas[event.type].safeParse(event.data).success).toBe(true);
    }
  });

  it('narrows stored events by type', () => {
    expect(asSubmissionEvent(submitted)).toBe(submitted);
    expect(asSubmissionEvent({ type: 'ProviderListed', data: {} })).toBeNull();
  });
});
