/**
 * /blog/rss.xml: RSS 2.0 of the newest published posts. Every text is XML-escaped (and
 * characters XML 1.0 forbids are dropped); dates are RFC 822 (Date#toUTCString); each item's
 * guid is the post's id, not its address, so a renamed post is not a new item to readers.
 */
import { BLOG_FEED_PATH, postPath } from './contracts';

export interface FeedPost {
  _id: string;
  title: string;
  slug: string;
  authorName: string;
  publishedAt: string | null;
  updatedAt: string;
  publicExcerpt: string;
}

// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN, '')
    .replace(
      /[<>&'"]/g,
      (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
    );
}

/** RFC 822 date (as RSS 2.0 asks): 'Mon, 23 Nov 2026 17:53:26 GMT'. */
export const rfc822 = (iso: string): string => new Date(iso).toUTCString();

export function blogFeedXml(
  origin: string,
  posts: readonly FeedPost[],
  channel: { title: string; description: string },
  now: Date = new Date(),
): string {
  const base = origin.replace(/\/+$/, '');
  const lastBuild = posts.reduce<string | null>((latest, post) => {
    const changed = [post.updatedAt, post.publishedAt ?? ''].sort().at(-1) ?? '';
    return latest === null || changed > latest ? changed : latest;
  }, null);
  const items = posts.map((post) => {
    const link = `${base}${postPath(post.slug)}`;
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(`post-${post._id}`)}</guid>`,
      `      <description>${escapeXml(post.publicExcerpt)}</description>`,
      `      <dc:creator>${escapeXml(post.authorName)}</dc:creator>`,
      post.publishedAt ? `      <pubDate>${rfc822(post.publishedAt)}</pubDate>` : null,
      '    </item>',
    ]
      .filter((line): line is string => line !== null)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(`${base}/blog`)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    '    <language>en-us</language>',
    `    <lastBuildDate>${rfc822(lastBuild ?? now.toISOString())}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${base}${BLOG_FEED_PATH}`)}" rel="self" type="application/rss+xml" />`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
