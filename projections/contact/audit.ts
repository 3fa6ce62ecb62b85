/** How contact events read in the audit log (the sender's name; the message stays in the inbox). */
import { CONTACT_EVENT_TYPES, asContactEvent } from '../../domain/contact/events';
import type { AuditDescriber } from '../audit';

export const contactAudit: AuditDescriber = {
  eventTypes: CONTACT_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'contact-message',
    id: (event.data as { messageId: string }).messageId,
  }),
  describe(recorded, id) {
    const event = asContactEvent(recorded);
    if (!event) throw new Error(`Not a contact event: ${recorded.type}`);
    const { name } = event.data;
    return {
      subject: { kind: 'contact-message', id, name },
      summary: `Received a contact message from ${name}`,
      changedFields: [],
      remember: { name },
    };
  },
};
