/**
 * Sending a newsletter issue to its subscribers, on both profiles' job queues.
 *
 *   startSendingIssue   checks that mail can go out (SMTP_URL, the footer's postal address),
 *                       counts the recipients, records StartSendingNewsletterIssue, and queues
 *                       'newsletter.send-issue'.
 *   send-issue          plans the issue once: the recipients (active, taking the weekly issue,
 *                       subscribed before the send started), in the subscription list's order,
 *                       cut into batches of 200 kept in 'newsletter_send_batches'; then queues
 *                       one 'newsletter.send-batch' per batch not done (job id per batch: a
 *                       batch queued twice runs once, never two copies at a time). When every
 *                       batch is done it records FinishSendingNewsletterIssue with the counts.
 *   send-batch          sends each recipient of its batch that has no delivery yet, through a
 *                       pooled SMTP connection, and records the delivery ('newsletter_deliveries')
 *                       as soon as the server has answered 250, before that connection carries
 *                       the next message; each recipient's last issue ('newsletter_last_sent')
 *                       when the batch is done. Each message is the issue's MIME template
 *                       filled with the subscriber's links (./issue-mime.ts).
 *   resume              (at start and every minute, only with SMTP_URL) queues send-issue again
 *                       for every issue still sending: after a crash or a restart the plan is
 *                       read back and the delivered recipients are skipped.
 *   scheduled-tick      (every minute, only with SMTP_URL) starts the scheduled issues due.
 *
 * Exactly once, as far as SMTP allows: the server takes responsibility for a message when it
 * answers 250 to its data (RFC 5321 4.1.1.4), and the delivery is written right after that
 * answer. A crash before the 250 leaves no delivery: the message is sent again on resume (the
 * server had not accepted it). The one window left is between the server's 250 and the local
 * write that follows it (microseconds, at most one message per open connection): a crash
 * exactly there sends that message again. No recipient is ever skipped.
 *
 * Deliveries are kept collections (not projections of events: one event per recipient would
 * make the log grow by the list's size every week). Once an issue is sent its 'sent' rows are
 * pruned (its counts are in NewsletterIssueSent; 'newsletter_last_sent' keeps each
 * subscriber's last issue), so the embedded profile's memory does not grow with every issue.
 */
import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../commands';
import { preferencesUrl, unsubscribeSecret, unsubscribeUrl } from '../../commands/newsletter';
import { renderIssueMail, type IssueMail } from '../../domain/newsletter/issue-mail';
import { DecisionError } from '../../domain/shared/decider';
import type { Actor } from '../../domain/shared/envelope';
import { NEWSLETTER_COLLECTIONS, type SubscriptionDoc } from '../../projections/newsletter';
import type { Document, Filter, ReadStore } from '../../projections/read-store/port';
import { siteContentQueries } from '../../projections/site-content';
import type { JobDeclaration } from '../jobs';
import { mailFrom, smtpMailer, type ClosableMailer, type MailConfig } from '../notifications';
import type { JobQueue } from '../queue/port';
import type { MailMessage } from '../bootstrap/mail';
import { issueMimeTemplate, recipientFits, type IssueMimeTemplate } from './issue-mime';
import { classifySmtpError, processMailPace, smtpResponse } from './sending-smtp';

export const SEND_ISSUE_JOB = 'newsletter.send-issue';
export const SEND_BATCH_JOB = 'newsletter.send-batch';
export const RESUME_JOB = 'newsletter.resume';
export const SCHEDULED_TICK_JOB = 'newsletter.scheduled-tick';
const EVERY_MINUTE = 60_000;
export const BATCH_SIZE = 200;
/** The site content key of the footer line (postal address, CAN-SPAM). */
export const NEWSLETTER_FOOTER_KEY = 'newsletter_footer';
/** The issues' read model (projections/newsletter/issues.ts). */
const ISSUES_COLLECTION = 'newsletter_issues';

