/**
 * Reddit: what Redditors say about GLP-1 medications. Jobs take snapshots of Reddit's public
 * search (workers/reddit) into a read model they write directly (projections/reddit); the
 * viewer reads those snapshots. No events, no commands: see docs/architecture.md.
 */
import { REDDIT_IMAGE_HOSTS } from '../../domain/reddit/rules';
import { parseViewerInput } from '../../domain/reddit/snapshot';
import { REDDIT_COLLECTIONS, redditQueries, type RedditQueries } from '../../projections/reddit';
import { redditRefreshJob, redditTickJob } from '../../workers/reddit';
import { defineCapability } from '../bootstrap/capability';
import { HttpError } from '../http/errors';
import { REDDIT_PATHS } from './contracts';
import { redditRoutes } from './routes';

/** A public read's search, or a 400 naming the problem. */
function viewerRead(queries: RedditQueries, params: Record<string, string>) {
  const input = parseViewerInput({ q: params.q, subreddit: params.subreddit });
  if (!input.ok) throw new HttpError(400, input.message, { [input.field]: input.message });
  return queries.redditViewer({ ...input.search, isDefault: input.isDefault });
}

export const reddit = defineCapability({
  name: 'reddit',
  queries: redditQueries,
  // Snapshots are copies of outside data, not events: kept on disk across restarts.
  keptCollections: Object.values(REDDIT_COLLECTIONS),
  // The viewer shows thumbnails from Reddit's image hosts only, and its CSP says so.
  pageImageHosts: [{ pathPrefix: '/reddit-posts', hosts: REDDIT_IMAGE_HOSTS }],
  jobs: [redditRefreshJob, redditTickJob],
  publicReads: [
    { path: REDDIT_PATHS.defaultPostsPattern, read: viewerRead },
    { path: REDDIT_PATHS.searchPostsPattern, read: viewerRead },
  ],
  routes: redditRoutes,
});
