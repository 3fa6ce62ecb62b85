/**
 * 'contact_messages': one document per message for the back office's inbox, keyed by the
 * message id (applying an event twice rewrites the same document).
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
  /** Breaks receivedAt ties in log order (not returned by queries). */
  sortKey?: string;
};

export const contactMessagesProjector: Projector = {
  name: 'contact-messages',
  eventTypes: CONTACT_EVENT_TYPES,
  collections: [CONTACT_COLLECTION],
  async handle(recorded, ctx: ProjectionContext) {
    const event = asContactEvent(recorded);
    if (!event) return;
    const { messageId, ...data } = event.data;
    await ctx.collection<ContactMessageDoc>(CONTACT_COLLECTION).upsert({
      _id: messageId,
      ...data,
      receivedAt: recorded.metadata.occurredAt,
      sortKey: positionSortKey(recorded.position),
    });
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
