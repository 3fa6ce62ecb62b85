/**
 * The contact form, one definition for the page, the route and the command:
 * POST /api/contact-messages { name, email, topic, message, website (honeypot, empty) }
 *   201 { ok: true }                       received (or silently dropped: honeypot filled)
 *   400 { error, fields: { name, ... } }   each invalid field with its message
 *   429 { error }                          too many messages from one address
 * Without JavaScript the same form posts to /contact (url-encoded) and is answered with a
 * redirect to /contact?status=sent|invalid|limited|failed (invalid: &fields=name,email...).
 */
export {
  CONTACT_HONEYPOT,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_TOPICS,
  CONTACT_TOPIC_LABELS,
  validateContactMessage,
  CONTACT_MESSAGE_ID_PROBLEM,
  CONTACT_UNREAD_COUNTER,
  type ContactField,
  type ContactTopic,
} from '../../domain/contact/rules';

export const CONTACT_PATHS = {
  send: '/api/contact-messages',
  /** The page, and the form's no-JavaScript target. */
  page: '/contact',
  /** GET: received messages, newest first (back office). */
  adminMessages: '/api/admin/contact-messages',
  /**
   * POST (no body): records that the message was read / marks it unread again. 200 with the
   * command result (nothing recorded when it already was); 400 naming a malformed id; 404
   * { error: 'Contact message not found' } for an id no message has.
   */
  adminRead: (id: string) => `/api/admin/contact-messages/${encodeURIComponent(id)}/read`,
  adminUnread: (id: string) => `/api/admin/contact-messages/${encodeURIComponent(id)}/unread`,
} as const;

export type ContactFormStatus = 'sent' | 'invalid' | 'limited' | 'failed';

/** One received message in the back office. */
export interface ContactMessageView {
  _id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  receivedAt: string;
  /** Opened or marked read by an administrator (and not marked unread since). */
  read: boolean;
}
