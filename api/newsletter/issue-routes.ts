/**
 * The weekly issue's routes (api/newsletter/issue-contracts.ts has the answers): the back
 * office's newsletter screen (the issue being prepared, past issues with their numbers,
 * compose, edit, preview, test, schedule, send, cancel) and the public archive's feed.
 *
 * Sending itself (workers/newsletter/sending.ts) checks that mail can go out; the routes say so
 * first with the reason (409), and a send is refused when the number of recipients the
 * administrator confirmed is no longer the number it would go to.
 */
import type { Request, Response } from 'express';
import { z } from 'zod';
import { issueContentSchema, type newsletterIssueCommands } from '../../commands/newsletter';
import { sanitizePostHtml } from '../../domain/blog';
import { renderIssueMail } from '../../domain/newsletter/issue-mail';
import {
  NEWSLETTER_COLLECTIONS,
  type NewsletterIssueDoc,
  type NewsletterIssueQueries,
} from '../../projections/newsletter';
import {
  countRecipients,
  issueDeliveryCounts,
  footerLine,
  mailingState,
  sendTestIssue,
  startSendingIssue,
} from '../../workers/newsletter/sending';
import { composeNow, lastComposeRun, nextPeriod } from '../../workers/newsletter/weekly';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import { HttpError } from '../http/errors';
import { rssXml } from '../http/rss';
import { parseBody, parseOrThrow } from '../http/validation';
import {
  ISSUE_MESSAGES_HTTP,
  NEWSLETTER_FEED_DESCRIPTION,
  NEWSLETTER_FEED_TITLE,
  NEWSLETTER_ISSUE_PATHS,
  type ArchivedIssueLookup,
  type IssueSummary,
  type IssueView,
  type NewsletterOverview,
  type SentIssueView,
} from './issue-contracts';

/** Paths inside the /api/admin router. */
const inAdmin = (path: string) => path.replace(/^\/api\/admin/, '');

const idParam = z
  .string({ error: 'Issue id is required' })
  .trim()
  .min(1, 'Issue id is required')
  .max(100, 'Issue id is too long');

const scheduleBody = z.object({
  sendAt: z.iso.datetime({
    offset: true,
    error: 'Send time must be a date and time (ISO 8601, with its time zone)',
  }),
});
const sendBody = z.object({
  recipients: z
    .number({ error: 'Recipients must be the number of recipients you confirmed' })
    .int('Recipients must be a whole number')
    .min(0, 'Recipients must be 0 or more'),
});

/** The preview page's own policy: the mail's inline styles and https images, nothing else. */
export const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'";

const toView = (doc: NewsletterIssueDoc): IssueView => ({
  _id: doc._id,
  slug: doc.slug,
  subject: doc.subject,
  preheader: doc.preheader,
  bodyHtml: doc.bodyHtml,
  status: doc.status,
  periodFrom: doc.periodFrom,
  periodTo: doc.periodTo,
  composedBy: doc.composedBy,
  draftedAt: doc.draftedAt,
  revision: doc.revision,
  ...(doc.editedAt ? { editedAt: doc.editedAt } : {}),
  ...(doc.sendAt ? { sendAt: doc.sendAt } : {}),
  ...(doc.startedAt ? { startedAt: doc.startedAt } : {}),
  ...(doc.sentAt ? { sentAt: doc.sentAt } : {}),
  ...(doc.recipients === undefined ? {} : { recipients: doc.recipients }),
  ...(doc.sent === undefined ? {} : { sent: doc.sent }),
  ...(doc.failed === undefined ? {} : { failed: doc.failed }),
  ...(doc.bounced === undefined ? {} : { bounced: doc.bounced }),
});

/** A sent issue as the archive shows it. */
const sentView = (doc: NewsletterIssueDoc): SentIssueView => ({
  slug: doc.slug,
  subject: doc.subject,
  preheader: doc.preheader,
  sentAt: doc.sentAt ?? doc.draftedAt,
});

