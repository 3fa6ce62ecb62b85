/**
 * For the newsletter sending tests and the bench: a real SMTP server as a sink (smtp-server on
 * a free port), and a DATA_DIR prepared with subscribers, the footer's postal address and a
 * drafted issue, through the command bus as the site writes them.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { CommandContext } from '../../commands';
import type { Backend } from '../../workers/bootstrap/composition';

export interface Accepted {
  to: string;
  raw: string;
  /** ms since the sink started, when it answered 250. */
  at: number;
}

export interface SinkRules {
  /** Answer for an address at RCPT TO (e.g. 550), else accepted. */
  rcpt?(address: string): { code: number; message: string } | null;
  /** Answer at the end of the data (e.g. 451 once), else 250. */
  data?(address: string, attempt: number): { code: number; message: string } | null;
  /** Called when a message's data starts arriving (before any answer to it). */
  onDataStart?(count: number): void;
}

export interface Sink {
  url: string;
  accepted: Accepted[];
  /** Data transfers started (every attempt). */
  transfers: number;
  close(): Promise<void>;
}

const refuse = (answer: { code: number; message: string }) =>
  Object.assign(new Error(answer.message), { responseCode: answer.code });

export async function startSink(rules: SinkRules = {}): Promise<Sink> {
  const accepted: Accepted[] = [];
  const attempts = new Map<string, number>();
  const started = Date.now();
  const state = { transfers: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    onRcptTo(address, _session, callback) {
      const answer = rules.rcpt?.(address.address);
      callback(answer ? refuse(answer) : undefined);
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      state.transfers++;
      rules.onDataStart?.(state.transfers);
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const attempt = (attempts.get(to) ?? 0) + 1;
        attempts.set(to, attempt);
        const answer = rules.data?.(to, attempt);
        if (answer) return callback(refuse(answer));
        accepted.push({
          to,
          raw: Buffer.concat(chunks).toString('utf8'),
          at: Date.now() - started,
        });
        callback();
      });
    },
  });
  // A client killed mid-message resets its connection: expected here, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    get transfers() {
      return state.transfers;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers unfolded, quoted-printable soft breaks joined: what a mail program shows. */
export const readable = (raw: string): string =>
  raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r\n/g, '')
    .replace(/=3D/g, '=');

export const header = (raw: string, name: string): string | undefined =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(readable(raw))?.[1]?.trim();

export const FOOTER = 'VialCompare, 100 Main Street, Springfield, OH 45501';
export const ISSUE_SUBJECT = 'This week in GLP-1 prices';

const admin: CommandContext = {
  actor: { kind: 'system', id: 'test' },
  correlationId: 'newsletter-sending-test',
};

export const readerAddress = (i: number) => `reader-${i}@sink.example`;

/** `count` subscribers (reader-0@… on), the footer line, and a drafted issue: its id. */
export async function prepareIssue(
  backend: Backend,
  options: { subscribers: number; footer?: string | null; concurrency?: number },
): Promise<{ issueId: string; subscriptionIds: Map<string, string> }> {
  const subscriptionIds = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < options.subscribers) {
      const email = readerAddress(next++);
      const subscriptionId = await backend.subscribers.idFor(email);
      subscriptionIds.set(email, subscriptionId);
      await backend.bus.dispatch(
        { type: 'SubscribeToNewsletter', email, subscriptionId },
        { actor: { kind: 'visitor', id: 'anonymous' }, correlationId: 'subscribe' },
      );
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  const footer = options.footer === undefined ? FOOTER : options.footer;
  if (footer !== null) {
    await backend.bus.dispatch(
      { type: 'SetSiteContent', key: 'newsletter_footer', content: footer, active: true },
      admin,
    );
  }
  const drafted = await backend.bus.dispatch(
    {
      type: 'DraftNewsletterIssue',
      subject: ISSUE_SUBJECT,
      preheader: 'Two price drops and a new provider',
      bodyHtml:
        '<h2>Price drops</h2><p>Acme Health: semaglutide from $299 to $249 a month.</p>' +
        '<ul><li>Checked Nov 20, 2026</li></ul>',
      periodFrom: '2026-11-13T00:00:00.000Z',
      periodTo: '2026-11-20T00:00:00.000Z',
      composedBy: 'administrator',
    },
    admin,
  );
  await backend.waitForProjections(drafted.position, 10_000);
  return { issueId: drafted.id, subscriptionIds };
}

export async function until<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
