/**
 * 'contact_messages': one document per message for the back office's inbox, keyed by the
 * message id, with whether an administrator has read it (applying an event twice writes the
 * same document).
 */
import { asContactEvent, CONTACT_EVENT_TYPES } from '../../domain/contact/events';
import type { ProjectionContext, Projector } from '../projector';
import type { Document, ReadStore } from '../read-store/port';
import { positionSortKey } from '../views';

export const CONTACT_COLLECTION = 'contact_messages';

export type ContactMessageDoc = Document & {
  name: string;
  email: string;
  topic: string;
  message: string;
  receivedAt: string;
  /** An administrator opened it or marked it read (and not unread since). */
  read: boolean;
  /** Breaks receivedAt ties in log order (not returned by queries). */
  sortKey?: string;
};

export const contactMessagesProjector: Projector = {
  name: 'contact-messages',
  version: 1,
  eventTypes: CONTACT_EVENT_TYPES,
  collections: [CONTACT_COLLECTION],
  async handle(recorded, ctx: ProjectionContext) {
    const event = asContactEvent(recorded);
    if (!event) return;
    const messages = ctx.collection<ContactMessageDoc>(CONTACT_COLLECTION);
    switch (event.type) {
      case 'ContactMessageReceived': {
        const { messageId, ...data } = event.data;
        await messages.upsert({
          _id: messageId,
          ...data,
          receivedAt: recorded.metadata.occurredAt,
          read: false,
          sortKey: positionSortKey(recorded.position),
        });
        return;
      }
      case 'ContactMessageRead':
      case 'ContactMessageMarkedUnread':
        await messages.update(
          { _id: event.data.messageId },
          { $set: { read: event.type === 'ContactMessageRead' } },
        );
        return;
    }
  },
};

export function contactQueries(store: ReadStore) {
  return {
    /** The back office's inbox, newest first. */
    contactMessages(): Promise<ContactMessageDoc[]> {
      return store
        .collection<ContactMessageDoc>(CONTACT_COLLECTION)
        .find({}, { sort: { receivedAt: -1, sortKey: -1 }, projection: { sortKey: 0 } });
    },
  };
}

export type ContactQueries = ReturnType<typeof contactQueries>;
