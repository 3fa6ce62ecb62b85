/**
 * What the site e-mails, built from the events that trigger it. The events are read by their
 * type name and the few fields used (checked here with zod, so a change elsewhere makes a
 * clear 'not mailed' log line instead of a broken message); no other capability is imported.
 *
 *   VisitorSubscribed, SubscriptionReactivated -> welcome e-mail to the subscriber, with the
 *       unsubscribe link and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058);
 *   ProviderSubmitted      -> the submission, forwarded to CONTACT_EMAIL;
 *   ContactMessageReceived -> the message, forwarded to CONTACT_EMAIL (Reply-To: the sender).
 */
import { z } from 'zod';
import type { MailMessage } from './mailer';

export const WELCOME_EVENT_TYPES = ['VisitorSubscribed', 'SubscriptionReactivated'] as const;
export const FORWARDED_EVENT_TYPES = ['ProviderSubmitted', 'ContactMessageReceived'] as const;
export const MAILED_EVENT_TYPES: readonly string[] = [
  ...WELCOME_EVENT_TYPES,
  ...FORWARDED_EVENT_TYPES,
];

/** A welcome e-mail names only the subscription: the address is looked up when it is sent. */
export interface WelcomeMail {
  kind: 'welcome';
  subscriptionId: string;
}

/** A forward carries the message itself (the event's text). */
export interface ForwardMail {
  kind: 'forward';
  subject: string;
  text: string;
  replyTo?: string;
}

export type OutgoingMail = WelcomeMail | ForwardMail;

const text = z.string().catch('');
const subscriptionData = z.object({ subscriptionId: z.string().min(1) });
const submissionData = z.object({
  providerName: z.string().min(1),
  website: text,
  contactEmail: text,
  phoneNumber: text,
  description: text,
  medications: z.array(z.string()).catch([]),
  states: text,
  pricing: text,
  submitterName: text,
  submitterEmail: text,
  submitterRole: text,
  additionalInfo: text,
  timestamp: text,
});
const contactData = z.object({
  name: z.string().min(1),
  email: z.string().min(1),
  topic: text,
  message: z.string(),
});

const line = (label: string, value: string) => `${label}: ${value.trim() || '(not given)'}`;
/** One line for a header: no line breaks, at most 150 characters. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, 150);
const looksLikeEmail = (value: string) => /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/.test(value);

/** The mail an event asks for, or null (another event, or data it cannot use). */
export function mailForEvent(type: string, data: unknown, adminUrl: string): OutgoingMail | null {
  if ((WELCOME_EVENT_TYPES as readonly string[]).includes(type)) {
    const parsed = subscriptionData.safeParse(data);
    return parsed.success ? { kind: 'welcome', subscriptionId: parsed.data.subscriptionId } : null;
  }
  if (type === 'ProviderSubmitted') {
    const parsed = submissionData.safeParse(data);
    if (!parsed.success) return null;
    const s = parsed.data;
    const replyTo = [s.submitterEmail, s.contactEmail].find(looksLikeEmail);
    return {
      kind: 'forward',
      subject: oneLine(`New provider submission: ${s.providerName}`),
      text: [
        'A provider was submitted through the Add Your Provider form.',
        '',
        line('Provider', s.providerName),
        line('Website', s.website),
        line('Contact e-mail', s.contactEmail),
        line('Phone', s.phoneNumber),
        line('Medications', s.medications.join(', ')),
        line('States', s.states),
        line('Pricing', s.pricing),
        line('Submitted by', [s.submitterName, s.submitterRole].filter(Boolean).join(', ')),
        line('Submitter e-mail', s.submitterEmail),
        line('Received', s.timestamp),
        '',
        'Description:',
        s.description.trim() || '(not given)',
        '',
        'Additional information:',
        s.additionalInfo.trim() || '(not given)',
        '',
        `Review it in the back office: ${adminUrl}/admin/submissions`,
      ].join('\n'),
      ...(replyTo ? { replyTo } : {}),
    };
  }
  if (type === 'ContactMessageReceived') {
    const parsed = contactData.safeParse(data);
    if (!parsed.success) return null;
    const m = parsed.data;
    return {
      kind: 'forward',
      subject: oneLine(`Contact message (${m.topic || 'other'}) from ${m.name}`),
      text: [
        'A message was sent through the contact form.',
        '',
        line('From', `${m.name} <${m.email}>`),
        line('Topic', m.topic),
        '',
        m.message,
      ].join('\n'),
      ...(looksLikeEmail(m.email) ? { replyTo: m.email } : {}),
    };
  }
  return null;
}

/** The welcome e-mail to a subscriber, with the one-click unsubscribe link in the headers. */
export function welcomeMessage(to: string, unsubscribeLink: string, siteUrl: string): MailMessage {
  return {
    to,
    subject: 'Welcome to the VialCompare newsletter',
    text: [
      "Successfully Subscribed! You'll receive weekly GLP-1 updates and provider news.",
      '',
      `VialCompare: ${siteUrl}`,
      '',
      'You can unsubscribe at any time, in one click, with this link:',
      unsubscribeLink,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