/** The public archive's reads (sent issues only: a draft's address is a 404). */
export const issueArchiveReads = [
  {
    path: NEWSLETTER_ISSUE_PATHS.archiveRead,
    read: async (queries: NewsletterIssueQueries): Promise<SentIssueView[]> =>
      (await queries.sentNewsletterIssues()).map(({ _id: _, ...issue }) => issue),
  },
  {
    path: NEWSLETTER_ISSUE_PATHS.archiveIssueRead,
    read: async (
      queries: NewsletterIssueQueries,
      params: Record<string, string>,
      { config }: { config: { publicUrl: string } },
    ): Promise<ArchivedIssueLookup> => {
      const slug = params.slug ?? '';
      const doc = await queries.newsletterIssueBySlug(slug);
      if (!doc || doc.status !== 'sent') return { status: 'missing', slug };
      // Links to the site's own pages are never nofollow or sponsored (as on the blog).
      const bodyHtml = sanitizePostHtml(doc.bodyHtml, { siteOrigin: config.publicUrl });
      return { status: 'found', issue: { ...sentView(doc), bodyHtml } };
    },
  },
];

/** The archive in the sitemap: its page, and each sent issue's. */
export async function issueSitemap(backend: {
  queries: NewsletterIssueQueries;
}): Promise<{ path: string; lastModified?: string }[]> {
  const sent = await backend.queries.sentNewsletterIssues();
  return [
    { path: NEWSLETTER_ISSUE_PATHS.archive, ...(sent[0] ? { lastModified: sent[0].sentAt } : {}) },
    ...sent.map((issue) => ({
      path: NEWSLETTER_ISSUE_PATHS.archiveIssue(issue.slug),
      lastModified: issue.sentAt,
    })),
  ];
}

/** The feed: the newest sent issues. */
export function issueFeedXml(origin: string, issues: readonly SentIssueView[], now: Date): string {
  const base = origin.replace(/\/+$/, '');
  return rssXml(
    {
      title: NEWSLETTER_FEED_TITLE,
      description: NEWSLETTER_FEED_DESCRIPTION,
      link: `${base}${NEWSLETTER_ISSUE_PATHS.archive}`,
      selfLink: `${base}${NEWSLETTER_ISSUE_PATHS.feed}`,
      lastBuild: issues[0]?.sentAt ?? now.toISOString(),
    },
    issues.map((issue) => ({
      title: issue.subject,
      link: `${base}${NEWSLETTER_ISSUE_PATHS.archiveIssue(issue.slug)}`,
      guid: `newsletter-${issue.slug}`,
      description: issue.preheader,
      pubDate: issue.sentAt,
    })),
  );
}

const FEED_SIZE = 20;

type IssueRouteDeps = RouteDeps<typeof newsletterIssueCommands, NewsletterIssueQueries>;

