/**
 * Price alerts, sent as jobs (issue 26).
 *
 * 'price-alerts.match' (every 30 s, only when SMTP_URL is set) reads the event log after its
 * own kept cursor, as the mail outbox does (workers/notifications/jobs.ts): on its first run it
 * starts at the head (history is never alerted), and it only ever reads forward, so a replay
 * or a rebuild alerts nobody twice. When a page of events holds a provider event that can move
 * a price, it waits for the read models to reach that page, takes the prices now (a
 * PriceSnapshot, domain/newsletter/alert-rules.ts) and compares them with the snapshot it kept
 * the last time: each change is matched against the confirmed alerts it can concern, and each
 * match waits in 'price_alert_pending' (one document per subscriber and alert: a second change
 * before the mail goes keeps the first 'before' price). Pending, then snapshot, then cursor
 * are written in that order: a crash in between matches the same page again into the same
 * documents.
 *
 * 'price-alerts.mail' { subscriptionId }: at most one mail per subscriber per day
 * ('price_alert_mailed' { _id: subscriptionId, at }). A match within the day waits for a job
 * delayed to the last mail + 24 h (its id names that slot, so later matches join it). Sent only
 * to an active subscription that did not turn price alerts off, for its confirmed alerts.
 */
import type { RecordedEvent } from '../../commands/event-store';
import {
  preferencesUrl,
  priceAlertConfirmUrl,
  unsubscribeSecret,
  unsubscribeUrl,
} from '../../commands/newsletter';
import {
  alertMatches,
  EMPTY_PRICE_SNAPSHOT,
  priceChanges,
  priceSnapshot,
  type PriceChange,
  type PriceSnapshot,
} from '../../domain/newsletter/alert-rules';
import type { CheapestPriceAlert, PriceAlert } from '../../domain/newsletter/alert-events';
import { costQueries, type CostListedProvider } from '../../projections/cost';
import {
  NEWSLETTER_COLLECTIONS,
  PRICE_ALERT_COLLECTIONS,
  priceAlertQueries,
  type PriceAlertDoc,
  type PriceAlertSentDoc,
  type SubscriptionDoc,
} from '../../projections/newsletter';
import type { Document, ReadStore } from '../../projections/read-store/port';
import type { JobDeclaration } from '../jobs';
import { mailerFor, type MailConfig, type Mailer } from '../notifications';
import type { JobQueue } from '../queue/port';
import {
  mailOn,
  type AddressedMailSender,
  type EventMail,
  type MailMessage,
} from '../bootstrap/mail';
import { priceAlertEventSchemas } from '../../domain/newsletter/alert-events';
import { footerLine } from './sending';
import {
  priceAlertConfirmMessage,
  priceAlertMessage,
  type PriceAlertLine,
  type PriceAlertMailLinks,
} from './price-alert-mail';

export const PRICE_ALERT_MATCH_JOB = 'price-alerts.match';
export const PRICE_ALERT_MAIL_JOB = 'price-alerts.mail';
export const PRICE_ALERT_MATCH_ID = 'price-alerts-match';
export const PRICE_ALERT_MATCH_MS = 30_000;
/** At most one alert mail per subscriber in this long. */
export const PRICE_ALERT_MAIL_GAP_MS = 24 * 60 * 60 * 1000;
const WAIT_FOR_READ_MODELS_MS = 10_000;
const PAGE = 500;
const CURSOR_ID = 'events';
const SNAPSHOT_ID = 'prices';

/** Kept collections (not read models: a rebuild must not restore or replay them). */
export const PRICE_ALERT_KEPT = {
  cursor: 'price_alert_cursor',
  snapshot: 'price_alert_prices',
  pending: 'price_alert_pending',
  mailed: 'price_alert_mailed',
  sent: PRICE_ALERT_COLLECTIONS.sent,
} as const;

/** Provider events that can move a price an alert follows (prices, offers, fees, states, listing). */
export const PRICE_MOVING_EVENTS: ReadonlySet<string> = new Set([
  'ProviderListed',
  'ProviderPublished',
  'ProviderRestored',
  'ProviderRemoved',
  'ProviderDetailsChanged',
  'ProviderPricesChanged',
  'ProviderOffersChanged',
  'ProviderFeesChanged',
]);

type CursorDoc = Document & { position: string };
type SnapshotDoc = Document & PriceSnapshot;
export type PendingAlertDoc = Document & {
  subscriptionId: string;
  alertId: string;
  line: PriceAlertLine;
  matchedAt: string;
};
type MailedDoc = Document & { at: string };