export const NEWSLETTER_SENDING_COLLECTIONS = {
  deliveries: 'newsletter_deliveries',
  lastSent: 'newsletter_last_sent',
  batches: 'newsletter_send_batches',
} as const;

export const MAILING_MESSAGES = {
  noSmtp:
    'Sending is off: SMTP_URL is not set. Set it to your mail server (smtp://user:password@host:587) and restart to send issues.',
  noFooter:
    'Add the postal address (Site content → newsletter_footer) before sending: every message must carry it (CAN-SPAM).',
} as const;

export type DeliveryStatus = 'sent' | 'failed' | 'bounced';

export interface DeliveryDoc extends Document {
  /** `${issueId}:${subscriptionId}` */
  _id: string;
  issueId: string;
  subscriptionId: string;
  status: DeliveryStatus;
  at: string;
  error?: string;
}

export interface LastSentDoc extends Document {
  /** The subscription id. */
  _id: string;
  issueId: string;
  sentAt: string;
}

/** One batch of an issue's plan: the recipients' ids, fixed when the plan is made. */
export interface SendBatchDoc extends Document {
  /** `${issueId}:${index}` */
  _id: string;
  issueId: string;
  index: number;
  subscriptionIds: string[];
  done: boolean;
}

/** What sending reads of an issue (the 'newsletter_issues' read model). */
interface IssueView extends Document {
  slug: string;
  subject: string;
  preheader: string;
  bodyHtml: string;
  status: 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';
  sendAt?: string;
  startedAt?: string;
  recipients?: number;
  revision?: number;
}

type SubscriptionView = SubscriptionDoc & { weeklyIssue?: boolean };

export type SendingCommand =
  | { type: 'StartSendingNewsletterIssue'; issueId: string; recipients: number }
  | {
      type: 'FinishSendingNewsletterIssue';
      issueId: string;
      recipients: number;
      sent: number;
      failed: number;
      bounced: number;
    }
  | { type: 'RecordSubscriberBounce'; subscriptionId: string; issueId?: string; response: string };

export interface SendingDeps {
  config: MailConfig & {
    publicUrl: string;
    dataDir: string;
    UNSUBSCRIBE_SECRET?: string | undefined;
    MAIL_PER_MINUTE?: number | undefined;
  };
  logger: {
    info(message: string, fields?: Record<string, unknown>): void;
    warn(message: string, fields?: Record<string, unknown>): void;
  };
  readStore: ReadStore;
  queue: Pick<JobQueue, 'enqueue'>;
  bus: {
    dispatch(command: SendingCommand, context: CommandContext): Promise<{ position: string }>;
  };
  waitForProjections(position: string, timeoutMs?: number): Promise<boolean>;
}

/** How a batch talks to the mail server (tests and the bench may change it). */
export interface SendingTuning {
  /** SMTP connections a batch keeps open (and messages in flight). */
  connections: number;
  /** Waits before each retry of a temporary failure inside the job; then the job throws. */
  retryDelaysMs: readonly number[];
  /** The job's attempts after that (the queue's backoff between them). */
  jobAttempts: number;
  jobBackoffMs: number;
  /** Stands in for SMTP (tests); default: a pooled nodemailer transport to SMTP_URL. */
  mailer?: (config: SendingDeps['config'], connections: number) => ClosableMailer;
}

export const sendingTuning: SendingTuning = {
  connections: 4,
  retryDelaysMs: [1_000, 5_000, 15_000],
  jobAttempts: 8,
  jobBackoffMs: 30_000,
};

const deliveries = (store: ReadStore) =>
  store.collection<DeliveryDoc>(NEWSLETTER_SENDING_COLLECTIONS.deliveries);
const lastSent = (store: ReadStore) =>
  store.collection<LastSentDoc>(NEWSLETTER_SENDING_COLLECTIONS.lastSent);
const batches = (store: ReadStore) =>
  store.collection<SendBatchDoc>(NEWSLETTER_SENDING_COLLECTIONS.batches);
