/**
 * Contact message events, one stream per message: `contact-message-{messageId}`. The time a
 * message arrived is the event's metadata `occurredAt`. An administrator opening a message (or
 * pressing 'Mark as read') records ContactMessageRead; 'Mark as unread' undoes it.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';
import { CONTACT_LIMITS, CONTACT_TOPICS } from './rules';

export const contactMessageStreamId = (messageId: string): string => `contact-message-${messageId}`;

const messageRef = z.object({ messageId: z.string().min(1) });

export const contactEventSchemas = {
  ContactMessageReceived: z.object({
    messageId: z.string().min(1),
    name: z.string().min(1).max(CONTACT_LIMITS.name),
    email: z.string().min(3).max(254),
    topic: z.enum(CONTACT_TOPICS),
    message: z.string().min(CONTACT_LIMITS.messageMin).max(CONTACT_LIMITS.message),
  }),
  ContactMessageRead: messageRef,
  ContactMessageMarkedUnread: messageRef,
} as const;

type Schemas = typeof contactEventSchemas;
export type ContactEventType = keyof Schemas;
export type ContactMessageReceived = z.infer<Schemas['ContactMessageReceived']>;
export type ContactMessageRef = z.infer<typeof messageRef>;

export type ContactEvent =
  | DomainEvent<'ContactMessageReceived', ContactMessageReceived>
  | DomainEvent<'ContactMessageRead', ContactMessageRef>
  | DomainEvent<'ContactMessageMarkedUnread', ContactMessageRef>;

export const CONTACT_EVENT_TYPES = Object.keys(contactEventSchemas) as ContactEventType[];

/** Narrows a stored event to a contact event; data is trusted (validated on append). */
export function asContactEvent(event: { type: string; data: unknown }): ContactEvent | null {
  return Object.hasOwn(contactEventSchemas, event.type) ? (event as ContactEvent) : null;
}