export interface PriceAlertDeps {
  config: MailConfig & {
    publicUrl: string;
    dataDir: string;
    UNSUBSCRIBE_SECRET?: string | undefined;
  };
  logger: { warn(message: string, fields?: Record<string, unknown>): void };
  eventStore: {
    readAll(options: { after?: bigint; limit?: number }): Promise<RecordedEvent[]>;
    headPosition(): Promise<bigint>;
  };
  readStore: ReadStore;
  queue: Pick<JobQueue, 'enqueue'>;
  waitForProjections(position: string, timeoutMs?: number): Promise<boolean>;
  /** Stands in for SMTP (tests); default: the nodemailer adapter for SMTP_URL. */
  mailer?: Mailer | null;
}

const kept = <T extends Document>(deps: Pick<PriceAlertDeps, 'readStore'>, name: string) =>
  deps.readStore.collection<T>(name);

/** The prices now, from the listed providers (the cost read model's list, cached per version). */
const costByStore = new WeakMap<ReadStore, ReturnType<typeof costQueries>>();
/** Every listed provider with the offers in force (what /cost ranks). */
export function listedProviders(readStore: ReadStore): Promise<CostListedProvider[]> {
  let cost = costByStore.get(readStore);
  if (!cost) {
    cost = costQueries(readStore);
    costByStore.set(readStore, cost);
  }
  return cost.costProviders();
}

export async function currentPriceSnapshot(readStore: ReadStore): Promise<PriceSnapshot> {
  return priceSnapshot(await listedProviders(readStore));
}

const alertOf = (doc: PriceAlertDoc): PriceAlert =>
  doc.kind === 'provider'
    ? { kind: 'provider', providerSlug: doc.providerSlug ?? '', medication: doc.medication }
    : {
        kind: 'cheapest',
        medication: doc.medication,
        // Checked against the state list when the alert was asked for (the event's schema).
        state: (doc.state ?? '') as CheapestPriceAlert['state'],
        below: doc.below ?? 0,
      };

function lineOf(change: PriceChange, doc: PriceAlertDoc): PriceAlertLine | null {
  if (change.kind === 'provider') {
    return {
      kind: 'provider',
      medication: change.medication,
      providerName: change.providerName,
      providerSlug: change.providerSlug,
      from: change.from,
      to: change.to.usd,
      checkedOn: change.to.checkedOn,
    };
  }
  if (!change.to) return null;
  return {
    kind: 'cheapest',
    medication: change.medication,
    providerName: change.to.providerName,
    providerSlug: change.to.providerSlug,
    state: change.state,
    below: doc.below ?? 0,
    from: change.from,
    to: change.to.usd,
    checkedOn: change.to.checkedOn,
  };
}

/** Every alert `changes` match: [alert, line], found by the read model's match index. */
export async function matchPriceChanges(
  readStore: ReadStore,
  changes: readonly PriceChange[],
): Promise<{ alert: PriceAlertDoc; line: PriceAlertLine }[]> {
  const queries = priceAlertQueries(readStore);
  const out: { alert: PriceAlertDoc; line: PriceAlertLine }[] = [];
  for (const change of changes) {
    const alerts =
      change.kind === 'provider'
        ? await queries.providerPriceAlerts(change.providerSlug, change.medication)
        : await queries.cheapestPriceAlerts(change.medication, change.state);
    for (const alert of alerts) {
      if (!alertMatches(alertOf(alert), change)) continue;
      const line = lineOf(change, alert);
      if (line) out.push({ alert, line });
    }
  }
  return out;
}

/** Adds a match to the subscriber's waiting mail (a second change keeps the first 'before'). */
async function keepPending(
  deps: Pick<PriceAlertDeps, 'readStore'>,
  alert: PriceAlertDoc,
  line: PriceAlertLine,
  now: Date,
): Promise<boolean> {
  const pending = kept<PendingAlertDoc>(deps, PRICE_ALERT_KEPT.pending);
  const _id = `${alert.subscriptionId}:${alert._id}`;
  const earlier = await pending.findOne({ _id });
  const merged: PriceAlertLine = earlier ? { ...line, from: earlier.line.from } : line;
  // Back where it was before the mail went: nothing to say about it.
  if (merged.kind === 'provider' && merged.from === merged.to) {
    await pending.delete({ _id });
    return false;
  }
  await pending.upsert({
    _id,
    subscriptionId: alert.subscriptionId,
    alertId: alert._id,
    line: merged,
    matchedAt: now.toISOString(),
  });
  return true;
}

/** Queues the subscriber's mail: now, or when the day since its last alert mail is over. */
export async function queuePriceAlertMail(
  deps: Pick<PriceAlertDeps, 'readStore' | 'queue'>,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  const mailed = await kept<MailedDoc>(deps, PRICE_ALERT_KEPT.mailed).findOne({
    _id: subscriptionId,
  });
  const last = mailed ? Date.parse(mailed.at) : null;
  const due = last === null ? now.getTime() : last + PRICE_ALERT_MAIL_GAP_MS;
  // One job per mail slot: matches while it waits join it (':' is not allowed in BullMQ ids).
  await deps.queue.enqueue(
    PRICE_ALERT_MAIL_JOB,
    { subscriptionId },
    {
      jobId: `price-alert-mail-${subscriptionId}-${last ?? 'first'}`,
      delayMs: Math.max(0, due - now.getTime()),
      attempts: 8,
      backoffMs: 2000,
    },
  );
}

