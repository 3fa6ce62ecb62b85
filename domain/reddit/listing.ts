/**
 * Reading Reddit's search listing (the jobs' side): the zod schemas of its JSON and the
 * mapping to posts. Apart from rules.ts, which the browser imports for the viewer's constants,
 * so zod stays out of the page's bundle.
 */
import { z } from 'zod';
import {
  REDDIT_ORIGIN,
  REDDIT_SELFTEXT_LENGTH,
  isRedditImageUrl,
  keepRedditPost,
  type RedditPost,
} from './rules';

const count = z.number().finite().catch(0);

/** The fields of one child's `data` the viewer reads. */
export const redditPostDataSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  author: z.string().catch('[deleted]'),
  subreddit: z.string(),
  score: count,
  num_comments: count,
  created_utc: z.number().finite(),
  permalink: z.string().min(1),
  url: z.string().catch(''),
  selftext: z.string().catch(''),
  thumbnail: z.string().catch(''),
  is_video: z.boolean().catch(false),
});
export type RedditPostData = z.infer<typeof redditPostDataSchema>;

const listingSchema = z.object({ data: z.object({ children: z.array(z.unknown()) }) });
const childSchema = z.object({ data: redditPostDataSchema });

function toPost(data: RedditPostData): RedditPost {
  const permalink = data.permalink.startsWith('/') ? data.permalink : `/${data.permalink}`;
  return {
    id: data.id,
    title: data.title,
    author: data.author,
    subreddit: data.subreddit,
    score: data.score,
    num_comments: data.num_comments,
    created_utc: data.created_utc,
    url: `${REDDIT_ORIGIN}${permalink}`,
    selftext: data.selftext.slice(0, REDDIT_SELFTEXT_LENGTH),
    thumbnail: isRedditImageUrl(data.thumbnail) ? data.thumbnail : null,
  };
}

/** data.children[].data -> posts that pass the keep rules; malformed children are skipped. */
export function mapRedditListing(json: unknown): RedditPost[] {
  const listing = listingSchema.safeParse(json);
  if (!listing.success) return [];
  const posts: RedditPost[] = [];
  for (const child of listing.data.data.children) {
    const parsed = childSchema.safeParse(child);
    if (parsed.success && keepRedditPost(parsed.data.data)) posts.push(toPost(parsed.data.data));
  }
  return posts;
}
