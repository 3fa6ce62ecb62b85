/**
 * Mail against a real SMTP server started here (the smtp-server package on a free port; never
 * a mock of nodemailer), with the app started for real (embedded profile, inline queue):
 * - a new subscriber gets the welcome e-mail with the unsubscribe link and the
 *   List-Unsubscribe / List-Unsubscribe-Post headers, and the link unsubscribes (one click);
 * - a provider submission and a contact message are forwarded to CONTACT_EMAIL;
 * - a server that refuses the first attempt (451): the job retries, the message arrives once;
 * - a rebuild of the read models and later ticks never send again;
 * - a subscriber deleted before the welcome is sent is not mailed;
 * - without SMTP_URL nothing is scheduled and nothing is sent.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';
import { startJobs } from '../../../workers/jobs';
import {
  MAIL_COLLECTIONS,
  mailOutboxTickJob,
  mailSendJob,
  mailerFor,
} from '../../../workers/notifications';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type TestServer,
} from '../../support/http-server';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

interface MailServer {
  url: string;
  received: Received[];
  attempts: number;
  close(): Promise<void>;
}

/** A real SMTP server; `refuseFirst` answers the first message with 451 (try again later). */
async function startMailServer(options: { refuseFirst?: number } = {}): Promise<MailServer> {
  const received: Received[] = [];
  let refuse = options.refuseFirst ?? 0;
  const state = { attempts: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.attempts++;
        if (refuse > 0) {
          refuse--;
          const error = Object.assign(new Error('Mailbox busy, try again later'), {
            responseCode: 451,
          });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get attempts() {
      return state.attempts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers unfolded, quoted-printable soft breaks joined: what a reader's mail program shows. */
const readable = (raw: string) =>
  raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r\n/g, '')
    .replace(/=3D/g, '=');
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(readable(raw))?.[1]?.trim();

async function until<T>(check: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const SECRET = 'mail test unsubscribe secret, forty chars!';
let site: TestServer | null = null;
/** An address's subscription id (random, linked in the key store). */
const idOf = async (email: string) => (await site?.backend.subscribers.find(email)) ?? '';
let mail: MailServer | null = null;

afterEach(async () => {
  await site?.close();
  await mail?.close();
  site = null;
  mail = null;
});

async function startSite(smtpUrl: string | null) {
  const server = await startTestServer({
    prefix: 'vial-mail-',
    env: {
      UNSUBSCRIBE_SECRET: SECRET,
      CONTACT_EMAIL: 'team@vialcompare.example',
      MAIL_FROM: 'news@vialcompare.example',
      ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    },
  });
  // Only the mail jobs (the Reddit schedules would reach for the network).
  await startJobs(
    server.backend.queue,
    [mailOutboxTickJob, mailSendJob],
    server.backend,
    createLogger({ level: 'error' }),
  );
  return server;
}

const subscribe = (base: string, email: string) =>
  request(base, '/api/subscriptions', { json: { email } });

describe('mail through a real SMTP server', () => {
  it('welcomes a new subscriber with a working one-click unsubscribe link and its headers', async () => {
    mail = await startMailServer();
    site = await startSite(mail.url);
    expect((await subscribe(site.base, 'Ann@Example.com')).status).toBe(201);

    const message = await until(() => mail!.received[0]);
    expect(message.to).toEqual(['ann@example.com']);
    expect(message.from).toBe('news@vialcompare.example');
    expect(header(message.raw, 'Subject')).toBe('Welcome to the VialCompare newsletter');
    const link = header(message.raw, 'List-Unsubscribe')?.replace(/^<|>$/g, '');
    expect(link).toMatch(
      new RegExp(`^${site.base}/unsubscribe/${await idOf('ann@example.com')}\\.[\\w-]{43}$`),
    );
    expect(header(message.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(readable(message.raw)).toContain(link);
    // Every mail carries the signed link to the subscriber's preferences.
    expect(readable(message.raw)).toMatch(
      new RegExp(`${site.base}/preferences/${await idOf('ann@example.com')}\\.[\\w-]{43}`),
    );

    // The mail program's one-click POST: unsubscribed.
    const oneClick = await fetch(link!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const row = await site.backend.queries.subscription(await idOf('ann@example.com'));
    expect(row?.active).toBe(false);
    // Unsubscribing sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mail.received).toHaveLength(1);
  }, 30_000);

  it('does not welcome an address subscribed only for price alerts (their confirmation is its mail)', async () => {
    mail = await startMailServer();
    site = await startSite(mail.url);
    const email = 'alerts-only@example.com';
    const subscriptionId = await site.backend.subscribers.idFor(email);
    await site.backend.bus.dispatch(
      { type: 'SubscribeToNewsletter', email, subscriptionId, weeklyIssue: false },
      { actor: { kind: 'visitor', id: 'test' }, correlationId: 'alerts-only' },
    );
    expect((await subscribe(site.base, 'weekly@example.com')).status).toBe(201);

    const message = await until(() => mail!.received[0]);
    expect(message.to).toEqual(['weekly@example.com']);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mail.received.map((m) => m.to)).toEqual([['weekly@example.com']]);
  }, 30_000);

  it('forwards a provider submission and a contact message to CONTACT_EMAIL', async () => {
    mail = await startMailServer();
    site = await startSite(mail.url);
    const system = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 't' };
    await site.backend.bus.dispatch(
      {
        type: 'SubmitProvider',
        form: {
          providerName: 'Northwind Weight Care',
          website: 'https://northwind.example',
          contactEmail: 'hello@northwind.example',
          medications: ['Semaglutide'],
          excludedStates: [],
          submitterName: 'Nora West',
          submitterEmail: 'nora@northwind.example',
          agreedToTerms: true,
        },
        userAgent: 'test',
      },
      system,
    );
    await site.backend.bus.dispatch(
      {
        type: 'SendContactMessage',
        name: 'Sam Reader',
        email: 'sam@example.org',
        topic: 'content',
        message: 'Please add a comparison of maintenance doses.',
      },
      system,
    );
    await until(() => mail!.received.length >= 2 && mail!.received);
    const bySubject = Object.fromEntries(mail.received.map((m) => [header(m.raw, 'Subject'), m]));
    const submission = bySubject['New provider submission: Northwind Weight Care'];
    expect(submission?.to).toEqual(['team@vialcompare.example']);
    expect(header(submission!.raw, 'Reply-To')).toBe('nora@northwind.example');
    expect(readable(submission!.raw)).toContain('Website: https://northwind.example');
    const contact = bySubject['Contact message (content) from Sam Reader'];
    expect(contact?.to).toEqual(['team@vialcompare.example']);
    expect(header(contact!.raw, 'Reply-To')).toBe('sam@example.org');
    expect(readable(contact!.raw)).toContain('Please add a comparison of maintenance doses.');
  }, 30_000);

  it('a server refusing the first attempt (451): the job retries and the message arrives exactly once', async () => {
    mail = await startMailServer({ refuseFirst: 1 });
    site = await startSite(mail.url);
    expect((await subscribe(site.base, 'retry@example.com')).status).toBe(201);
    await until(() => mail!.received[0]);
    expect(mail.attempts).toBe(2);
    // Nothing left in the outbox; later ticks, a rebuild and another tick send nothing more.
    await site.backend.rebuildProjections();
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect(mail.received).toHaveLength(1);
    expect(mail.received[0]?.to).toEqual(['retry@example.com']);
    expect(await site.backend.readStore.collection(MAIL_COLLECTIONS.outbox).count({})).toBe(0);
  }, 40_000);

  it('a subscriber deleted before the welcome is sent is never mailed', async () => {
    mail = await startMailServer({ refuseFirst: 1 });
    site = await startSite(mail.url);
    await registerAdmin(site.backend, 'ops@example.com', 'a long test password 1');
    const session = await signIn(site.base, 'ops@example.com', 'a long test password 1');
    expect((await subscribe(site.base, 'gone@example.com')).status).toBe(201);
    // The first attempt is refused; delete before the retry.
    await until(() => mail!.attempts >= 1);
    const id = await idOf('gone@example.com');
    const deleted = await request(site.base, `/api/admin/subscriptions/${id}`, {
      method: 'DELETE',
      session,
    });
    expect(deleted.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(mail.received).toHaveLength(0);
  }, 30_000);
});

describe('without SMTP_URL', () => {
  it('nothing is scheduled and nothing is sent', async () => {
    mail = await startMailServer();
    site = await startSite(null);
    expect(mailerFor(site.backend.config)).toBeNull();
    expect((await subscribe(site.base, 'quiet@example.com')).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(mail.attempts).toBe(0);
    expect(await site.backend.readStore.collection(MAIL_COLLECTIONS.outbox).count({})).toBe(0);
  });
});

describe('SMTP_URL is checked at start', () => {
  it.each([
    ['not a URL', 'mail.example.com:25'],
    ['another scheme', 'http://mail.example.com'],
  ])('%s: a ConfigError naming SMTP_URL', (_case, value) => {
    let error: unknown;
    try {
      loadConfig({ SMTP_URL: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^SMTP_URL: SMTP_URL must be a smtp: or smtps:\/\/ URL$/),
    ]);
  });

  it('smtp:// and smtps:// with credentials are accepted; empty means unset', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://user:pass@mail.example.com:465',
    );
    expect(loadConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });

  it('distributed with SMTP_URL needs UNSUBSCRIBE_SECRET (the worker signs what the api checks)', () => {
    expect(() =>
      loadConfig({
        PROFILE: 'distributed',
        EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
        MONGODB_URL: 'mongodb://localhost:27017',
        REDIS_URL: 'redis://localhost:6379',
        SMTP_URL: 'smtp://mail.example.com',
      }),
    ).toThrow(/UNSUBSCRIBE_SECRET is required when PROFILE=distributed and SMTP_URL is set/);
  });
});