/** One run of the matcher (see the module's note). */
export async function runPriceAlertMatch(
  deps: PriceAlertDeps,
  now: Date = new Date(),
): Promise<Record<string, unknown>> {
  const cursors = kept<CursorDoc>(deps, PRICE_ALERT_KEPT.cursor);
  const snapshots = kept<SnapshotDoc>(deps, PRICE_ALERT_KEPT.snapshot);
  const cursor = await cursors.findOne({ _id: CURSOR_ID });
  if (cursor === null) {
    // First run: the prices at the head are the baseline; nothing before it is alerted.
    const head = (await deps.eventStore.headPosition()).toString();
    if (!(await deps.waitForProjections(head, WAIT_FOR_READ_MODELS_MS))) {
      return { waiting: 'the read models are behind the log' };
    }
    await snapshots.upsert({ _id: SNAPSHOT_ID, ...(await currentPriceSnapshot(deps.readStore)) });
    await cursors.upsert({ _id: CURSOR_ID, position: head });
    return { started: head };
  }
  let position = BigInt(cursor.position);
  let matched = 0;
  const subscribers = new Set<string>();
  for (;;) {
    const page = await deps.eventStore.readAll({ after: position, limit: PAGE });
    const last = page.at(-1);
    if (!last) break;
    if (page.some((event) => PRICE_MOVING_EVENTS.has(event.type))) {
      if (!(await deps.waitForProjections(last.position.toString(), WAIT_FOR_READ_MODELS_MS))) {
        break; // the next run tries again from the same cursor
      }
      const before = (await snapshots.findOne({ _id: SNAPSHOT_ID })) ?? EMPTY_PRICE_SNAPSHOT;
      const after = await currentPriceSnapshot(deps.readStore);
      for (const { alert, line } of await matchPriceChanges(
        deps.readStore,
        priceChanges(before, after),
      )) {
        if (await keepPending(deps, alert, line, now)) {
          matched++;
          subscribers.add(alert.subscriptionId);
        }
      }
      await snapshots.upsert({ _id: SNAPSHOT_ID, ...after });
    }
    position = last.position;
    await cursors.upsert({ _id: CURSOR_ID, position: position.toString() });
    if (page.length < PAGE) break;
  }
  for (const subscriptionId of subscribers) await queuePriceAlertMail(deps, subscriptionId, now);
  return { matched, subscribers: subscribers.size, position: position.toString() };
}

// ---- links and the footer ----

export function priceAlertLinks(
  config: PriceAlertDeps['config'],
  subscriptionId: string,
): PriceAlertMailLinks {
  const secret = unsubscribeSecret(config);
  return {
    siteUrl: config.publicUrl.replace(/\/$/, ''),
    unsubscribeUrl: unsubscribeUrl(config.publicUrl, secret, subscriptionId),
    preferencesUrl: preferencesUrl(config.publicUrl, secret, subscriptionId),
  };
}

const subscriptionOf = (readStore: ReadStore, subscriptionId: string) =>
  readStore
    .collection<SubscriptionDoc>(NEWSLETTER_COLLECTIONS.subscriptions)
    .findOne({ _id: subscriptionId });

// ---- the mails ----

