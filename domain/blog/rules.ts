/**
 * Blog rules (spec sections 5 and 9): slugs, read time, excerpts, meta descriptions, page
 * titles and date formats. The HTML-free ones live in ./format (the browser imports those);
 * the text rules here read HTML with sanitize-html's parser (./html).
 */
import {
  ELLIPSIS,
  EXCERPT_LENGTH,
  META_DESCRIPTION_LENGTH,
  WORDS_PER_MINUTE,
  type ExcerptAudience,
  type PostText,
} from './format';
import { stripTags } from './html';

export * from './format';
export { stripTags };

export function wordCount(html: string): number {
  const text = stripTags(html);
  return text === '' ? 0 : text.split(' ').length;
}

/** Words of the tag-stripped content / 200, rounded up, at least 1 minute. */
export function readTimeMinutes(html: string): number {
  return Math.max(1, Math.ceil(wordCount(html) / WORDS_PER_MINUTE));
}

/** First `max` characters, with '...' only when something was cut. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}${ELLIPSIS}`;
}

/**
 * The post's excerpt, else its tag-stripped content cut to 150 characters (public pages) or
 * 200 (admin list) plus '...'. Content short enough to show whole gets no ellipsis.
 */
export function excerptFor(post: PostText, audience: ExcerptAudience = 'public'): string {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  return cut(stripTags(post.content), EXCERPT_LENGTH[audience]);
}

/** The excerpt, else the first 160 characters of the tag-stripped content. */
export function metaDescription(post: PostText): string {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  return stripTags(post.content).slice(0, META_DESCRIPTION_LENGTH).trimEnd();
}
