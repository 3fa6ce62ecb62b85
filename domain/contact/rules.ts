/**
 * The contact form's rules (/contact): one place for the form, the HTTP route and the command.
 * Every field has its own clear message; the honeypot field is a trap for bots.
 */
import { isSimpleEmail, normaliseEmail } from '../shared/email';
import { textProblem } from '../shared/text';

export const CONTACT_TOPICS = ['feature', 'issue', 'content', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  feature: 'Suggest a feature',
  issue: 'Report an issue',
  content: 'Suggest content',
  other: 'Something else',
};

export const CONTACT_LIMITS = {
  name: 100,
  messageMin: 10,
  message: 5000,
} as const;

/** The field a person never sees (hidden with CSS and from assistive technology). */
export const CONTACT_HONEYPOT = 'website';

export const CONTACT_MESSAGES = {
  name: `Please enter your name (at most ${CONTACT_LIMITS.name} characters).`,
  email: 'Please enter a valid email address.',
  topic: 'Please choose what your message is about.',
  messageShort: `Please write a message of at least ${CONTACT_LIMITS.messageMin} characters.`,
  messageLong: `Your message is too long: at most ${CONTACT_LIMITS.message} characters.`,
  invalid: 'Please correct the highlighted fields.',
  success: 'Thank you! Your message has been sent. We reply within 24-48 hours.',
  failed: 'Your message could not be sent. Please try again later.',
} as const;

export type ContactField = 'name' | 'email' | 'topic' | 'message';

export interface ContactMessage {
  name: string;
  /** Trimmed and lowercase. */
  email: string;
  topic: ContactTopic;
  message: string;
}

export type ContactCheck =
  | { ok: true; value: ContactMessage }
  | { ok: false; fields: Partial<Record<ContactField, string>> };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Every field checked; all problems reported at once, each with its own message. */
export function validateContactMessage(input: Record<string, unknown>): ContactCheck {
  const name = text(input.name).replace(/\s+/g, ' ');
  const email = normaliseEmail(text(input.email));
  const topic = text(input.topic);
  const message = text(input.message).replace(/\r\n/g, '\n');
  const fields: Partial<Record<ContactField, string>> = {};
  // Control characters first: checked on the text as typed, before spaces are folded.
  const nameProblem = textProblem(text(input.name), 'Name', 'single');
  const emailProblem = textProblem(text(input.email), 'Email', 'single');
  const messageProblem = textProblem(message, 'Message', 'multi');
  if (nameProblem) fields.name = nameProblem;
  else if (!name || name.length > CONTACT_LIMITS.name) fields.name = CONTACT_MESSAGES.name;
  if (emailProblem) fields.email = emailProblem;
  else if (!isSimpleEmail(email)) fields.email = CONTACT_MESSAGES.email;
  if (!(CONTACT_TOPICS as readonly string[]).includes(topic)) fields.topic = CONTACT_MESSAGES.topic;
  if (messageProblem) fields.message = messageProblem;
  else if (message.length < CONTACT_LIMITS.messageMin)
    fields.message = CONTACT_MESSAGES.messageShort;
  else if (message.length > CONTACT_LIMITS.message) fields.message = CONTACT_MESSAGES.messageLong;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: { name, email, topic: topic as ContactTopic, message } };
}

/** True when the hidden field was filled in: a bot, answered as if sent and not recorded. */
export function isHoneypotFilled(input: Record<string, unknown>): boolean {
  return text(input[CONTACT_HONEYPOT]).length > 0;
}

/**
 * A message id as the back office sends it in a path: the ids the handler decides are UUIDs;
 * anything outside letters, digits, '-' and '_' (or longer than 64) names no message.
 */
export const CONTACT_MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const CONTACT_MESSAGE_ID_PROBLEM =
  'Message id is not valid: letters, digits, "-" and "_" only, at most 64 characters.';

export const isContactMessageId = (id: string): boolean => CONTACT_MESSAGE_ID.test(id);

/** The dashboard's counter of unread messages (GET /api/admin/dashboard's `contactUnread`). */
export const CONTACT_UNREAD_COUNTER = 'contactUnread';
