/**
 * The weekly issue over HTTP (issue 26): the back office's newsletter screen and the public
 * archive. Every admin route is behind the admin router (session + CSRF); bad input answers
 * 400 `{ error, fields: { <field>: message } }`.
 *
 * GET  /api/admin/newsletter                       NewsletterOverview
 * POST /api/admin/newsletter/compose               201 { issue: IssueView } | 200 { nothing: message }
 *                                                  | 409 { error } (a draft is being prepared)
 * POST /api/admin/newsletter/issues                { subject, preheader, bodyHtml } -> 201 { issue }
 * GET  /api/admin/newsletter/issues/:id            IssueView | 404
 * PUT  /api/admin/newsletter/issues/:id            { subject, preheader, bodyHtml } -> { issue }
 * GET  /api/admin/newsletter/issues/:id/preview    IssuePreview (links in it are examples)
 * GET  /api/admin/newsletter/issues/:id/preview.html   the e-mail's HTML itself (for an iframe);
 *                                                  ?part=text: its plain-text part
 * POST /api/admin/newsletter/issues/:id/test       { to } | 409 { error } (no SMTP, no footer)
 * POST /api/admin/newsletter/issues/:id/schedule   { sendAt: ISO } -> { issue }
 * POST /api/admin/newsletter/issues/:id/unschedule -> { issue }
 * POST /api/admin/newsletter/issues/:id/cancel     -> { issue }
 * POST /api/admin/newsletter/issues/:id/send       { recipients: the number confirmed } ->
 *                                                  { recipients } | 409 { error }
 * Public reads: /api/newsletter/issues (SentIssueView[]), /api/newsletter/issues/:slug
 * (ArchivedIssueLookup); pages /newsletter, /newsletter/{slug}; feed /newsletter/rss.xml.
 */
export const NEWSLETTER_ISSUE_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'sent',
  'cancelled',
] as const;
export type IssueStatusView = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

export const NEWSLETTER_ISSUE_PATHS = {
  overview: '/api/admin/newsletter',
  compose: '/api/admin/newsletter/compose',
  issues: '/api/admin/newsletter/issues',
  issue: (id: string) => `/api/admin/newsletter/issues/${encodeURIComponent(id)}`,
  preview: (id: string) => `/api/admin/newsletter/issues/${encodeURIComponent(id)}/preview`,
  /** The rendered e-mail as a page (an iframe's src); `text`: its plain-text part. */
  previewPage: (id: string, part: 'html' | 'text' = 'html') =>
    `/api/admin/newsletter/issues/${encodeURIComponent(id)}/preview.html${part === 'text' ? '?part=text' : ''}`,
  test: (id: string) => `/api/admin/newsletter/issues/${encodeURIComponent(id)}/test`,
  schedule: (id: string) => `/api/admin/newsletter/issues/${encodeURIComponent(id)}/schedule`,
  unschedule: (id: string) => `/api/admin/newsletter/issues/${encodeURIComponent(id)}/unschedule`,
  cancel: (id: string) => `/api/admin/newsletter/issues/${encodeURIComponent(id)}/cancel`,
  send: (id: string) => `/api/admin/newsletter/issues/${encodeURIComponent(id)}/send`,
  /** Public reads. */
  archiveRead: '/api/newsletter/issues',
  archiveIssueRead: '/api/newsletter/issues/:slug',
  /** Public pages. */
  archive: '/newsletter',
  archiveIssue: (slug: string) => `/newsletter/${encodeURIComponent(slug)}`,
  feed: '/newsletter/rss.xml',
} as const;

export const NEWSLETTER_FEED_TITLE = 'VialCompare newsletter';
export const NEWSLETTER_FEED_DESCRIPTION =
  'Each weekly issue as sent: new providers, price changes, discount codes and Vial Score changes.';

export const ISSUE_MESSAGES_HTTP = {
  notFound: 'Newsletter issue not found',
  recipientsChanged: (confirmed: number, now: number) =>
    `The number of recipients changed from ${confirmed} to ${now}: check and confirm again`,
  previewLinks:
    'This is a preview: the unsubscribe, preferences and archive links in it are examples.',
} as const;

/** One issue in the back office. */
export interface IssueView {
  _id: string;
  slug: string;
  subject: string;
  preheader: string;
  /** Sanitised HTML. */
  bodyHtml: string;
  status: IssueStatusView;
  periodFrom: string;
  periodTo: string;
  composedBy: 'weekly' | 'administrator';
  draftedAt: string;
  editedAt?: string;
  sendAt?: string;
  startedAt?: string;
  sentAt?: string;
  recipients?: number;
  sent?: number;
  failed?: number;
  bounced?: number;
  revision: number;
}

/** A past issue (any status but draft) with its numbers. */
export interface IssueSummary {
  _id: string;
  slug: string;
  subject: string;
  status: IssueStatusView;
  draftedAt: string;
  sendAt?: string;
  sentAt?: string;
  recipients: number | null;
  sent: number | null;
  failed: number | null;
  bounced: number | null;
  /** Subscribers who became inactive after it was sent (null until sent). */
  unsubscribedSince: number | null;
}

export interface ComposeRunView {
  at: string;
  outcome: 'composed' | 'nothing' | 'draft-exists';
  issueId?: string;
  message: string;
}

export interface NewsletterOverview {
  mailing: { smtpConfigured: boolean; reason: string | null; footerMissing: boolean };
  /** Who a weekly issue goes to now: active subscribers taking the weekly issue. */
  recipients: number;
  /** The issue being prepared (a draft or a scheduled one), or null. */
  draft: IssueView | null;
  issues: IssueSummary[];
  lastCompose: ComposeRunView | null;
}

export interface IssueContentBody {
  subject: string;
  preheader: string;
  bodyHtml: string;
}

export interface IssuePreview {
  subject: string;
  html: string;
  text: string;
  /** Says the links are examples. */
  note: string;
}

export type ComposeAnswer = { issue: IssueView } | { nothing: string };

/** The archive: a sent issue. */
export interface SentIssueView {
  slug: string;
  subject: string;
  preheader: string;
  sentAt: string;
}

export type ArchivedIssueLookup =
  | { status: 'found'; issue: SentIssueView & { bodyHtml: string } }
  | { status: 'missing'; slug: string };
