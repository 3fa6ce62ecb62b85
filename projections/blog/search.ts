/**
 * How posts appear in the site search: one document per post, visible while it is published,
 * linking to /blog/{slug}. The text is the excerpt and the body's text.
 */
import { POST_EVENT_TYPES, asPostEvent } from '../../domain/blog/events';
import { stripTags } from '../../domain/blog/rules';
import type { SearchDocInput, SearchIndexer } from '../search-index';

/**
 * What a post's document is rebuilt from. Until `complete` it carries the post's HTML
 * (`content`, `excerpt`); after, the text stripped from it.
 */
interface PostSearchSource {
  title: string;
  slug: string;
  text?: string;
  content?: string;
  excerpt?: string | null;
  published: boolean;
}

const idOf = (postId: string) => `post:${postId}`;

function documentOf(postId: string, source: PostSearchSource): SearchDocInput {
  return {
    id: idOf(postId),
    kind: 'post',
    title: source.title,
    text: source.text ?? '',
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
        // The text is stripped from the HTML in `complete`, once per flush.
        const source = { title, slug, content, excerpt, published: publishedAt !== null };
        return { upsert: [documentOf(postId, source)] };
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
  complete(doc) {
    const source = doc.source as unknown as PostSearchSource | undefined; // written by documentOf
    if (!source || source.content === undefined) return doc;
    const { content, excerpt, ...rest } = source;
    const text = [excerpt, stripTags(content)].filter(Boolean).join('\n');
    return { ...doc, text, source: { ...rest, text } };
  },
};