export function issueRoutes(
  { admin, site }: CapabilityRouters,
  deps: Pick<IssueRouteDeps, 'commands'> & {
    // The whole backend: sending reads its mail configuration, queue and bus.
    backend: Parameters<typeof startSendingIssue>[0] &
      Parameters<typeof composeNow>[0] & { queries: NewsletterIssueQueries };
  },
) {
  const { backend, commands } = deps;
  const { queries, readStore } = backend;

  const issueOr404 = async (id: string): Promise<NewsletterIssueDoc> => {
    const doc = await queries.newsletterIssue(id);
    if (!doc) throw new HttpError(404, ISSUE_MESSAGES_HTTP.notFound);
    return doc;
  };
  const idOf = (req: Request) => parseOrThrow(idParam, req.params.id);
  const answerIssue = async (res: Response, id: string, status = 200) => {
    res.status(status).json({ issue: toView(await issueOr404(id)) });
  };
  const footer = () => footerLine(readStore);

  /** Subscribers who became inactive after `sentAt`. */
  const unsubscribedSince = (sentAt: string) =>
    readStore
      .collection(NEWSLETTER_COLLECTIONS.subscriptions)
      .count({ inactiveAt: { $gt: sentAt } });

  async function summary(doc: NewsletterIssueDoc): Promise<IssueSummary> {
    // While sending, the numbers so far; once sent, the ones the issue recorded.
    const live = doc.status === 'sending' ? await issueDeliveryCounts(readStore, doc._id) : null;
    return {
      _id: doc._id,
      slug: doc.slug,
      subject: doc.subject,
      status: doc.status,
      draftedAt: doc.draftedAt,
      ...(doc.sendAt ? { sendAt: doc.sendAt } : {}),
      ...(doc.sentAt ? { sentAt: doc.sentAt } : {}),
      recipients: doc.recipients ?? null,
      sent: live?.sent ?? doc.sent ?? null,
      failed: live?.failed ?? doc.failed ?? null,
      bounced: live?.bounced ?? doc.bounced ?? null,
      unsubscribedSince: doc.sentAt ? await unsubscribedSince(doc.sentAt) : null,
    };
  }

  admin.get(
    inAdmin(NEWSLETTER_ISSUE_PATHS.overview),
    commands.handle(async (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const [mailing, recipients, draft, all, lastCompose] = await Promise.all([
        mailingState(backend),
        countRecipients(readStore),
        queries.currentDraft(),
        queries.newsletterIssues(),
        lastComposeRun(readStore),
      ]);
      const past = all
        .filter((doc) => doc.status !== 'draft' && doc._id !== draft?._id)
        .sort((a, b) =>
          (b.sentAt ?? b.startedAt ?? b.draftedAt).localeCompare(
            a.sentAt ?? a.startedAt ?? a.draftedAt,
          ),
        );
      const overview: NewsletterOverview = {
        mailing,
        recipients,
        draft: draft ? toView(draft) : null,
        issues: await Promise.all(past.map(summary)),
        lastCompose: lastCompose
          ? {
              at: lastCompose.at,
              outcome: lastCompose.outcome,
              message: lastCompose.message,
              ...(lastCompose.issueId ? { issueId: lastCompose.issueId } : {}),
            }
          : null,
      };
      res.json(overview);
    }),
  );

  admin.post(
    inAdmin(NEWSLETTER_ISSUE_PATHS.compose),
    commands.handle(async (_req, res) => {
      const result = await composeNow(backend, adminActor(res));
      if (result.outcome === 'draft-exists') throw new HttpError(409, result.message);
      if (result.outcome === 'nothing') {
        res.json({ nothing: result.message });
        return;
      }
      await answerIssue(res, result.issueId, 201);
    }),
  );

  admin.post(
    inAdmin(NEWSLETTER_ISSUE_PATHS.issues),
    commands.handle(async (req, res) => {
      const content = parseBody(issueContentSchema, req);
      const period = await nextPeriod(readStore, new Date());
      const result = await commands.dispatch(
        res,
        {
          type: 'DraftNewsletterIssue',
          ...content,
          periodFrom: period.from,
          periodTo: period.to,
          composedBy: 'administrator',
        },
        adminActor(res),
      );
      await answerIssue(res, result.id, 201);
    }),
  );

  const one = '/newsletter/issues/:id';
  const sub = (action: string) => `${one}/${action}`;

  admin.get(
    one,
    commands.handle(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(toView(await issueOr404(idOf(req))));
    }),
  );

  admin.put(
    one,
    commands.handle(async (req, res) => {
      const issueId = idOf(req);
      const content = parseBody(issueContentSchema, req);
      await issueOr404(issueId);
      await commands.dispatch(
        res,
        { type: 'EditNewsletterIssue', issueId, ...content },
        adminActor(res),
      );
      await answerIssue(res, issueId);
    }),
  );

  /** The e-mail as a subscriber would get it, with the real footer and example links. */
  const preview = async (doc: NewsletterIssueDoc) => {
    const base = backend.config.publicUrl.replace(/\/+$/, '');
    const example = `${base}${NEWSLETTER_ISSUE_PATHS.archive}`;
    return renderIssueMail(
      doc,
      {
        siteUrl: base,
        unsubscribeUrl: `${base}/unsubscribe/example`,
        preferencesUrl: `${base}/preferences/example`,
        archiveUrl: `${example}/${encodeURIComponent(doc.slug)}`,
      },
      await footer(),
    );
  };

  admin.get(
    sub('preview'),
    commands.handle(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const mail = await preview(await issueOr404(idOf(req)));
      res.json({ ...mail, note: ISSUE_MESSAGES_HTTP.previewLinks });
    }),
  );

  // For an <iframe> in the admin screen: the mail's own HTML under a policy that runs nothing
  // and may be framed by this site only (helmet's deny and the site's CSP replaced for it).
  admin.get(
    sub('preview.html'),
    commands.handle(async (req, res) => {
      const mail = await preview(await issueOr404(idOf(req)));
      res
        .setHeader('Content-Security-Policy', PREVIEW_CSP)
        .setHeader('X-Frame-Options', 'SAMEORIGIN')
        .setHeader('Cache-Control', 'no-store')
        .setHeader('X-Robots-Tag', 'noindex, nofollow');
      if (req.query.part === 'text') {
        res.type('text/plain; charset=utf-8').send(mail.text);
        return;
      }
      res.type('html').send(mail.html);
    }),
  );

  admin.post(
    sub('test'),
    commands.handle(async (req, res) => {
      const issueId = idOf(req);
      await issueOr404(issueId);
      const to = adminActor(res).email;
      if (!to)
        throw new HttpError(
          409,
          'Your administrator account has no e-mail address to send the test to.',
        );
      const mailing = await mailingState(backend);
      if (mailing.reason) throw new HttpError(409, mailing.reason);
      res.json(await sendTestIssue(backend, issueId, to));
    }),
  );

  admin.post(
    sub('schedule'),
    commands.handle(async (req, res) => {
      const issueId = idOf(req);
      const { sendAt } = parseBody(scheduleBody, req);
      await commands.dispatch(
        res,
        { type: 'ScheduleNewsletterIssue', issueId, sendAt },
        adminActor(res),
      );
      await answerIssue(res, issueId);
    }),
  );

  for (const [action, type] of [
    ['unschedule', 'UnscheduleNewsletterIssue'],
    ['cancel', 'CancelNewsletterIssue'],
  ] as const) {
    admin.post(
      sub(action),
      commands.handle(async (req, res) => {
        const issueId = idOf(req);
        await commands.dispatch(res, { type, issueId }, adminActor(res));
        await answerIssue(res, issueId);
      }),
    );
  }

  admin.post(
    sub('send'),
    commands.handle(async (req, res) => {
      const issueId = idOf(req);
      const { recipients: confirmed } = parseBody(sendBody, req);
      await issueOr404(issueId);
      const mailing = await mailingState(backend);
      if (mailing.reason) throw new HttpError(409, mailing.reason);
      const now = await countRecipients(readStore);
      if (now !== confirmed) {
        throw new HttpError(409, ISSUE_MESSAGES_HTTP.recipientsChanged(confirmed, now));
      }
      const started = await startSendingIssue(backend, issueId, adminActor(res));
      res.json({ recipients: started.recipients });
    }),
  );

  // Before the archive's pages: the feed's address is not an issue's.
  site.get(NEWSLETTER_ISSUE_PATHS.feed, async (_req, res) => {
    const sent = (await queries.sentNewsletterIssues()).slice(0, FEED_SIZE);
    res
      .type('application/rss+xml; charset=utf-8')
      .setHeader('Cache-Control', 'public, max-age=300')
      .send(
        issueFeedXml(
          backend.config.publicUrl,
          sent.map(({ _id: _, ...issue }) => issue),
          new Date(),
        ),
      );
  });
}