const issues = (store: ReadStore) => store.collection<IssueView>(ISSUES_COLLECTION);
const subscriptions = (store: ReadStore) =>
  store.collection<SubscriptionView>(NEWSLETTER_COLLECTIONS.subscriptions);

const deliveryId = (issueId: string, subscriptionId: string) => `${issueId}:${subscriptionId}`;
const site = (config: SendingDeps['config']) => config.publicUrl.replace(/\/$/, '');
const systemContext = (issueId: string): CommandContext => ({
  actor: { kind: 'system', id: 'newsletter-sending' },
  correlationId: `newsletter-issue-${issueId}`,
});

/** Who receives an issue: active and taking the weekly issue (absent means yes). */
const RECIPIENT_FILTER: Filter = { active: true, weeklyIssue: { $ne: false } };
const isRecipient = (doc: SubscriptionView | null, startedAt: string): doc is SubscriptionView =>
  doc !== null && doc.active && doc.weeklyIssue !== false && doc.subscribedAt <= startedAt;

const indexed = new WeakSet<ReadStore>();
/** The indexes counting and planning read (MongoDB builds them; memory ignores them). */
async function ensureSendingIndexes(store: ReadStore): Promise<void> {
  if (indexed.has(store)) return;
  await store.ensureIndexes(NEWSLETTER_SENDING_COLLECTIONS.deliveries, [
    { fields: { issueId: 1, status: 1 } },
  ]);
  await store.ensureIndexes(NEWSLETTER_SENDING_COLLECTIONS.batches, [
    { fields: { issueId: 1, index: 1 } },
  ]);
  indexed.add(store);
}

// ---- readiness ----

export interface MailingState {
  smtpConfigured: boolean;
  /** Why issues cannot be sent now, as the back office shows it; null when they can. */
  reason: string | null;
  footerMissing: boolean;
}

/** The mails' footer line as set in site content, trimmed ('' when none: nothing may be sent). */
export async function footerLine(store: ReadStore): Promise<string> {
  const content = await siteContentQueries(store).activeSiteContent();
  return content[NEWSLETTER_FOOTER_KEY]?.trim() ?? '';
}

/** Whether issues can be sent: SMTP_URL set and the footer's postal address written. */
export async function mailingState(
  backend: Pick<SendingDeps, 'config' | 'readStore'>,
): Promise<MailingState> {
  const smtpConfigured = Boolean(backend.config.SMTP_URL);
  const footerMissing = (await footerLine(backend.readStore)) === '';
  const reason = !smtpConfigured
    ? MAILING_MESSAGES.noSmtp
    : footerMissing
      ? MAILING_MESSAGES.noFooter
      : null;
  return { smtpConfigured, reason, footerMissing };
}

/** Sent, failed and bounced messages of an issue (counted by the store, not loaded). */
export async function issueDeliveryCounts(
  readStore: ReadStore,
  issueId: string,
): Promise<{ sent: number; failed: number; bounced: number }> {
  const count = (status: DeliveryStatus) => deliveries(readStore).count({ issueId, status });
  const [sent, failed, bounced] = await Promise.all([
    count('sent'),
    count('failed'),
    count('bounced'),
  ]);
  return { sent, failed, bounced };
}

/** How many would receive an issue started now. */
export function countRecipients(readStore: ReadStore): Promise<number> {
  return subscriptions(readStore).count(RECIPIENT_FILTER);
}

// ---- starting ----

const sendIssueJobId = (issueId: string) => `newsletter-send-issue-${issueId}`;

async function queueSendIssue(deps: Pick<SendingDeps, 'queue'>, issueId: string): Promise<void> {
  await deps.queue.enqueue(
    SEND_ISSUE_JOB,
    { issueId },
    { jobId: sendIssueJobId(issueId), attempts: 5, backoffMs: 5_000 },
  );
}

