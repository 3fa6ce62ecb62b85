/**
 * How posts appear in the site search: one document per post, visible while it is published,
 * linking to /blog/{slug}. The text is the excerpt and the body's text.
 */
import { POST_EVENT_TYPES, asPostEvent } from '../../domain/blog/events';
import { stripTags } from '../../domain/blog/rules';
import type { SearchDocInput, SearchIndexer } from '../search-index';

interface PostSearchSource {
  title: string;
  slug: string;
  text: string;
  published: boolean;
}

const idOf = (postId: string) => `post:${postId}`;

function documentOf(postId: string, source: PostSearchSource): SearchDocInput {
  return {
    id: idOf(postId),
    kind: 'post',
    title: source.title,
    text: source.text,
    url: `/blog/${source.slug}`,
    visible: source.published,
    source: { ...source },
  };
}

export const blogSearch: SearchIndexer = {
  eventTypes: POST_EVENT_TYPES,
  async apply(recorded, current) {
    const event = asPostEvent(recorded);
    if (!event) return {};
    const { postId } = event.data;
    switch (event.type) {
      case 'PostCreated':
      case 'PostUpdated': {
        const { title, slug, excerpt, content, publishedAt } = event.data;
        const text = [excerpt, stripTags(content)].filter(Boolean).join('\n');
        return {
          upsert: [documentOf(postId, { title, slug, text, published: publishedAt !== null })],
        };
      }
      case 'PostDeleted':
        return { remove: [idOf(postId)] };
      case 'PostPublished':
      case 'PostUnpublished': {
        const doc = await current(idOf(postId));
        if (!doc?.source) return {};
        const source = doc.source as unknown as PostSearchSource; // written by documentOf above
        return {
          upsert: [documentOf(postId, { ...source, published: event.type === 'PostPublished' })],
        };
      }
      default:
        return {};
    }
  },
};
