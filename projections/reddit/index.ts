/** The Reddit capability's read side: the snapshots its refresh jobs keep, and its queries. */
export {
  keptRedditSnapshots,
  REDDIT_COLLECTIONS,
  MAX_PENDING_REQUESTS,
  REQUEST_COOLDOWN_MS,
  FAILED_REQUEST_COOLDOWN_MS,
} from './kept-snapshots';
export type {
  KeptRedditSnapshots,
  RefreshRequest,
  RefreshRun,
  RequestOutcome,
  RunKind,
  RunResult,
  RunStatus,
  StoredSnapshot,
} from './kept-snapshots';
export { redditQueries } from './queries';
export type {
  RedditJobsStatus,
  RedditQueries,
  RedditSearchStatus,
  RedditViewerAnswer,
  RedditViewerSnapshot,
} from './queries';