/**
 * Starts sending an issue now, or refuses (409) when mail cannot go out. The issue's own
 * rules (only a draft or a scheduled issue, somebody to send to) are its decider's.
 */
export async function startSendingIssue(
  backend: SendingDeps,
  issueId: string,
  actor: Actor,
): Promise<{ recipients: number; position: string }> {
  const state = await mailingState(backend);
  if (state.reason) throw new DecisionError('mailing_not_ready', state.reason);
  const recipients = await countRecipients(backend.readStore);
  const result = await backend.bus.dispatch(
    { type: 'StartSendingNewsletterIssue', issueId, recipients },
    { actor, correlationId: randomUUID() },
  );
  // The plan reads startedAt from the read model: let it catch up first (it retries if not).
  await backend.waitForProjections(result.position, 2_000);
  await queueSendIssue(backend, issueId);
  return { recipients, position: result.position };
}

/**
 * One message of the issue to `to`, marked as a test: '[Test] ' before the subject, and links
 * to the public archive instead of a subscriber's own (signed) links.
 */
export async function sendTestIssue(
  backend: Pick<SendingDeps, 'config' | 'readStore'>,
  issueId: string,
  to: string,
): Promise<{ to: string; subject: string }> {
  if (!backend.config.SMTP_URL)
    throw new DecisionError('mailing_not_ready', MAILING_MESSAGES.noSmtp);
  const issue = await issues(backend.readStore).findOne({ _id: issueId });
  if (!issue) throw new DecisionError('issue_not_found', 'There is no such newsletter issue.');
  const base = site(backend.config);
  const archive = `${base}/newsletter`;
  const footer =
    (await footerLine(backend.readStore)) ||
    '(No postal address yet: add it in Site content → newsletter_footer before sending.)';
  const mail = renderIssueMail(
    issue,
    {
      siteUrl: base,
      unsubscribeUrl: archive,
      preferencesUrl: archive,
      archiveUrl: issue.status === 'sent' ? `${archive}/${issue.slug}` : archive,
    },
    footer,
  );
  const subject = `[Test] ${mail.subject}`;
  const mailer = smtpMailer(backend.config.SMTP_URL, mailFrom(backend.config));
  try {
    await mailer.send({ to, subject, text: mail.text, html: mail.html });
  } finally {
    mailer.close();
  }
  return { to, subject };
}

// ---- planning and finishing ----

/** Plans the issue (once) and queues its unfinished batches, or finishes it when all are done. */
export async function runSendIssue(
  deps: SendingDeps,
  issueId: string,
): Promise<Record<string, unknown>> {
  await ensureSendingIndexes(deps.readStore);
  const issue = await issues(deps.readStore).findOne({ _id: issueId });
  if (!issue) throw new Error(`Issue ${issueId} is not in the read model yet`);
  if (issue.status === 'sent')
    return { issueId, skipped: 'already sent', pruned: await prune(deps, issueId) };
  if (issue.status !== 'sending' || !issue.startedAt) {
    // The start may not be projected yet (another process): the queue tries again.
    throw new Error(`Issue ${issueId} is ${issue.status}, not sending (yet)`);
  }
  let planned = await batches(deps.readStore).count({ issueId });
  if (planned === 0) planned = await plan(deps, issueId, issue.startedAt);
  const open = await batches(deps.readStore).find(
    { issueId, done: false },
    { sort: { index: 1 }, projection: { _id: 1, index: 1 } },
  );
  for (const batch of open) await queueBatch(deps, issueId, batch.index);
  if (open.length === 0) return finish(deps, issue);
  return { issueId, batches: planned, queued: open.length };
}

