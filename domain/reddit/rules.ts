/**
 * Reddit discussion viewer rules (spec sections 2, 3, 5, 7 and 9): the search URL, the four
 * keep rules and the score format. Reading Reddit's untrusted JSON (zod, a malformed child
 * skipped) is listing.ts's; this file needs no zod, so the browser can import it.
 */

export const REDDIT_ORIGIN = 'https://www.reddit.com';
export const REDDIT_RESULT_LIMIT = 25;
export const REDDIT_SELFTEXT_LENGTH = 300;
export const REDDIT_FAILURE_MESSAGE = 'Failed to load Reddit posts. Please try again.';

export const DEFAULT_REDDIT_QUERY =
  'semaglutide OR tirzepatide OR ozempic OR wegovy OR mounjaro OR zepbound OR "GLP-1"';

export const SUBREDDITS = [
  'all',
  'WeightLossAdvice',
  'diabetes',
  'loseit',
  'WeightLossHelp',
  'progresspics',
  'medical',
  'medicine',
] as const;
export type Subreddit = (typeof SUBREDDITS)[number];

export const QUICK_SEARCHES = [
  'semaglutide experience',
  'tirzepatide results',
  'ozempic weight loss',
  'wegovy reviews',
  'mounjaro diabetes',
  'zepbound cost',
  'GLP-1 side effects',
  'weight loss injections',
] as const;

export interface RedditPost {
  id: string;
  title: string;
  author: string;
  subreddit: string;
  score: number;
  num_comments: number;
  created_utc: number;
  /** https://www.reddit.com + permalink. */
  url: string;
  /** Body text cut to 300 characters. */
  selftext: string;
  /**
   * An https thumbnail on one of Reddit's image hosts, or null (Reddit's markers 'self',
   * 'default', 'nsfw', ..., and any other host: the page shows images from those hosts only).
   */
  thumbnail: string | null;
}

/** Subreddit names are 2-21 letters, digits or underscores; anything else searches r/all. */
const SUBREDDIT_NAME = /^[A-Za-z0-9_]{2,21}$/;

/**
 * https://www.reddit.com/r/{subreddit}/search.json?q=...&sort=relevance&limit=25&t=month&type=link
 * (plus restrict_sr=1 for a named subreddit, so results stay inside it). A blank query
 * searches the default GLP-1 query.
 */
export function buildRedditSearchUrl({
  query,
  subreddit = 'all',
  origin = REDDIT_ORIGIN,
}: {
  query?: string;
  subreddit?: string;
  /** Where Reddit's API answers (REDDIT_BASE_URL; a local fake in tests). */
  origin?: string;
}): string {
  const name = SUBREDDIT_NAME.test(subreddit) ? subreddit : 'all';
  const url = new URL(`${origin.replace(/\/$/, '')}/r/${name}/search.json`);
  url.searchParams.set('q', query?.trim() || DEFAULT_REDDIT_QUERY);
  url.searchParams.set('sort', 'relevance');
  url.searchParams.set('limit', String(REDDIT_RESULT_LIMIT));
  url.searchParams.set('t', 'month');
  url.searchParams.set('type', 'link');
  if (name.toLowerCase() !== 'all') url.searchParams.set('restrict_sr', '1');
  return url.toString();
}

const IMAGE_LINK = /\.(jpe?g|png|gif|gifv|webp|bmp|svg|avif|heic)$/i;
/** Reddit's thumbnail value for image posts. */
export const IMAGE_THUMBNAIL_MARKER = 'image';

/** The fields of a listing child the keep rules read (listing.ts parses them from Reddit's JSON). */
export interface RedditPostSummary {
  is_video: boolean;
  url: string;
  thumbnail: string;
  selftext: string;
  title: string;
}

/**
 * The four keep rules: not a video; the link does not end in an image extension; the
 * thumbnail is not the image marker; the body is longer than 50 characters or the title
 * longer than 20. They drop picture-only posts, which say nothing about a medication.
 */
export function keepRedditPost(post: RedditPostSummary): boolean {
  const link = post.url.split(/[?#]/)[0] ?? '';
  return (
    !post.is_video &&
    !IMAGE_LINK.test(link) &&
    post.thumbnail !== IMAGE_THUMBNAIL_MARKER &&
    (post.selftext.length > 50 || post.title.length > 20)
  );
}

/** The hosts Reddit serves thumbnails and previews from: the only images the viewer shows. */
export const REDDIT_IMAGE_HOSTS = [
  'a.thumbs.redditmedia.com',
  'b.thumbs.redditmedia.com',
  'preview.redd.it',
  'external-preview.redd.it',
  'i.redd.it',
] as const;

/** An https URL on one of REDDIT_IMAGE_HOSTS. */
export function isRedditImageUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.port === '' &&
      (REDDIT_IMAGE_HOSTS as readonly string[]).includes(url.hostname)
    );
  } catch {
    return false;
  }
}

/** 999 -> '999'; 1000 -> '1.0k'; 1500 -> '1.5k'; 23456 -> '23.5k'. */
export function formatRedditScore(score: number): string {
  return score >= 1000 ? `${(score / 1000).toFixed(1)}k` : String(score);
}
