/**
 * Mail, sent as jobs so that a mail server outage loses nothing.
 *
 * 'mail.outbox-tick' (every 2 s, only when SMTP_URL is set) reads the event log after its own
 * cursor and, for each event that asks for a mail (a capability's `mails`, in `deps.mails`), writes an outbox entry keyed
 * by the EVENT ID and queues 'mail.send' for it; then it moves the cursor. Cursor and outbox
 * are kept collections (DATA_DIR/kept.sqlite embedded, MongoDB distributed): they are not read
 * models, a rebuild or a restart replays nothing into them, and the log is only ever read
 * forward from the cursor, so a replay of the log never mails anyone twice. On its first run
 * (no cursor yet: SMTP just configured) only events of the last 15 minutes are mailed, never
 * the whole history.
 *
 * 'mail.send' sends the entry's message and deletes the entry; an entry already gone was sent
 * (a duplicate job does nothing). A failed attempt throws: the queue retries with exponential
 * backoff (MAIL_ATTEMPTS, from MAIL_BACKOFF_MS). If every attempt fails (a long outage), the
 * entry stays and the tick queues it again after MAIL_REQUEUE_MS: nothing is dropped.
 *
 * An addressed mail (the newsletter's welcome) is written by its capability's sender when it is
 * sent, so an address erased meanwhile is not mailed. Without CONTACT_EMAIL, forwards are
 * dropped (logged). This file names no capability: it delivers what they declare.
 */
import type { RecordedEvent } from '../../commands/event-store';
import type { ReadStore } from '../../projections/read-store/port';
import type { JobDeclaration } from '../jobs';
import type { JobQueue } from '../queue/port';
import { mailerFor, type MailConfig, type Mailer } from './mailer';
import { isForward, type MailBook, type OutgoingMail } from '../bootstrap/mail';

export const MAIL_TICK_JOB = 'mail.outbox-tick';
export const MAIL_SEND_JOB = 'mail.send';
export const MAIL_TICK_ID = 'mail-outbox-tick';
export const MAIL_TICK_MS = 2000;
export const MAIL_ATTEMPTS = 8;
export const MAIL_BACKOFF_MS = 2000;
/** Longer than all of a job's attempts (2 s doubling 7 times: ~4 minutes). */
export const MAIL_REQUEUE_MS = 10 * 60 * 1000;
/** On the first run, events older than this are history: not mailed. */
export const MAIL_FIRST_RUN_WINDOW_MS = 15 * 60 * 1000;
const PAGE = 500;

export const MAIL_COLLECTIONS = { outbox: 'mail_outbox', cursor: 'mail_cursor' } as const;
const CURSOR_ID = 'events';

interface CursorDoc {
  _id: string;
  [key: string]: unknown;
  /** The last event position read (decimal). */
  position: string;
}

export interface OutboxDoc {
  _id: string;
  [key: string]: unknown;
  /** The event's id (also `_id`): one mail per event, whatever happens. */
  eventId: string;
  eventType: string;
  mail: OutgoingMail;
  /** How many times it was queued (its job id carries it: a requeue is a new job). */
  round: number;
  /** ISO time it was last queued. */
  queuedAt: string;
}

export interface MailSendData {
  eventId: string;
  round: number;
}

export interface NotificationDeps {
  config: MailConfig & { CONTACT_EMAIL?: string | undefined };
  logger: {
    info(message: string, fields?: Record<string, unknown>): void;
    warn(message: string, fields?: Record<string, unknown>): void;
  };
  eventStore: { readAll(options: { after?: bigint; limit?: number }): Promise<RecordedEvent[]> };
  readStore: Pick<ReadStore, 'collection'>;
  queue: Pick<JobQueue, 'enqueue'>;
  mails: MailBook;
  /** Stands in for SMTP (tests); default: the nodemailer adapter for SMTP_URL. */
  mailer?: Mailer | null;
}

const outbox = (deps: NotificationDeps) =>
  deps.readStore.collection<OutboxDoc>(MAIL_COLLECTIONS.outbox);
const cursors = (deps: NotificationDeps) =>
  deps.readStore.collection<CursorDoc>(MAIL_COLLECTIONS.cursor);

async function queueSend(deps: NotificationDeps, doc: OutboxDoc): Promise<void> {
  await deps.queue.enqueue<MailSendData>(
    MAIL_SEND_JOB,
    { eventId: doc.eventId, round: doc.round },
    {
      jobId: `mail-${doc.eventId}-${doc.round}`,
      attempts: MAIL_ATTEMPTS,
      backoffMs: MAIL_BACKOFF_MS,
    },
  );
}

