/**
 * Reddit's HTTP half. Reddit: what Redditors say about GLP-1 medications. Jobs take snapshots of Reddit's public
 * search (workers/reddit) into a read model they write directly (projections/reddit); the
 * viewer reads those snapshots. No events, no commands: see docs/architecture.md.
 */
import { REDDIT_IMAGE_HOSTS } from '../../domain/reddit/rules';
import { CronExpressionParser } from 'cron-parser';
import {
  parseViewerInput,
  redditSearchKey,
  scheduledRedditSearches,
} from '../../domain/reddit/snapshot';
import type { RedditQueries } from '../../projections/reddit';
import { reddit as redditBackend } from '../../workers/reddit/capability';
import { defineHttpCapability, type PublicReadContext } from '../bootstrap/capability';
import { HttpError } from '../http/errors';
import { REDDIT_PATHS } from './contracts';
import { redditRoutes } from './routes';

/**
 * A public read's search, or a 400 naming the problem. An uncovered search that is one of the
 * scheduled ones also says when the next scheduled refresh fetches it.
 */
async function viewerRead(
  queries: RedditQueries,
  params: Record<string, string>,
  { config }: PublicReadContext,
) {
  const input = parseViewerInput({ q: params.q, subreddit: params.subreddit });
  if (!input.ok) throw new HttpError(400, input.message, { [input.field]: input.message });
  const answer = await queries.redditViewer({ ...input.search, isDefault: input.isDefault });
  if (answer.covered) return answer;
  const key = redditSearchKey(input.search.query, input.search.subreddit);
  const scheduled = scheduledRedditSearches().some(
    (s) => redditSearchKey(s.query, s.subreddit) === key,
  );
  return {
    ...answer,
    nextScheduledRefresh: scheduled ? nextCronRun(config.REDDIT_REFRESH_CRON, new Date()) : null,
  };
}

/** The next time the refresh schedule fires after `now` (UTC), or null if it cannot be read. */
function nextCronRun(cron: string, now: Date): string | null {
  try {
    return CronExpressionParser.parse(cron, { currentDate: now, tz: 'UTC' })
      .next()
      .toDate()
      .toISOString();
  } catch {
    return null;
  }
}

export const reddit = defineHttpCapability(redditBackend, {
  // The viewer shows thumbnails from Reddit's image hosts only, and its CSP says so.
  pageImageHosts: [{ pathPrefix: '/reddit-posts', hosts: REDDIT_IMAGE_HOSTS }],
  publicReads: [
    { path: REDDIT_PATHS.defaultPostsPattern, read: viewerRead },
    { path: REDDIT_PATHS.searchPostsPattern, read: viewerRead },
  ],
  /** The viewer, dated by its newest snapshot (none yet: no date). */
  async sitemap({ queries }) {
    const { searches } = await queries.redditJobsStatus();
    const newest = searches
      .map((s) => s.takenAt)
      .sort()
      .at(-1);
    return [{ path: '/reddit-posts', ...(newest ? { lastModified: newest } : {}) }];
  },
  routes: redditRoutes,
});
