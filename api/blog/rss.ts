/**
 * /blog/rss.xml: RSS 2.0 of the newest published posts (api/http/rss.ts writes the XML); each
 * item's guid is the post's id, not its address, so a renamed post is not a new item to readers.
 */
import { rssXml } from '../http/rss';
import { BLOG_FEED_PATH, postPath } from './contracts';

export { escapeXml, rfc822 } from '../http/rss';

export interface FeedPost {
  _id: string;
  title: string;
  slug: string;
  authorName: string;
  publishedAt: string | null;
  updatedAt: string;
  publicExcerpt: string;
}

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
  return rssXml(
    {
      ...channel,
      link: `${base}/blog`,
      selfLink: `${base}${BLOG_FEED_PATH}`,
      lastBuild: lastBuild ?? now.toISOString(),
    },
    posts.map((post) => ({
      title: post.title,
      link: `${base}${postPath(post.slug)}`,
      guid: `post-${post._id}`,
      description: post.publicExcerpt,
      creator: post.authorName,
      pubDate: post.publishedAt,
    })),
  );
}
