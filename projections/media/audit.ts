/** How media events read in the audit log. */
import { MEDIA_EVENT_TYPES, asMediaEvent } from '../../domain/media/events';
import { MEDIA_MESSAGES } from '../../domain/media/rules';
import { quoted, type AuditDescriber } from '../audit';

const altShown = (alt: string) => (alt === '' ? MEDIA_MESSAGES.noAlt : alt);

export const mediaAudit: AuditDescriber = {
  eventTypes: MEDIA_EVENT_TYPES,
  subjectOf: (event) => ({ kind: 'media', id: (event.data as { mediaId: string }).mediaId }),
  describe(recorded, id, known) {
    const event = asMediaEvent(recorded);
    if (!event) throw new Error(`Not a media event: ${recorded.type}`);
    const name = typeof known?.name === 'string' ? known.name : id;
    const alt = typeof known?.alt === 'string' ? known.alt : '';
    const subject = { kind: 'media', id, name };
    switch (event.type) {
      case 'MediaUploaded':
        return {
          subject: { ...subject, name: event.data.fileName },
          summary: `Uploaded the image ${quoted(event.data.fileName)}`,
          changedFields: [],
          remember: { name: event.data.fileName, alt: event.data.alt },
        };
      case 'MediaAltTextChanged':
        return {
          subject,
          summary: `Changed the alt text of the image ${quoted(name)}`,
          changedFields: ['alt'],
          changes: [{ field: 'alt', before: altShown(alt), after: altShown(event.data.alt) }],
          remember: { name, alt: event.data.alt },
        };
      case 'MediaDeleted':
        return {
          subject,
          summary: `Deleted the image ${quoted(name)}`,
          changedFields: [],
        };
    }
  },
};
