/**
 * The questions asked of the kept Reddit snapshots: what the viewer shows for a search (and,
 * when no snapshot covers it, the on-demand request it leaves), and the refresh jobs' status
 * for the back office.
 */
import {
  closestRedditSnapshot,
  redditSearchKey,
  type RedditSearch,
  type RedditSnapshot,
} from '../../domain/reddit/snapshot';
import type { ReadStore } from '../read-store/port';
import {
  FAILED_REQUEST_COOLDOWN_MS,
  keptRedditSnapshots,
  type RefreshRun,
  type RequestOutcome,
} from './kept-snapshots';

export interface RedditViewerSnapshot {
  query: string;
  subreddit: string;
  takenAt: string;
  posts: RedditSnapshot['posts'];
}

/** What the viewer shows for one search. */
export interface RedditViewerAnswer {
  search: RedditSearch & { isDefault: boolean };
  /** Whether `snapshot` is of this very search (else it is the closest one, or null). */
  covered: boolean;
  snapshot: RedditViewerSnapshot | null;
  /** An on-demand fetch of this search is waiting: the viewer may ask again shortly. */
  refreshPending: boolean;
  /**
   * The last on-demand fetch of this search got nothing from Reddit: when it was tried, and
   * from when a visitor's view asks for it again (each view of an uncovered search does, once
   * this time has passed). Null when no fetch of it has failed.
   */
  lastFailure: { triedAt: string; retryAfter: string } | null;
  /**
   * The next scheduled refresh that fetches this search (REDDIT_REFRESH_CRON), when it is one
   * of the scheduled searches; set by the capability, which knows the schedule.
   */
  nextScheduledRefresh?: string | null;
}

export interface RedditSearchStatus extends RedditSearch {
  count: number;
  takenAt: string;
}

export interface RedditJobsStatus {
  /** The newest runs, newest first (full and on-demand). */
  runs: RefreshRun[];
  /** The newest good snapshot of every search. */
  searches: RedditSearchStatus[];
  pendingRequests: number;
}

const view = (snapshot: RedditSnapshot): RedditViewerSnapshot => ({
  query: snapshot.query,
  subreddit: snapshot.subreddit,
  takenAt: snapshot.takenAt,
  posts: snapshot.posts,
});

export function redditQueries(readStore: ReadStore) {
  const store = keptRedditSnapshots(readStore);
  return {
    /**
     * The snapshot of `search`; when there is none, an on-demand fetch is requested (deduplicated
     * and rate-limited by the store) and the closest snapshot answers meanwhile.
     */
    async redditViewer(
      search: RedditSearch & { isDefault: boolean },
      now: Date = new Date(),
    ): Promise<RedditViewerAnswer> {
      const exact = await store.latest(search);
      if (exact) {
        return {
          search,
          covered: true,
          snapshot: view(exact),
          refreshPending: false,
          lastFailure: null,
        };
      }
      const before = await store.requestOf(search);
      const lastFailure =
        before?.failed && before.attemptedAt
          ? {
              triedAt: before.attemptedAt,
              retryAfter: new Date(
                Date.parse(before.attemptedAt) + FAILED_REQUEST_COOLDOWN_MS,
              ).toISOString(),
            }
          : null;
      const outcome: RequestOutcome = await store.requestRefresh(search, now);
      const refreshPending = outcome === 'queued' || outcome === 'already-queued';
      const newest = await store.latestPerSearch();
      const closest = closestRedditSnapshot(search, newest);
      const snapshot = closest ? await store.byId(closest._id) : null;
      return {
        search,
        covered: false,
        snapshot: snapshot ? view(snapshot) : null,
        refreshPending,
        lastFailure,
      };
    },

    async redditJobsStatus(): Promise<RedditJobsStatus> {
      const [runs, newest, pendingRequests] = await Promise.all([
        store.recentRuns(10),
        store.latestPerSearch(),
        store.pendingCount(),
      ]);
      const searches = newest
        .map(({ query, subreddit, count, takenAt }) => ({ query, subreddit, count, takenAt }))
        .sort(
          (a, b) =>
            a.query.localeCompare(b.query) ||
            redditSearchKey(a.query, a.subreddit).localeCompare(
              redditSearchKey(b.query, b.subreddit),
            ),
        );
      return { runs, searches, pendingRequests };
    },
  };
}

export type RedditQueries = ReturnType<typeof redditQueries>;
