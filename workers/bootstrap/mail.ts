/**
 * What a capability's mails are (its `mails`), read by the outbox (workers/notifications),
 * which delivers them and names no capability. An event asks for a mail by its type; the mail
 * is either written whole when the event is read (a forward to the site's own address), or
 * addressed to a person whose address is looked up only when it is sent, so an address erased
 * or unsubscribed meanwhile is never mailed.
 */
import type { z, ZodType } from 'zod';

/** A message as the mailer sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (multipart/alternative); the text stays for every reader. */
  html?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** A mail to the site's own address (CONTACT_EMAIL), written whole from its event. */
export interface ForwardMail {
  kind: 'forward';
  subject: string;
  text: string;
  replyTo?: string;
}

/**
 * A mail to a person: `kind` names the capability's sender that writes it when it is sent; the
 * other fields (strings) say whom (a subscription id), never the address itself.
 */
export interface AddressedMail {
  kind: string;
  [field: string]: string;
}

export type OutgoingMail = ForwardMail | AddressedMail;

export const isForward = (mail: OutgoingMail): mail is ForwardMail => mail.kind === 'forward';

/** Links a mail may carry. */
export interface MailSite {
  /** The site's address without a trailing slash (back-office links). */
  adminUrl: string;
}

/** The mail one event type asks for. */
export interface EventMail {
  eventType: string;
  /** The mail, or null when the event's data is not what the mail needs. */
  compose(data: unknown, site: MailSite): OutgoingMail | null;
}

/** Writes an addressed mail when it is sent, or says why it is not sent. */
export interface AddressedMailSender<Deps> {
  kind: string;
  message(mail: AddressedMail, deps: Deps): Promise<MailMessage | { skipped: string }>;
}

export interface CapabilityMails<Deps> {
  onEvents?: readonly EventMail[];
  addressed?: readonly AddressedMailSender<Deps>[];
}

/**
 * The mail `eventType` asks for, from the event's data checked with `schema` (the event's own
 * schema from domain/<capability>/events, picked down to what the mail reads).
 */
export function mailOn<S extends ZodType>(
  eventType: string,
  schema: S,
  render: (data: z.output<S>, site: MailSite) => OutgoingMail,
): EventMail {
  return {
    eventType,
    compose(data, site) {
      const parsed = schema.safeParse(data);
      return parsed.success ? render(parsed.data, site) : null;
    },
  };
}

/** Every capability's mails, as the outbox reads them (the backend's `mails`). */
export interface MailBook {
  forEvent(eventType: string): EventMail | undefined;
  /** Writes an addressed mail with its capability's sender. */
  address(mail: AddressedMail): Promise<MailMessage | { skipped: string }>;
}

export function mailBook<Deps>(
  declared: readonly (CapabilityMails<Deps> | undefined)[],
  deps: () => Deps,
): MailBook {
  const onEvents = new Map(
    declared.flatMap((mails) => mails?.onEvents ?? []).map((mail) => [mail.eventType, mail]),
  );
  const senders = new Map(
    declared.flatMap((mails) => mails?.addressed ?? []).map((sender) => [sender.kind, sender]),
  );
  return {
    forEvent: (eventType) => onEvents.get(eventType),
    async address(mail) {
      const sender = senders.get(mail.kind);
      if (!sender) return { skipped: `no sender for '${mail.kind}' mails` };
      return sender.message(mail, deps());
    },
  };
}

/** 'Label: value' for a forwarded mail's body ('(not given)' when empty). */
export const mailLine = (label: string, value: string): string =>
  `${label}: ${value.trim() || '(not given)'}`;
/** One line for a header: no line breaks, at most 150 characters. */
export const headerLine = (value: string): string =>
  value.replace(/\s+/g, ' ').trim().slice(0, 150);
export const looksLikeEmail = (value: string): boolean =>
  /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/.test(value);
