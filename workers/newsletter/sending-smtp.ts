/**
 * What an SMTP answer means for one newsletter message, and the process-wide pace.
 *
 * - temporary: a 4xx answer, or no answer at all (connection refused, reset, timed out):
 *   tried again later, the message was not taken;
 * - permanent: a 5xx answer to this recipient or this message: the address bounces;
 * - unsendable: nodemailer refused before asking the server (an address it cannot use):
 *   recorded as failed, never tried again.
 */

export type SmtpOutcome = 'temporary' | 'permanent' | 'unsendable';

interface SmtpError {
  responseCode?: unknown;
  code?: unknown;
  response?: unknown;
  message?: unknown;
}

export function classifySmtpError(error: unknown): SmtpOutcome {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const status = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (status !== null && status >= 500 && status < 600) return 'permanent';
  if (status !== null && status >= 400 && status < 500) return 'temporary';
  // An envelope nodemailer cannot build (no usable recipient): no server saw it.
  if (e.code === 'EENVELOPE' && status === null) return 'unsendable';
  return 'temporary';
}

/** The server's answer (or the error), one line, for the bounce event and the logs. */
export function smtpResponse(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const text =
    typeof e.response === 'string'
      ? e.response
      : typeof e.message === 'string'
        ? e.message
        : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/**
 * At most `perMinute` messages a minute across this process: each message takes the next
 * slot, 60,000 / perMinute ms after the previous one. Unset: no wait.
 */
export class MailPace {
  private next = 0;

  async take(perMinute: number | undefined): Promise<void> {
    if (!perMinute) return;
    const gap = 60_000 / perMinute;
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + gap;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

/** The one pace of this process (every batch of every issue shares it). */
export const processMailPace = new MailPace();
