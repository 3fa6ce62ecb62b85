/**
 * Newsletter issue events: one stream `newsletter-issue-{issueId}` per issue, and each issue's
 * archive address reserved in its own stream `newsletterslug-{slug}` (first appended at 'no
 * stream', so two issues never share /newsletter/{slug}; not `newsletter-issue-…`, where an
 * issue id 'slug-x' would share the stream).
 *
 * Lifecycle: Drafted -> (Edited | Scheduled | Unscheduled)* -> SendingStarted -> Sent, or
 * Cancelled from a draft or a scheduled issue. The body is sanitised HTML (the blog's allowlist).
 */
import { z } from 'zod';
import { eventNarrower } from '../shared/decider';
import type { DomainEvent } from '../shared/envelope';

export const NEWSLETTER_ISSUE_STREAM_PREFIX = 'newsletter-issue-';
export const newsletterIssueStreamId = (issueId: string): string =>
  `${NEWSLETTER_ISSUE_STREAM_PREFIX}${issueId}`;
export const NEWSLETTER_SLUG_STREAM_PREFIX = 'newsletterslug-';
export const newsletterSlugStreamId = (slug: string): string =>
  `${NEWSLETTER_SLUG_STREAM_PREFIX}${slug}`;

const issueId = z.string().min(1);
const isoDate = z.iso.datetime({ offset: true });
const count = z.number().int().min(0);

/** Who composed the draft: the weekly job, or an administrator by hand. */
export const ISSUE_COMPOSERS = ['weekly', 'administrator'] as const;
export type IssueComposer = (typeof ISSUE_COMPOSERS)[number];

export const newsletterIssueEventSchemas = {
  NewsletterIssueDrafted: z.object({
    issueId,
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    subject: z.string().min(1),
    preheader: z.string(),
    bodyHtml: z.string().min(1),
    /** The period the issue reports on: [periodFrom, periodTo). */
    periodFrom: isoDate,
    periodTo: isoDate,
    composedBy: z.enum(ISSUE_COMPOSERS),
  }),
  NewsletterIssueEdited: z.object({
    issueId,
    subject: z.string().min(1),
    preheader: z.string(),
    bodyHtml: z.string().min(1),
  }),
  NewsletterIssueScheduled: z.object({ issueId, sendAt: isoDate }),
  NewsletterIssueUnscheduled: z.object({ issueId }),
  /** `recipients`: how many active subscribers of the weekly issue it goes to. */
  NewsletterIssueSendingStarted: z.object({ issueId, recipients: count }),
  NewsletterIssueSent: z.object({
    issueId,
    recipients: count,
    sent: count,
    failed: count,
    bounced: count,
  }),
  NewsletterIssueCancelled: z.object({ issueId }),
} as const;

export const newsletterSlugEventSchemas = {
  NewsletterIssueSlugReserved: z.object({ slug: z.string().min(1), issueId }),
  NewsletterIssueSlugReleased: z.object({
    slug: z.string().min(1),
    issueId,
    renamedTo: z.string().nullable(),
  }),
} as const;

export const newsletterIssueAllEventSchemas = {
  ...newsletterIssueEventSchemas,
  ...newsletterSlugEventSchemas,
} as const;

type IssueSchemas = typeof newsletterIssueEventSchemas;
type SlugSchemas = typeof newsletterSlugEventSchemas;
export type NewsletterIssueEventType = keyof IssueSchemas;
export type NewsletterSlugEventType = keyof SlugSchemas;

export type NewsletterIssueEvent = {
  [T in NewsletterIssueEventType]: DomainEvent<T, z.infer<IssueSchemas[T]>>;
}[NewsletterIssueEventType];
export type NewsletterSlugEvent = {
  [T in NewsletterSlugEventType]: DomainEvent<T, z.infer<SlugSchemas[T]>>;
}[NewsletterSlugEventType];

export const NEWSLETTER_ISSUE_EVENT_TYPES = Object.keys(
  newsletterIssueEventSchemas,
) as NewsletterIssueEventType[];

export const asNewsletterIssueEvent = eventNarrower<IssueSchemas, NewsletterIssueEvent>(
  newsletterIssueEventSchemas,
);
