/**
 * Reddit snapshots: what one fetch of one search recorded, the searches a scheduled refresh
 * covers, which snapshot answers a visitor's search, and how its age reads. Pure rules; the
 * store and the fetching live in workers/reddit.
 */
import { DEFAULT_REDDIT_QUERY, QUICK_SEARCHES, SUBREDDITS, type RedditPost } from './rules';
import type { Subreddit } from './rules';

/** The longest free-text search accepted (Reddit's own limit is 512; ours keeps keys short). */
export const REDDIT_QUERY_MAX_LENGTH = 200;
/** Good snapshots kept per search (the newest answers; older ones are history). */
export const REDDIT_SNAPSHOT_HISTORY = 5;

/** One search: the query as searched (the default query when blank) in one subreddit. */
export type RedditSearch = {
  query: string;
  subreddit: Subreddit;
};

/** What one successful fetch recorded. */
export type RedditSnapshot = RedditSearch & {
  /** redditSearchKey(query, subreddit). */
  key: string;
  /** ISO time the answer was received. */
  takenAt: string;
  posts: RedditPost[];
};

/** Blank -> the default query; inner whitespace collapsed. */
export function normalizeRedditQuery(query: string | undefined): string {
  const text = (query ?? '').trim().replace(/\s+/g, ' ');
  return text === '' ? DEFAULT_REDDIT_QUERY : text;
}

/** One key per search, whatever the letter case or spacing of the query. */
export function redditSearchKey(query: string | undefined, subreddit: Subreddit): string {
  return `${subreddit.toLowerCase()}|${normalizeRedditQuery(query).toLowerCase()}`;
}

export function isSubreddit(value: string): value is Subreddit {
  return (SUBREDDITS as readonly string[]).includes(value);
}

export type ViewerInput =
  | { ok: true; search: RedditSearch; isDefault: boolean }
  | { ok: false; field: 'q' | 'subreddit'; message: string };

/** A visitor's search as sent (query string or path): checked, with a message naming the problem. */
export function parseViewerInput(input: { q?: unknown; subreddit?: unknown }): ViewerInput {
  const subreddit = input.subreddit ?? 'all';
  if (typeof subreddit !== 'string' || !isSubreddit(subreddit)) {
    return {
      ok: false,
      field: 'subreddit',
      message: `Unknown subreddit "${String(subreddit)}": choose one of ${SUBREDDITS.join(', ')}`,
    };
  }
  const q = input.q ?? '';
  if (typeof q !== 'string') {
    return { ok: false, field: 'q', message: 'The search must be text' };
  }
  if (q.trim().length > REDDIT_QUERY_MAX_LENGTH) {
    return {
      ok: false,
      field: 'q',
      message: `The search is too long: at most ${REDDIT_QUERY_MAX_LENGTH} characters`,
    };
  }
  const query = normalizeRedditQuery(q);
  return { ok: true, search: { query, subreddit }, isDefault: query === DEFAULT_REDDIT_QUERY };
}

/**
 * What a scheduled refresh fetches: the default query and every quick-search chip, in every
 * subreddit of the dropdown (the views a visitor reaches by clicking). Default queries first,
 * so a run cut short by its budget still covers the landing views.
 */
export function scheduledRedditSearches(): RedditSearch[] {
  const queries = [DEFAULT_REDDIT_QUERY, ...QUICK_SEARCHES];
  return queries.flatMap((query) => SUBREDDITS.map((subreddit) => ({ query, subreddit })));
}

const words = (query: string) =>
  new Set(
    query
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .filter((word) => word.length > 1 && word !== 'or' && word !== 'and'),
  );

/**
 * The snapshot that answers a search no snapshot covers: the one whose query is most like it
 * (shared words over all words of both, so a specific match beats the broad default query;
 * same subreddit first on a tie), else the default query's in that subreddit, else the default
 * query's in r/all. Undefined when none of those exists.
 */
export function closestRedditSnapshot<S extends RedditSearch>(
  search: RedditSearch,
  snapshots: readonly S[],
): S | undefined {
  const wanted = words(search.query);
  let best: { snapshot: S; score: number } | undefined;
  for (const snapshot of snapshots) {
    const theirs = words(snapshot.query);
    const shared = [...theirs].filter((word) => wanted.has(word)).length;
    if (shared === 0) continue;
    const likeness = shared / (wanted.size + theirs.size - shared);
    const score = likeness + (snapshot.subreddit === search.subreddit ? 1e-6 : 0);
    if (!best || score > best.score) best = { snapshot, score };
  }
  if (best) return best.snapshot;
  const defaultIn = (subreddit: Subreddit) =>
    snapshots.find((s) => s.query === DEFAULT_REDDIT_QUERY && s.subreddit === subreddit);
  return defaultIn(search.subreddit) ?? defaultIn('all');
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 'Updated just now', 'Updated 5 minutes ago', 'Updated 3 hours ago', 'Updated 2 days ago'. */
export function formatSnapshotAge(takenAt: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(takenAt)) / 1000));
  if (seconds < 60) return 'Updated just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Updated ${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Updated ${plural(hours, 'hour')} ago`;
  return `Updated ${plural(Math.floor(hours / 24), 'day')} ago`;
}
