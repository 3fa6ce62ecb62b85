/**
 * How keywords appear in the site search: one document per keyword, visible while it is
 * active, linking to the Trending Keywords page where it is listed.
 */
import { KEYWORD_EVENT_TYPES, asKeywordEvent } from '../../domain/keywords/events';
import type { SearchDocInput, SearchIndexer } from '../search-index';

interface KeywordSearchSource {
  keyword: string;
  category: string;
  active: boolean;
}

const idOf = (keywordId: string) => `keyword:${keywordId}`;

function documentOf(keywordId: string, source: KeywordSearchSource): SearchDocInput {
  return {
    id: idOf(keywordId),
    kind: 'keyword',
    title: source.keyword,
    text: [source.keyword, source.category].filter(Boolean).join('\n'),
    url: '/trending-keywords',
    visible: source.active,
    source: { ...source },
  };
}

export const keywordSearch: SearchIndexer = {
  eventTypes: KEYWORD_EVENT_TYPES,
  async apply(recorded, current) {
    const event = asKeywordEvent(recorded);
    if (!event) return {};
    const { keywordId } = event.data;
    switch (event.type) {
      case 'KeywordCreated':
        return { upsert: [documentOf(keywordId, { ...event.data, active: true })] };
      case 'KeywordDeleted':
        return { remove: [idOf(keywordId)] };
      case 'KeywordUpdated':
      case 'KeywordActivated':
      case 'KeywordDeactivated': {
        const doc = await current(idOf(keywordId));
        if (!doc?.source) return {};
        const source = doc.source as unknown as KeywordSearchSource; // written by documentOf
        const next =
          event.type === 'KeywordUpdated'
            ? { ...source, keyword: event.data.keyword, category: event.data.category }
            : { ...source, active: event.type === 'KeywordActivated' };
        return { upsert: [documentOf(keywordId, next)] };
      }
      default:
        return {};
    }
  },
};
