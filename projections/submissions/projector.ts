/**
 * 'provider_submissions': one document per submission for the back office's inbox, keyed by
 * the submission id (applying an event twice rewrites the same document).
 */
import {
  asSubmissionEvent,
  SUBMISSION_EVENT_TYPES,
  type ProviderSubmitted,
  type SubmissionStatus,
} from '../../domain/submissions/events';
import type { ProjectionContext, Projector } from '../projector';
import type { Document, Filter, ReadStore } from '../read-store/port';
import { positionSortKey } from '../views';

export const SUBMISSIONS_COLLECTION = 'provider_submissions';

export type SubmissionDoc = Document &
  Omit<ProviderSubmitted, 'submissionId'> & {
    status: SubmissionStatus;
    /** Lowercase provider name, searched by the inbox. */
    nameKey: string;
    providerId: string | null;
    rejectionReason: string | null;
    /** ISO time of the last change of status. */
    updatedAt: string;
    sortKey: string;
  };

export const submissionsProjector: Projector = {
  name: 'provider-submissions',
  version: 1,
  eventTypes: SUBMISSION_EVENT_TYPES,
  collections: [SUBMISSIONS_COLLECTION],
  // The inbox, newest first, all or one status.
  indexes: {
    [SUBMISSIONS_COLLECTION]: [{ fields: { sortKey: -1 } }, { fields: { status: 1, sortKey: -1 } }],
  },
  async handle(recorded, ctx: ProjectionContext) {
    const event = asSubmissionEvent(recorded);
    if (!event) return;
    const collection = ctx.collection<SubmissionDoc>(SUBMISSIONS_COLLECTION);
    const at = recorded.metadata.occurredAt;
    if (event.type === 'ProviderSubmitted') {
      const { submissionId, ...data } = event.data;
      await collection.upsert({
        _id: submissionId,
        ...data,
        status: 'new',
        nameKey: data.providerName.toLowerCase(),
        providerId: null,
        rejectionReason: null,
        updatedAt: at,
        sortKey: positionSortKey(recorded.position),
      });
      return;
    }
    const set: Record<string, unknown> = { updatedAt: at };
    if (event.type === 'SubmissionReviewStarted') set.status = 'in_review';
    if (event.type === 'SubmissionAccepted') {
      set.status = 'accepted';
      set.providerId = event.data.providerId;
    }
    if (event.type === 'SubmissionRejected') {
      set.status = 'rejected';
      set.rejectionReason = event.data.reason;
    }
    await collection.update({ _id: event.data.submissionId }, { $set: set });
  },
};

export interface SubmissionListParams {
  status?: SubmissionStatus;
  q?: string;
  page: number;
  pageSize: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function submissionQueries(store: ReadStore) {
  const collection = () => store.collection<SubmissionDoc>(SUBMISSIONS_COLLECTION);
  return {
    /** The inbox, newest first: one page, the total matching, and the count per status. */
    async submissionPage(params: SubmissionListParams) {
      const filter: Filter = {};
      if (params.status) filter.status = params.status;
      const q = params.q?.trim().toLowerCase();
      if (q) filter.nameKey = { $regex: escapeRegex(q) };
      const [rows, total] = await Promise.all([
        collection().find(filter, {
          sort: { sortKey: -1 },
          skip: (params.page - 1) * params.pageSize,
          limit: params.pageSize,
          projection: { nameKey: 0, sortKey: 0 },
        }),
        collection().count(filter),
      ]);
      return { rows, total };
    },
    submission(submissionId: string): Promise<SubmissionDoc | null> {
      return collection().findOne({ _id: submissionId });
    },
  };
}

export type SubmissionQueries = ReturnType<typeof submissionQueries>;
