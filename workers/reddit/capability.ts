/**
 * Reddit's backend half: jobs take snapshots of Reddit's public search (./refresh.ts) into a
 * read model they write directly (projections/reddit). No events, no commands: see
 * docs/architecture.md.
 */
import { REDDIT_COLLECTIONS, redditQueries } from '../../projections/reddit';
import { defineBackend } from '../bootstrap/capability';
import { redditConfig } from './config';
import { redditRefreshJob, redditTickJob } from './refresh';

export const reddit = defineBackend({
  name: 'reddit',
  config: redditConfig,
  queries: redditQueries,
  // Snapshots are copies of outside data, not events: kept on disk across restarts.
  keptCollections: Object.values(REDDIT_COLLECTIONS),
  jobs: [redditRefreshJob, redditTickJob],
});
