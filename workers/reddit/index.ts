export {
  redditRefreshJob,
  redditTickJob,
  refreshAll,
  runRedditRefresh,
  tick,
  catchUpDue,
  REDDIT_REFRESH_JOB,
  REDDIT_REFRESH_SCHEDULE_ID,
  REDDIT_TICK_JOB,
} from './refresh';
export type { RedditJobConfig, RedditJobDeps, RefreshAllData } from './refresh';

export { createRedditClient, createRequestPacer, RedditFetchError } from './client';