/** The recipients at the start, by keyset pages over the list's order, cut into batches. */
async function plan(deps: SendingDeps, issueId: string, startedAt: string): Promise<number> {
  const filter: Filter = { ...RECIPIENT_FILTER, subscribedAt: { $lte: startedAt } };
  const docs: SendBatchDoc[] = [];
  let current: string[] = [];
  let cursor: string | null = null;
  // Small pages, the event loop let through between them: a page's documents die young (a
  // page of 20,000 was promoted whole and grew the heap by ~130 MB at 200,000 recipients), and
  // the site keeps answering while a large list is planned.
  const PAGE = 2_000;
  for (;;) {
    if (cursor !== null) await new Promise<void>((resolve) => setImmediate(resolve));
    const page = await subscriptions(deps.readStore).find(
      cursor === null ? filter : { ...filter, sortKey: { $gt: cursor } },
      { sort: { sortKey: 1 }, limit: PAGE, projection: { _id: 1, sortKey: 1 } },
    );
    for (const doc of page) {
      current.push(doc._id);
      if (current.length === BATCH_SIZE) {
        docs.push(batchDoc(issueId, docs.length, current));
        current = [];
      }
    }
    if (page.length < PAGE) break;
    cursor = page.at(-1)?.sortKey ?? null;
    if (cursor === null) break;
  }
  if (current.length > 0) docs.push(batchDoc(issueId, docs.length, current));
  // A plan with no batch still needs a mark that it was made (everyone left meanwhile).
  if (docs.length === 0) docs.push({ ...batchDoc(issueId, 0, []), done: true });
  await batches(deps.readStore).bulkWrite(docs.map((doc) => ({ kind: 'upsert', doc })));
  deps.logger.info('newsletter issue planned', { issueId, batches: docs.length });
  return docs.length;
}

const batchDoc = (issueId: string, index: number, ids: string[]): SendBatchDoc => ({
  _id: `${issueId}:${index}`,
  issueId,
  index,
  subscriptionIds: ids,
  done: false,
});

export interface SendBatchData {
  issueId: string;
  index: number;
}

async function queueBatch(deps: Pick<SendingDeps, 'queue'>, issueId: string, index: number) {
  await deps.queue.enqueue<SendBatchData>(
    SEND_BATCH_JOB,
    { issueId, index },
    {
      // One job per batch: queued again while it waits or runs, it still runs one at a time.
      jobId: `newsletter-batch-${issueId}-${index}`,
      attempts: sendingTuning.jobAttempts,
      backoffMs: sendingTuning.jobBackoffMs,
    },
  );
}

async function finish(deps: SendingDeps, issue: IssueView): Promise<Record<string, unknown>> {
  const counts = await issueDeliveryCounts(deps.readStore, issue._id);
  const recipients = issue.recipients ?? counts.sent + counts.failed + counts.bounced;
  await deps.bus.dispatch(
    { type: 'FinishSendingNewsletterIssue', issueId: issue._id, recipients, ...counts },
    systemContext(issue._id),
  );
  deps.logger.info('newsletter issue sent', { issueId: issue._id, recipients, ...counts });
  const pruned = await prune(deps, issue._id);
  return { issueId: issue._id, finished: true, recipients, ...counts, pruned };
}

/** A sent issue's plan and 'sent' rows (its counts live on in NewsletterIssueSent). */
async function prune(deps: SendingDeps, issueId: string): Promise<number> {
  await batches(deps.readStore).delete({ issueId });
  return deliveries(deps.readStore).delete({ issueId, status: 'sent' });
}

// ---- one batch ----

/** The issue's e-mail with placeholders for the reader's two links, rendered once per issue. */
const UNSUBSCRIBE_SLOT = '\u0001unsubscribe\u0001';
const PREFERENCES_SLOT = '\u0001preferences\u0001';
interface IssueTemplates {
  mail: IssueMail;
  /** The same message as MIME text, filled in per subscriber (./issue-mime.ts). */
  mime: IssueMimeTemplate;
}
const templates = new Map<string, IssueTemplates>();