/** One tick: new events into the outbox (queued), then entries whose jobs gave up, again. */
export async function runOutboxTick(
  deps: NotificationDeps,
  now: Date = new Date(),
): Promise<{ queued: number; requeued: number; position: string }> {
  const cursor = await cursors(deps).findOne({ _id: CURSOR_ID });
  const firstRun = cursor === null;
  let position = BigInt(cursor?.position ?? '0');
  const adminUrl = deps.config.publicUrl.replace(/\/$/, '');
  let queued = 0;
  for (;;) {
    const page = await deps.eventStore.readAll({ after: position, limit: PAGE });
    for (const event of page) {
      position = event.position;
      const declared = deps.mails.forEvent(event.type);
      if (!declared) continue;
      if (
        firstRun &&
        now.getTime() - Date.parse(event.metadata.occurredAt) > MAIL_FIRST_RUN_WINDOW_MS
      )
        continue;
      const mail = declared.compose(event.data, { adminUrl });
      if (!mail) {
        deps.logger.warn('event not mailed: its data is not what the mail needs', {
          eventId: event.metadata.eventId,
          eventType: event.type,
        });
        continue;
      }
      const eventId = event.metadata.eventId;
      // Already in the outbox (a tick that failed before moving its cursor): queued once.
      if (await outbox(deps).findOne({ _id: eventId })) continue;
      const doc: OutboxDoc = {
        _id: eventId,
        eventId,
        eventType: event.type,
        mail,
        round: 0,
        queuedAt: now.toISOString(),
      };
      await outbox(deps).upsert(doc);
      await queueSend(deps, doc);
      queued++;
    }
    if (page.length > 0) {
      await cursors(deps).upsert({ _id: CURSOR_ID, position: position.toString() });
    }
    if (page.length < PAGE) break;
  }
  if (firstRun) await cursors(deps).upsert({ _id: CURSOR_ID, position: position.toString() });

  // Entries whose jobs used every attempt (a long outage): queued again, as a new job.
  let requeued = 0;
  const stale = await outbox(deps).find(
    { queuedAt: { $lt: new Date(now.getTime() - MAIL_REQUEUE_MS).toISOString() } },
    { limit: 100 },
  );
  for (const doc of stale) {
    const next = { ...doc, round: doc.round + 1, queuedAt: now.toISOString() };
    await outbox(deps).upsert(next);
    await queueSend(deps, next);
    requeued++;
  }
  return { queued, requeued, position: position.toString() };
}

/** Sends one outbox entry; throws when the mail server refuses (the queue retries). */
export async function sendOutboxEntry(
  deps: NotificationDeps,
  data: MailSendData,
): Promise<Record<string, unknown>> {
  const doc = await outbox(deps).findOne({ _id: data.eventId });
  if (!doc) return { eventId: data.eventId, skipped: 'already sent' };
  const mailer = deps.mailer === undefined ? mailerFor(deps.config) : deps.mailer;
  if (!mailer) return { eventId: data.eventId, skipped: 'SMTP_URL is not set' };
  const done = async (result: Record<string, unknown>) => {
    await outbox(deps).delete({ _id: doc._id });
    return { eventId: doc.eventId, eventType: doc.eventType, ...result };
  };

  if (!isForward(doc.mail)) {
    const message = await deps.mails.address(doc.mail);
    if ('skipped' in message) return done(message);
    await mailer.send(message);
    return done({ sent: doc.mail.kind });
  }

  const to = deps.config.CONTACT_EMAIL;
  if (!to) {
    deps.logger.warn('not forwarded: CONTACT_EMAIL is not set', { eventId: doc.eventId });
    return done({ skipped: 'CONTACT_EMAIL is not set' });
  }
  await mailer.send({
    to,
    subject: doc.mail.subject,
    text: doc.mail.text,
    ...(doc.mail.replyTo ? { replyTo: doc.mail.replyTo } : {}),
  });
  return done({ sent: 'forward' });
}

export const mailOutboxTickJob: JobDeclaration<NotificationDeps, Record<string, never>> = {
  name: MAIL_TICK_JOB,
  doneMessage: 'mail outbox checked',
  quiet: true,
  run: (_data, _context, deps) => runOutboxTick(deps),
  schedule: (deps) =>
    deps.config.SMTP_URL
      ? { id: MAIL_TICK_ID, when: { every: MAIL_TICK_MS }, data: {} }
      : undefined,
};

export const mailSendJob: JobDeclaration<NotificationDeps, MailSendData> = {
  name: MAIL_SEND_JOB,
  doneMessage: 'mail job done',
  run: (data, _context, deps) => sendOutboxEntry(deps, data),
};