/** Sends the subscriber's waiting alerts, at most once a day (see the module's note). */
export async function sendPriceAlertMail(
  deps: PriceAlertDeps,
  data: { subscriptionId: string },
  now: Date = new Date(),
): Promise<Record<string, unknown>> {
  const { subscriptionId } = data;
  const mailed = await kept<MailedDoc>(deps, PRICE_ALERT_KEPT.mailed).findOne({
    _id: subscriptionId,
  });
  if (mailed && now.getTime() - Date.parse(mailed.at) < PRICE_ALERT_MAIL_GAP_MS) {
    await queuePriceAlertMail(deps, subscriptionId, now);
    return { subscriptionId, deferred: 'mailed less than a day ago' };
  }
  const pendingStore = kept<PendingAlertDoc>(deps, PRICE_ALERT_KEPT.pending);
  const pending = await pendingStore.find({ subscriptionId }, { sort: { matchedAt: 1 } });
  if (pending.length === 0) return { subscriptionId, skipped: 'nothing waits' };
  const drop = async (reason: string) => {
    for (const doc of pending) await pendingStore.delete({ _id: doc._id });
    return { subscriptionId, skipped: reason };
  };
  const subscription = await subscriptionOf(deps.readStore, subscriptionId);
  if (!subscription || subscription.active === false) {
    return drop('the subscription is gone or inactive');
  }
  if ((subscription as { priceAlerts?: unknown }).priceAlerts === false) {
    return drop('the subscriber turned price alerts off');
  }
  const alerts = await priceAlertQueries(deps.readStore).subscriberPriceAlerts(subscriptionId);
  const confirmed = new Set(alerts.filter((a) => a.confirmed).map((a) => a._id));
  const lines = pending.filter((doc) => confirmed.has(doc.alertId)).map((doc) => doc.line);
  if (lines.length === 0) return drop('no confirmed alert waits');
  const mailer = deps.mailer === undefined ? mailerFor(deps.config) : deps.mailer;
  if (!mailer) return { subscriptionId, skipped: 'SMTP_URL is not set' };

  await mailer.send(
    priceAlertMessage(
      subscription.email,
      lines,
      priceAlertLinks(deps.config, subscriptionId),
      await footerLine(deps.readStore),
    ),
  );
  // At least once: a crash right here sends these lines again on the retry, never loses them.
  await kept<MailedDoc>(deps, PRICE_ALERT_KEPT.mailed).upsert({
    _id: subscriptionId,
    at: now.toISOString(),
  });
  await kept<PriceAlertSentDoc>(deps, PRICE_ALERT_KEPT.sent).upsert({
    _id: `${subscriptionId}-${now.getTime()}`,
    subscriptionId,
    at: now.toISOString(),
    alerts: lines.length,
  });
  for (const doc of pending) await pendingStore.delete({ _id: doc._id });
  return { subscriptionId, sent: lines.length };
}

/**
 * The confirmation mail (an addressed mail of the outbox, asked by PriceAlertRequested): to an
 * active subscription whose address has not confirmed alerts yet.
 */
export async function priceAlertConfirmation(
  subscriptionId: string,
  deps: Pick<PriceAlertDeps, 'config' | 'readStore'>,
): Promise<MailMessage | { skipped: string }> {
  const subscription = await subscriptionOf(deps.readStore, subscriptionId);
  if (!subscription || subscription.active === false) {
    return { skipped: 'the subscription is gone or inactive' };
  }
  if (await priceAlertQueries(deps.readStore).priceAlertsConfirmed(subscriptionId)) {
    return { skipped: 'price alerts are already confirmed' };
  }
  const links = priceAlertLinks(deps.config, subscriptionId);
  const confirmUrl = priceAlertConfirmUrl(
    deps.config.publicUrl,
    unsubscribeSecret(deps.config),
    subscriptionId,
  );
  return priceAlertConfirmMessage(
    subscription.email,
    confirmUrl,
    links,
    await footerLine(deps.readStore),
  );
}

export const priceAlertMatchJob: JobDeclaration<PriceAlertDeps, Record<string, never>> = {
  name: PRICE_ALERT_MATCH_JOB,
  doneMessage: 'price alerts matched',
  quiet: true,
  run: (_data, _context, deps) => runPriceAlertMatch(deps),
  schedule: (deps) =>
    deps.config.SMTP_URL
      ? { id: PRICE_ALERT_MATCH_ID, when: { every: PRICE_ALERT_MATCH_MS }, data: {} }
      : undefined,
};

export const priceAlertMailJob: JobDeclaration<PriceAlertDeps, { subscriptionId: string }> = {
  name: PRICE_ALERT_MAIL_JOB,
  doneMessage: 'price alert mail job done',
  run: (data, _context, deps) => sendPriceAlertMail(deps, data),
};

export const priceAlertJobs = [priceAlertMatchJob, priceAlertMailJob] as const;

export const PRICE_ALERT_KEPT_COLLECTIONS: readonly string[] = [
  PRICE_ALERT_KEPT.cursor,
  PRICE_ALERT_KEPT.snapshot,
  PRICE_ALERT_KEPT.pending,
  PRICE_ALERT_KEPT.mailed,
  PRICE_ALERT_KEPT.sent,
];

export const PRICE_ALERT_CONFIRM_MAIL = 'price-alerts-confirm';

/** PriceAlertRequested asks for the confirmation mail (only the id is read: `alert` is sealed). */
export const priceAlertMailsOnEvents: readonly EventMail[] = [
  mailOn(
    'PriceAlertRequested',
    priceAlertEventSchemas.PriceAlertRequested.pick({ subscriptionId: true }),
    ({ subscriptionId }) => ({ kind: PRICE_ALERT_CONFIRM_MAIL, subscriptionId }),
  ),
];

export const priceAlertSenders: readonly AddressedMailSender<
  Pick<PriceAlertDeps, 'config' | 'readStore'>
>[] = [
  {
    kind: PRICE_ALERT_CONFIRM_MAIL,
    message: (mail, deps) => priceAlertConfirmation(mail.subscriptionId ?? '', deps),
  },
];
