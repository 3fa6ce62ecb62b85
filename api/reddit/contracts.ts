/**
 * The Reddit viewer's and the refresh jobs' request and response shapes and paths, shared by
 * the API and the web app. The viewer reads snapshots the jobs took: visitors never wait on
 * Reddit, and their browsers never call it.
 */
import type { Subreddit } from '../../domain/reddit/rules';
import type { RedditJobsStatus } from '../../projections/reddit';

export type {
  RedditJobsStatus,
  RedditSearchStatus,
  RedditViewerAnswer,
  RedditViewerSnapshot,
  RefreshRun as RedditRefreshRunView,
  RunResult as RedditRunResultView,
} from '../../projections/reddit';

/** POST /api/admin/reddit/refresh: what happened to the request. */
export interface RedditRefreshNowAnswer {
  queued: boolean;
}

/** GET /api/admin/reddit: the jobs' status plus the schedule. */
export interface RedditAdminStatus extends RedditJobsStatus {
  schedule: {
    cron: string;
    /** ISO time of the next scheduled run. */
    nextRunAt: string;
  };
}

export const REDDIT_PATHS = {
  /** GET: the default query's snapshot in one subreddit. Public. */
  defaultPosts: (subreddit: Subreddit) => `/api/reddit/posts/${encodeURIComponent(subreddit)}`,
  /** GET: one search's snapshot (or the closest, an on-demand refresh requested). Public. */
  searchPosts: (subreddit: Subreddit, query: string) =>
    `/api/reddit/posts/${encodeURIComponent(subreddit)}/${encodeURIComponent(query)}`,
  defaultPostsPattern: '/api/reddit/posts/:subreddit',
  searchPostsPattern: '/api/reddit/posts/:subreddit/:q',
  /** GET the refresh jobs' status. Admin. */
  adminStatus: '/api/admin/reddit',
  /** POST: run the full refresh now. Admin. */
  adminRefresh: '/api/admin/reddit/refresh',
} as const;
