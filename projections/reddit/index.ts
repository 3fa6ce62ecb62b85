/** The Reddit capability's read side: the snapshot store the refresh jobs write, and its queries. */
export {
  redditStore,
  REDDIT_COLLECTIONS,
  MAX_PENDING_REQUESTS,
  REQUEST_COOLDOWN_MS,
  FAILED_REQUEST_COOLDOWN_MS,
} from './store';
export type {
  RedditStore,
  RefreshRequest,
  RefreshRun,
  RequestOutcome,
  RunKind,
  RunResult,
  RunStatus,
  StoredSnapshot,
} from './store';
export { redditQueries } from './queries';
export type {
  RedditJobsStatus,
  RedditQueries,
  RedditSearchStatus,
  RedditViewerAnswer,
  RedditViewerSnapshot,
} from './queries';
