/**
 * Sending an issue through a real SMTP server (smtp-server on a free port), with the backend
 * opened for real (embedded profile, inline queue) and only the sending jobs running:
 * - each subscriber gets one message with both parts, their own unsubscribe and preferences
 *   links, the List-Unsubscribe headers and the footer line; the issue ends 'sent' with counts;
 * - MAIL_PER_MINUTE spaces the messages;
 * - a temporary refusal (451) is tried again: one message arrives;
 * - a permanent refusal (550) marks that delivery bounced and tells the subscriber's stream,
 *   and the others are still sent;
 * - without SMTP_URL, or without the footer's postal address, sending is refused with the reason.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBackend, type Backend } from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';
import { startJobs } from '../../../workers/jobs';
import {
  MAILING_MESSAGES,
  NEWSLETTER_SENDING_COLLECTIONS,
  issueDeliveryCounts,
  mailingState,
  newsletterSendingJobs,
  sendTestIssue,
  sendingTuning,
  startSendingIssue,
  type DeliveryDoc,
  type LastSentDoc,
} from '../../../workers/newsletter/sending';
import {
  FOOTER,
  ISSUE_SUBJECT,
  header,
  prepareIssue,
  readable,
  readerAddress,
  startSink,
  until,
  type Sink,
  type SinkRules,
} from '../../support/newsletter-sending';

const SECRET = 'sending test unsubscribe secret, forty chars';
const logger = createLogger({ level: 'error' });
const admin = { kind: 'admin' as const, id: 'admin-1', email: 'admin@example.com' };
let backend: Backend | null = null;
let sink: Sink | null = null;
let dataDir = '';
const tuning = { ...sendingTuning };

beforeEach(() => {
  sendingTuning.retryDelaysMs = [50, 100];
  sendingTuning.jobBackoffMs = 100;
  sendingTuning.connections = 2;
});

afterEach(async () => {
  await backend?.close();
  await sink?.close();
  backend = null;
  sink = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  Object.assign(sendingTuning, tuning);
});

async function open(env: Record<string, string> = {}): Promise<Backend> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vial-sending-'));
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://vial.example',
    MAIL_FROM: 'news@vialcompare.example',
    UNSUBSCRIBE_SECRET: SECRET,
    ...env,
  });
  backend = await openBackend(config, logger);
  await startJobs(backend.queue, [...newsletterSendingJobs], backend, logger);
  return backend;
}

async function sendTo(
  subscribers: number,
  rules: SinkRules = {},
  env: Record<string, string> = {},
) {
  sink = await startSink(rules);
  const site = await open({ SMTP_URL: sink.url, ...env });
  const { issueId, subscriptionIds } = await prepareIssue(site, { subscribers });
  const started = await startSendingIssue(site, issueId, admin);
  const issue = await until(
    async () => {
      const doc = await site.readStore.collection('newsletter_issues').findOne({ _id: issueId });
      return doc?.status === 'sent' ? doc : null;
    },
    30_000,
    'the issue to be sent',
  );
  return { site, issueId, subscriptionIds, started, issue };
}

describe('sending an issue', () => {
  it('sends each subscriber one message with both parts, their own links, the headers and the footer', async () => {
    const { site, issueId, subscriptionIds, started, issue } = await sendTo(3);
    expect(started.recipients).toBe(3);
    expect(sink!.accepted.map((m) => m.to).sort()).toEqual([0, 1, 2].map(readerAddress).sort());
    for (const message of sink!.accepted) {
      const id = subscriptionIds.get(message.to) ?? '';
      const raw = readable(message.raw);
      expect(header(message.raw, 'Subject')).toBe(ISSUE_SUBJECT);
      expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(raw).toMatch(/Content-Type: text\/plain/i);
      expect(raw).toMatch(/Content-Type: text\/html/i);
      const unsubscribe = header(message.raw, 'List-Unsubscribe')?.replace(/^<|>$/g, '') ?? '';
      expect(unsubscribe).toMatch(
        new RegExp(`^https://vial.example/unsubscribe/${id}\\.[\\w-]{43}$`),
      );
      expect(header(message.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      // Both parts: the links twice each (text and HTML) and the footer twice.
      expect(raw.split(unsubscribe).length - 1).toBeGreaterThanOrEqual(3);
      expect(raw).toMatch(new RegExp(`https://vial.example/preferences/${id}\\.[\\w-]+`));
      expect(raw.split(FOOTER).length - 1).toBe(2);
    }
    expect(issue).toMatchObject({ status: 'sent', recipients: 3, sent: 3, failed: 0, bounced: 0 });
    // The 'sent' rows go once the counts are in the event; each subscriber's last issue stays.
    expect(await issueDeliveryCounts(site.readStore, issueId)).toEqual({
      sent: 0,
      failed: 0,
      bounced: 0,
    });
    const last = await site.readStore
      .collection<LastSentDoc>(NEWSLETTER_SENDING_COLLECTIONS.lastSent)
      .find({});
    expect(last.map((doc) => doc.issueId)).toEqual([issueId, issueId, issueId]);
  });

  it('spaces the messages by MAIL_PER_MINUTE', async () => {
    sendingTuning.connections = 4;
    await sendTo(4, {}, { MAIL_PER_MINUTE: '120' }); // one every 500 ms
    const times = sink!.accepted.map((m) => m.at).sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    // Three gaps of 500 ms between the sends; the server's answers jitter on a busy machine.
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1_200);
  });

  it('tries a temporary refusal (451) again: the message arrives once', async () => {
    const refused = readerAddress(1);
    await sendTo(3, {
      data: (to, attempt) =>
        to === refused && attempt === 1 ? { code: 451, message: 'Try again later' } : null,
    });
    expect(sink!.transfers).toBe(4);
    expect(sink!.accepted.filter((m) => m.to === refused)).toHaveLength(1);
    expect(sink!.accepted).toHaveLength(3);
  });

  it('marks a permanent refusal (550) as bounced, tells the subscriber, and still sends the others', async () => {
    const bouncing = readerAddress(0);
    const { site, issueId, subscriptionIds, issue } = await sendTo(3, {
      rcpt: (address) =>
        address === bouncing ? { code: 550, message: 'No such mailbox here' } : null,
    });
    expect(sink!.accepted.map((m) => m.to).sort()).toEqual([readerAddress(1), readerAddress(2)]);
    expect(issue).toMatchObject({ recipients: 3, sent: 2, bounced: 1, failed: 0 });
    const id = subscriptionIds.get(bouncing) ?? '';
    const delivery = await site.readStore
      .collection<DeliveryDoc>(NEWSLETTER_SENDING_COLLECTIONS.deliveries)
      .findOne({ _id: `${issueId}:${id}` });
    expect(delivery).toMatchObject({ status: 'bounced' });
    expect(delivery?.error).toMatch(/550/);
    const stream = await site.eventStore.readStream(`subscription-${id}`);
    const bounce = stream.find((event) => event.type === 'SubscriberBounced');
    expect(bounce?.data).toMatchObject({ subscriptionId: id, issueId });
    expect(String((bounce?.data as { response?: unknown }).response)).toMatch(/550/);
  });
});

describe('when mail cannot go out', () => {
  it('without SMTP_URL: refused with the reason, nothing scheduled', async () => {
    const site = await open();
    const { issueId } = await prepareIssue(site, { subscribers: 1 });
    expect(await mailingState(site)).toEqual({
      smtpConfigured: false,
      reason: MAILING_MESSAGES.noSmtp,
      footerMissing: false,
    });
    await expect(startSendingIssue(site, issueId, admin)).rejects.toThrow(MAILING_MESSAGES.noSmtp);
    await expect(sendTestIssue(site, issueId, 'me@example.com')).rejects.toThrow(
      MAILING_MESSAGES.noSmtp,
    );
    const issue = await site.readStore.collection('newsletter_issues').findOne({ _id: issueId });
    expect(issue?.status).toBe('draft');
  });

  it('without the postal address: refused with the reason (CAN-SPAM)', async () => {
    sink = await startSink();
    const site = await open({ SMTP_URL: sink.url });
    const { issueId } = await prepareIssue(site, { subscribers: 1, footer: null });
    const state = await mailingState(site);
    expect(state).toEqual({
      smtpConfigured: true,
      reason: MAILING_MESSAGES.noFooter,
      footerMissing: true,
    });
    await expect(startSendingIssue(site, issueId, admin)).rejects.toMatchObject({
      code: 'mailing_not_ready',
      message: MAILING_MESSAGES.noFooter,
    });
    expect(sink.transfers).toBe(0);
  });
});

describe('a test message', () => {
  it('goes to the given address, marked [Test], with no subscriber link', async () => {
    sink = await startSink();
    const site = await open({ SMTP_URL: sink.url });
    const { issueId } = await prepareIssue(site, { subscribers: 1 });
    await sendTestIssue(site, issueId, 'editor@example.com');
    const [message] = await until(() => (sink!.accepted.length > 0 ? sink!.accepted : null));
    expect(message?.to).toBe('editor@example.com');
    expect(header(message?.raw ?? '', 'Subject')).toBe(`[Test] ${ISSUE_SUBJECT}`);
    const raw = readable(message?.raw ?? '');
    expect(raw).not.toMatch(/\/unsubscribe\/|\/preferences\//);
    expect(header(message?.raw ?? '', 'List-Unsubscribe')).toBeUndefined();
    expect(raw).toContain(FOOTER);
  });
});
