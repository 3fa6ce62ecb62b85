/**
 * GET /api/reddit/posts/:subreddit[/:q]: the snapshot a search shows (public). Read through
 * the router context's ApiClient: in process during SSR, over HTTP in the browser, under the
 * same key. While no snapshot covers the search, the query asks again every few seconds (each
 * ask may request the on-demand refresh again), so the posts appear without a reload.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { REDDIT_PATHS, type RedditViewerAnswer } from '../../../../api/reddit/contracts';
import type { RedditSearch } from '../../../../domain/reddit/snapshot';

export const REDDIT_POLL_MS = 3000;
/** An uncovered search is asked again at most this many times (a minute), then the visitor can reload. */
export const REDDIT_POLLS = 20;

export const redditPostsKey = (search: RedditSearch & { isDefault: boolean }) =>
  ['reddit', 'posts', search.subreddit, search.isDefault ? '' : search.query] as const;

export function getRedditPosts(
  api: ApiClient,
  search: RedditSearch & { isDefault: boolean },
  options: { signal?: AbortSignal; fresh?: boolean } = {},
): Promise<RedditViewerAnswer> {
  const path = search.isDefault
    ? REDDIT_PATHS.defaultPosts(search.subreddit)
    : REDDIT_PATHS.searchPosts(search.subreddit, search.query);
  // Public reads may be kept a minute by the browser: asking again for a pending refresh must
  // reach the server, so that request gets its own address.
  const url = options.fresh ? `${path}?fresh=${Date.now()}` : path;
  return api.get<RedditViewerAnswer>(url, options.signal ? { signal: options.signal } : {});
}

export const redditPostsQuery = (api: ApiClient, search: RedditSearch & { isDefault: boolean }) =>
  queryOptions({
    queryKey: redditPostsKey(search),
    queryFn: ({ signal, client, queryKey }) =>
      getRedditPosts(api, search, {
        signal,
        fresh: client.getQueryData<RedditViewerAnswer>(queryKey)?.covered === false,
      }),
    retry: 1,
    // While no snapshot covers the search: asked again until it arrives (a failed fetch may be
    // requested again shortly), for at most a minute.
    refetchInterval: (query) =>
      query.state.data && !query.state.data.covered && query.state.dataUpdateCount <= REDDIT_POLLS
        ? REDDIT_POLL_MS
        : false,
  });
