/**
 * The mail port and its SMTP adapter (nodemailer). A job sends through `mailerFor(config)`:
 * nodemailer when SMTP_URL is configured, else nothing is sent (null). One transport per
 * SMTP_URL, unpooled: each message opens its own connection, so an outage between two
 * messages costs nothing but the failed attempt, which the job retries.
 *
 * A bulk sender (the newsletter's issues) asks for a pooled mailer instead (`pool`: a few
 * connections kept open, each carrying many messages) and closes it when its batch is done.
 * Nothing connects before the first message: a process without SMTP_URL never dials out.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { MailMessage } from '../bootstrap/mail';

export type { MailMessage };

/** Sends one message or throws (a 4xx/5xx answer, a refused connection): the job retries. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailConfig {
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
  publicUrl: string;
}

/** The sender: MAIL_FROM, else no-reply at PUBLIC_URL's host. */
export function mailFrom(config: MailConfig): string {
  return config.MAIL_FROM ?? `no-reply@${new URL(config.publicUrl).hostname}`;
}

export interface SmtpMailerOptions {
  /** Connections kept open and reused (a bulk send); unset: one connection per message. */
  pool?: number;
}

/** A message written whole beforehand (a newsletter issue's copy), with its envelope. */
export interface RawMessage {
  /** The recipient's address (the envelope's RCPT TO). */
  to: string;
  /** The whole message: headers, blank line, body; CRLF line ends. */
  raw: string;
}

/** A mailer that holds connections open: close it when done. */
export interface ClosableMailer extends Mailer {
  close(): void;
  /** Sends a message as written (the envelope's sender is the mailer's `from` address). */
  sendRaw?(message: RawMessage): Promise<void>;
}

export function smtpMailer(
  smtpUrl: string,
  from: string,
  options: SmtpMailerOptions = {},
): ClosableMailer {
  const transport: Transporter = options.pool
    ? nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: options.pool,
        // The pool's default reconnects after 100 messages; a batch's connections carry it all.
        maxMessages: Infinity,
      })
    : nodemailer.createTransport(smtpUrl);
  const mail = (message: MailMessage) => ({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
  });
  const envelopeFrom = addressparser(from, { flatten: true })[0]?.address ?? from;
  return {
    async send(message) {
      await transport.sendMail(mail(message));
    },
    async sendRaw(message) {
      await transport.sendMail({
        envelope: { from: envelopeFrom, to: [message.to] },
        raw: message.raw,
      });
    },
    close: () => transport.close(),
  };
}

const mailers = new Map<string, Mailer>();

/** The configured mailer, or null when SMTP_URL is unset (nothing is sent). */
export function mailerFor(config: MailConfig): Mailer | null {
  if (!config.SMTP_URL) return null;
  const from = mailFrom(config);
  const key = `${config.SMTP_URL}\u0000${from}`;
  let mailer = mailers.get(key);
  if (!mailer) {
    mailer = smtpMailer(config.SMTP_URL, from);
    mailers.set(key, mailer);
  }
  return mailer;
}
