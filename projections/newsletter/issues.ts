/**
 * 'newsletter_issues': one NewsletterIssueDoc per issue ({ _id: issue id }), straight from its
 * stream: the back office's draft and past issues, and the public archive (sent ones only).
 * Few documents (one a week): each event is written as it comes. Every update is guarded by
 * the stream revision, so an event applied twice (after a crash) changes nothing.
 */
import type { IssueStatus } from '../../domain/newsletter/issue-decider';
import {
  asNewsletterIssueEvent,
  NEWSLETTER_ISSUE_EVENT_TYPES,
  type IssueComposer,
} from '../../domain/newsletter/issue-events';
import type { Projector } from '../projector';
import type { Document, ReadStore } from '../read-store/port';

export const NEWSLETTER_ISSUES_COLLECTION = 'newsletter_issues';

export type NewsletterIssueDoc = Document & {
  slug: string;
  subject: string;
  preheader: string;
  /** Sanitised HTML. */
  bodyHtml: string;
  status: IssueStatus;
  periodFrom: string;
  periodTo: string;
  composedBy: IssueComposer;
  draftedAt: string;
  editedAt?: string;
  sendAt?: string;
  startedAt?: string;
  sentAt?: string;
  recipients?: number;
  sent?: number;
  failed?: number;
  bounced?: number;
  /** The stream revision of the last event applied. */
  revision: number;
};

export const newsletterIssuesProjector: Projector = {
  name: 'newsletter_issues',
  version: 1,
  eventTypes: NEWSLETTER_ISSUE_EVENT_TYPES,
  collections: [NEWSLETTER_ISSUES_COLLECTION],
  indexes: {
    [NEWSLETTER_ISSUES_COLLECTION]: [
      { fields: { slug: 1 }, unique: true },
      { fields: { status: 1, sentAt: -1 } },
    ],
  },
  async handle(recorded, ctx) {
    const event = asNewsletterIssueEvent(recorded);
    if (!event) return;
    const issues = ctx.collection<NewsletterIssueDoc>(NEWSLETTER_ISSUES_COLLECTION);
    const at = recorded.metadata.occurredAt;
    const { revision } = recorded;
    const { issueId } = event.data;
    if (event.type === 'NewsletterIssueDrafted') {
      const known = await issues.findOne({ _id: issueId });
      if (known && known.revision >= revision) return;
      const { issueId: _id, ...data } = event.data;
      await issues.upsert({ _id: issueId, ...data, status: 'draft', draftedAt: at, revision });
      return;
    }
    const set = (fields: Partial<NewsletterIssueDoc>, unset: string[] = []) =>
      issues.update(
        { _id: issueId, revision: { $lt: revision } },
        {
          $set: { ...fields, revision },
          ...(unset.length > 0 ? { $unset: Object.fromEntries(unset.map((f) => [f, ''])) } : {}),
        },
      );
    switch (event.type) {
      case 'NewsletterIssueEdited': {
        const { subject, preheader, bodyHtml } = event.data;
        await set({ subject, preheader, bodyHtml, editedAt: at });
        return;
      }
      case 'NewsletterIssueScheduled':
        await set({ status: 'scheduled', sendAt: event.data.sendAt });
        return;
      case 'NewsletterIssueUnscheduled':
        await set({ status: 'draft' }, ['sendAt']);
        return;
      case 'NewsletterIssueSendingStarted':
        await set({ status: 'sending', startedAt: at, recipients: event.data.recipients });
        return;
      case 'NewsletterIssueSent': {
        const { recipients, sent, failed, bounced } = event.data;
        await set({ status: 'sent', sentAt: at, recipients, sent, failed, bounced });
        return;
      }
      case 'NewsletterIssueCancelled':
        await set({ status: 'cancelled' }, ['sendAt']);
        return;
    }
  },
};

/** What the archive lists of a sent issue. */
export interface SentIssueSummary {
  _id: string;
  slug: string;
  subject: string;
  preheader: string;
  sentAt: string;
}

export function newsletterIssueQueries(store: ReadStore) {
  const issues = () => store.collection<NewsletterIssueDoc>(NEWSLETTER_ISSUES_COLLECTION);
  return {
    newsletterIssue(issueId: string): Promise<NewsletterIssueDoc | null> {
      return issues().findOne({ _id: issueId });
    },

    newsletterIssueBySlug(slug: string): Promise<NewsletterIssueDoc | null> {
      return issues().findOne({ slug });
    },

    /** Issues newest first (drafted time), of one status when given. */
    newsletterIssues(query: { status?: IssueStatus } = {}): Promise<NewsletterIssueDoc[]> {
      return issues().find(query.status ? { status: query.status } : {}, {
        sort: { draftedAt: -1 },
      });
    },

    /** The archive: sent issues, newest first. */
    async sentNewsletterIssues(): Promise<SentIssueSummary[]> {
      const sent = await issues().find({ status: 'sent' }, { sort: { sentAt: -1 } });
      return sent.map((doc) => ({
        _id: doc._id,
        slug: doc.slug,
        subject: doc.subject,
        preheader: doc.preheader,
        sentAt: doc.sentAt ?? doc.draftedAt,
      }));
    },

    /** The issue being prepared: a draft or a scheduled one (the newest), or null. */
    async currentDraft(): Promise<NewsletterIssueDoc | null> {
      const [open] = await issues().find(
        { status: { $in: ['draft', 'scheduled'] } },
        { sort: { draftedAt: -1 }, limit: 1 },
      );
      return open ?? null;
    },
  };
}

export type NewsletterIssueQueries = ReturnType<typeof newsletterIssueQueries>;
