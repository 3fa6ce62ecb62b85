/** How keyword events read in the audit log. */
import { KEYWORD_EVENT_TYPES, asKeywordEvent } from '../../domain/keywords/events';
import { quoted, type AuditDescriber } from '../audit';

export const keywordsAudit: AuditDescriber = {
  eventTypes: KEYWORD_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'keyword',
    id: (event.data as { keywordId: string }).keywordId,
  }),
  describe(recorded, id, known) {
    const event = asKeywordEvent(recorded);
    if (!event) throw new Error(`Not a keyword event: ${recorded.type}`);
    const name = typeof known?.name === 'string' ? known.name : id;
    const subject = { kind: 'keyword', id, name };
    switch (event.type) {
      case 'KeywordCreated':
        return {
          subject: { ...subject, name: event.data.keyword },
          summary: `Added the trending keyword ${quoted(event.data.keyword)}`,
          changedFields: [],
          remember: { name: event.data.keyword },
        };
      case 'KeywordUpdated': {
        const changes = [];
        if (event.data.previousKeyword !== event.data.keyword) {
          changes.push({
            field: 'keyword',
            before: event.data.previousKeyword,
            after: event.data.keyword,
          });
        }
        return {
          subject: { ...subject, name: event.data.keyword },
          summary: `Edited the trending keyword ${quoted(event.data.keyword)}`,
          changedFields: ['keyword', 'category', 'note'],
          changes,
          remember: { name: event.data.keyword },
        };
      }
      case 'KeywordMoved':
        return {
          subject,
          summary: `Moved the trending keyword ${quoted(name)} to position ${event.data.position + 1}`,
          changedFields: ['position'],
        };
      case 'KeywordActivated':
        return {
          subject,
          summary: `Activated the trending keyword ${quoted(name)}`,
          changedFields: ['active'],
          changes: [{ field: 'active', before: 'no', after: 'yes' }],
        };
      case 'KeywordDeactivated':
        return {
          subject,
          summary: `Deactivated the trending keyword ${quoted(name)}`,
          changedFields: ['active'],
          changes: [{ field: 'active', before: 'yes', after: 'no' }],
        };
      case 'KeywordDeleted':
        return {
          subject: { ...subject, name: event.data.keyword },
          summary: `Deleted the trending keyword ${quoted(event.data.keyword)}`,
          changedFields: [],
        };
    }
  },
};