function template(config: SendingDeps['config'], issue: IssueView, footer: string): IssueTemplates {
  const key = `${issue._id}\u0000${issue.revision ?? ''}\u0000${footer}\u0000${config.publicUrl}`;
  let made = templates.get(key);
  if (!made) {
    const base = site(config);
    const mail = renderIssueMail(
      issue,
      {
        siteUrl: base,
        unsubscribeUrl: UNSUBSCRIBE_SLOT,
        preferencesUrl: PREFERENCES_SLOT,
        archiveUrl: `${base}/newsletter/${issue.slug}`,
      },
      footer,
    );
    const mime = issueMimeTemplate(
      { from: mailFrom(config), subject: mail.subject, text: mail.text, html: mail.html },
      { unsubscribe: UNSUBSCRIBE_SLOT, preferences: PREFERENCES_SLOT },
      new URL(config.publicUrl).hostname,
    );
    made = { mail, mime };
    templates.clear(); // one issue at a time is sent: keep only the latest
    templates.set(key, made);
  }
  return made;
}

/** The issue's message for one subscriber, with their own signed links and headers. */
export function issueMessage(
  mail: IssueMail,
  to: string,
  links: { unsubscribeUrl: string; preferencesUrl: string },
): MailMessage {
  // Signed links are URL-safe (hex, base64url): the same text in HTML and in plain text.
  const fill = (text: string) =>
    text
      .replaceAll(UNSUBSCRIBE_SLOT, links.unsubscribeUrl)
      .replaceAll(PREFERENCES_SLOT, links.preferencesUrl);
  return {
    to,
    subject: mail.subject,
    text: fill(mail.text),
    html: fill(mail.html),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

class TemporaryFailure extends Error {
  override readonly name = 'TemporaryFailure';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a batch's recipients not yet delivered; throws after repeated temporary failures. */
export async function runSendBatch(
  deps: SendingDeps,
  data: SendBatchData,
): Promise<Record<string, unknown>> {
  const { issueId, index } = data;
  const batch = await batches(deps.readStore).findOne({ _id: `${issueId}:${index}` });
  if (!batch || batch.done) return { issueId, index, skipped: 'done' };
  const issue = await issues(deps.readStore).findOne({ _id: issueId });
  if (!issue || issue.status !== 'sending' || !issue.startedAt) {
    return { issueId, index, skipped: `the issue is ${issue?.status ?? 'gone'}` };
  }
  const startedAt = issue.startedAt;
  if (!deps.config.SMTP_URL && !sendingTuning.mailer) {
    throw new Error('SMTP_URL is not set: the batch waits until it is');
  }
  const footer = await footerLine(deps.readStore);
  if (!footer) throw new Error(MAILING_MESSAGES.noFooter);
  const { mail, mime } = template(deps.config, issue, footer);
  const secret = unsubscribeSecret(deps.config);
  const base = site(deps.config);
  const connections = Math.max(1, sendingTuning.connections);
  const mailer = sendingTuning.mailer
    ? sendingTuning.mailer(deps.config, connections)
    : smtpMailer(deps.config.SMTP_URL ?? '', mailFrom(deps.config), { pool: connections });

  const tally = { sent: 0, bounced: 0, failed: 0, skipped: 0 };
  let next = 0;
  let stopped: Error | null = null;

  const record = async (subscriptionId: string, status: DeliveryStatus, error?: string) => {
    const at = new Date().toISOString();
    await deliveries(deps.readStore).upsert({
      _id: deliveryId(issueId, subscriptionId),
      issueId,
      subscriptionId,
      status,
      at,
      ...(error ? { error } : {}),
    });
    tally[status]++;
  };

  const deliverOne = async (subscriptionId: string) => {
    if (await deliveries(deps.readStore).findOne({ _id: deliveryId(issueId, subscriptionId) })) {
      tally.skipped++;
      return;
    }
    // Unsubscribed, erased or moved to alerts only since the plan: not sent.
    const subscriber = await subscriptions(deps.readStore).findOne({ _id: subscriptionId });
    if (!isRecipient(subscriber, startedAt)) {
      tally.skipped++;
      return;
    }
    const links = {
      unsubscribeUrl: unsubscribeUrl(base, secret, subscriptionId),
      preferencesUrl: preferencesUrl(base, secret, subscriptionId),
    };
    const to = subscriber.email;
    // Written from the issue's MIME template when the address is plain ASCII (all but a few):
    // the same message nodemailer would compose, without composing it 200,000 times.
    const send =
      mailer.sendRaw && recipientFits(to)
        ? mailer.sendRaw.bind(mailer, {
            to,
            raw: mime.message({
              to,
              unsubscribeUrl: links.unsubscribeUrl,
              links: { unsubscribe: links.unsubscribeUrl, preferences: links.preferencesUrl },
            }),
          })
        : mailer.send.bind(mailer, issueMessage(mail, to, links));
    for (let attempt = 0; ; attempt++) {
      await processMailPace.take(deps.config.MAIL_PER_MINUTE);
      try {
        await send();
        // The server answered 250: it has the message. Recorded before the next one.
        await record(subscriptionId, 'sent');
        return;
      } catch (error) {
        const outcome = classifySmtpError(error);
        const response = smtpResponse(error);
        if (outcome === 'permanent') {
          // Recorded first: a crash before the bounce is told never mails the address again.
          await record(subscriptionId, 'bounced', response);
          await deps.bus
            .dispatch(
              { type: 'RecordSubscriberBounce', subscriptionId, issueId, response },
              systemContext(issueId),
            )
            .catch((error: unknown) =>
              deps.logger.warn('bounce not recorded on the subscriber', {
                subscriptionId,
                issueId,
                reason: error instanceof Error ? error.message : String(error),
              }),
            );
          return;
        }
        if (outcome === 'unsendable') {
          await record(subscriptionId, 'failed', response);
          return;
        }
        const wait = sendingTuning.retryDelaysMs[attempt];
        if (wait === undefined || stopped) {
          throw new TemporaryFailure(`The mail server did not take the message: ${response}`);
        }
        deps.logger.warn('newsletter message not taken, trying again', {
          issueId,
          subscriptionId,
          response,
          inMs: wait,
        });
        await sleep(wait);
      }
    }
  };

  const worker = async () => {
    while (!stopped) {
      const subscriptionId = batch.subscriptionIds[next++];
      if (subscriptionId === undefined) return;
      try {
        await deliverOne(subscriptionId);
      } catch (error) {
        stopped ??= error instanceof Error ? error : new Error(String(error));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    mailer.close();
  }
  if (stopped) throw stopped; // the queue tries the batch again later; delivered ones stay
  await recordLastSent(deps, issueId, batch.subscriptionIds);
  await batches(deps.readStore).update({ _id: batch._id }, { $set: { done: true } });
  const open = await batches(deps.readStore).count({ issueId, done: false });
  if (open === 0) await queueSendIssue(deps, issueId); // finishes the issue
  return { issueId, index, ...tally };
}

/**
 * Each recipient's last issue, written once per batch from its deliveries (one write per
 * message would double the sending's writes). Before the batch is marked done: a crash in
 * between runs the batch again, which skips the delivered and writes this again.
 */
async function recordLastSent(deps: SendingDeps, issueId: string, ids: readonly string[]) {
  const sent = await deliveries(deps.readStore).find({
    _id: { $in: ids.map((id) => deliveryId(issueId, id)) },
  });
  const rows = sent
    .filter((doc) => doc.status === 'sent')
    .map((doc) => ({
      kind: 'upsert' as const,
      doc: { _id: doc.subscriptionId, issueId, sentAt: doc.at },
    }));
  if (rows.length > 0) await lastSent(deps.readStore).bulkWrite(rows);
}

// ---- resuming and the schedule ----

/** Every issue still sending is planned or continued again (after a crash or a restart). */
export async function runResume(deps: SendingDeps): Promise<Record<string, unknown>> {
  const sending = await issues(deps.readStore).find(
    { status: 'sending' },
    { projection: { _id: 1 } },
  );
  for (const issue of sending) await queueSendIssue(deps, issue._id);
  // A sent issue whose plan is still here (a crash right after it finished): pruned now.
  const sent = await issues(deps.readStore).find({ status: 'sent' }, { projection: { _id: 1 } });
  let pruned = 0;
  for (const issue of sent) {
    if ((await batches(deps.readStore).count({ issueId: issue._id })) > 0) {
      pruned += await prune(deps, issue._id);
    }
  }
  return { resumed: sending.length, pruned };
}

/** Starts the scheduled issues whose time has come. */
export async function runScheduledTick(
  deps: SendingDeps,
  now: Date = new Date(),
): Promise<Record<string, unknown>> {
  const due = await issues(deps.readStore).find(
    { status: 'scheduled', sendAt: { $lte: now.toISOString() } },
    { projection: { _id: 1 } },
  );
  const started: string[] = [];
  for (const issue of due) {
    try {
      await startSendingIssue(deps, issue._id, { kind: 'system', id: 'newsletter-schedule' });
      started.push(issue._id);
    } catch (error) {
      deps.logger.warn('scheduled newsletter issue not started', {
        issueId: issue._id,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { due: due.length, started };
}

const sendIssueJob: JobDeclaration<SendingDeps, { issueId: string }> = {
  name: SEND_ISSUE_JOB,
  doneMessage: 'newsletter issue planned or continued',
  run: (data, _context, deps) => runSendIssue(deps, data.issueId),
};

const sendBatchJob: JobDeclaration<SendingDeps, SendBatchData> = {
  name: SEND_BATCH_JOB,
  doneMessage: 'newsletter batch sent',
  quiet: true,
  run: (data, _context, deps) => runSendBatch(deps, data),
};

const resumeJob: JobDeclaration<SendingDeps, Record<string, never>> = {
  name: RESUME_JOB,
  doneMessage: 'newsletter sending checked',
  quiet: true,
  run: (_data, _context, deps) => runResume(deps),
  schedule: (deps) => {
    if (!deps.config.SMTP_URL) return undefined;
    // At start too: an issue a crash or a restart interrupted goes on at once.
    deps.queue
      .enqueue(RESUME_JOB, {}, { jobId: 'newsletter-resume-at-start' })
      .catch((error: unknown) =>
        deps.logger.warn('newsletter resume not queued at start', { error: String(error) }),
      );
    return { id: 'newsletter-resume', when: { every: EVERY_MINUTE }, data: {} };
  },
};

const scheduledTickJob: JobDeclaration<SendingDeps, Record<string, never>> = {
  name: SCHEDULED_TICK_JOB,
  doneMessage: 'scheduled newsletter issues checked',
  quiet: true,
  run: (_data, _context, deps) => runScheduledTick(deps),
  schedule: (deps) =>
    deps.config.SMTP_URL
      ? { id: 'newsletter-scheduled-tick', when: { every: EVERY_MINUTE }, data: {} }
      : undefined,
};

/** The sending jobs, for the newsletter's backend half (both profiles' queues). */
export const newsletterSendingJobs = [
  sendIssueJob,
  sendBatchJob,
  resumeJob,
  scheduledTickJob,
] as const;

/** Kept on disk on the embedded profile (no event rebuilds them): the plans, in memory too. */
export const NEWSLETTER_SENDING_KEPT_COLLECTIONS: readonly string[] = [
  NEWSLETTER_SENDING_COLLECTIONS.batches,
];
/** One row per recipient: kept on disk only (memory stays flat with the list's size). */
export const NEWSLETTER_SENDING_KEPT_ON_DISK_COLLECTIONS: readonly string[] = [
  NEWSLETTER_SENDING_COLLECTIONS.deliveries,
  NEWSLETTER_SENDING_COLLECTIONS.lastSent,
];
