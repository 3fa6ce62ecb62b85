/**
 * Provider submission events, one stream per submission: `submission-{submissionId}`.
 * ProviderSubmitted carries the spec's payload with the time it arrived (`timestamp`) and the
 * sender's user agent. The later events carry the status they left (`previousStatus`), so the
 * dashboard's count of new submissions moves by them alone.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';
import { eventNarrower } from '../shared/decider';
import { MEDICATIONS } from '../shared/reference/medications';

export const submissionStreamId = (submissionId: string): string => `submission-${submissionId}`;

export { SUBMISSION_STATUSES, type SubmissionStatus } from './lists';

const openStatus = z.enum(['new', 'in_review']);
const id = z.string().min(1).max(100);

export const REJECTION_REASON_MAX = 1000;

export const submissionEventSchemas = {
  ProviderSubmitted: z.object({
    submissionId: id,
    providerName: z.string().min(1).max(200),
    website: z.string().min(1).max(500),
    contactEmail: z.string().min(3).max(254),
    phoneNumber: z.string().max(40),
    description: z.string().max(5000),
    medications: z.array(z.enum(MEDICATIONS)).max(MEDICATIONS.length),
    /** Every state served, comma-joined ('AL,AK,...'), as the spec's payload sends them. */
    states: z.string().max(200),
    pricing: z.string().max(2000),
    submitterName: z.string().max(200),
    submitterEmail: z.string().max(254),
    submitterRole: z.string().max(200),
    additionalInfo: z.string().max(5000),
    /** ISO time the submission arrived. */
    timestamp: z.string().min(1),
    userAgent: z.string().max(500),
  }),
  SubmissionReviewStarted: z.object({ submissionId: id }),
  SubmissionAccepted: z.object({
    submissionId: id,
    /** The provider listing created from it. */
    providerId: id,
    previousStatus: openStatus,
    /** The provider was made a draft, public once published (issue 27); absent: listed at once. */
    draft: z.literal(true).optional(),
  }),
  SubmissionRejected: z.object({
    submissionId: id,
    reason: z.string().min(1).max(REJECTION_REASON_MAX),
    previousStatus: openStatus,
  }),
} as const;

type Schemas = typeof submissionEventSchemas;
export type SubmissionEventType = keyof Schemas;
export type ProviderSubmitted = z.infer<Schemas['ProviderSubmitted']>;

export type SubmissionEvent = {
  [K in SubmissionEventType]: DomainEvent<K, z.infer<Schemas[K]>>;
}[SubmissionEventType];

export const SUBMISSION_EVENT_TYPES = Object.keys(submissionEventSchemas) as SubmissionEventType[];

/** Narrows a stored event to a submission event; data is trusted (validated on append). */
export const asSubmissionEvent = eventNarrower<Schemas, SubmissionEvent>(submissionEventSchemas);
