/**
 * How contact events read in the audit log: the sender's name (the message stays in the
 * inbox), and who read it or marked it unread (the actor of the event).
 */
import { CONTACT_EVENT_TYPES, asContactEvent } from '../../domain/contact/events';
import type { AuditDescriber } from '../audit';

export const contactAudit: AuditDescriber = {
  eventTypes: CONTACT_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'contact-message',
    id: (event.data as { messageId: string }).messageId,
  }),
  describe(recorded, id, known) {
    const event = asContactEvent(recorded);
    if (!event) throw new Error(`Not a contact event: ${recorded.type}`);
    if (event.type === 'ContactMessageReceived') {
      const { name } = event.data;
      return {
        subject: { kind: 'contact-message', id, name },
        summary: `Received a contact message from ${name}`,
        changedFields: [],
        remember: { name },
      };
    }
    const name = known?.name ?? 'a sender';
    const read = event.type === 'ContactMessageRead';
    return {
      subject: { kind: 'contact-message', id, name },
      summary: `Marked the contact message from ${name} as ${read ? 'read' : 'unread'}`,
      changedFields: ['read'],
      changes: [{ field: 'read', before: read ? 'no' : 'yes', after: read ? 'yes' : 'no' }],
    };
  },
};
