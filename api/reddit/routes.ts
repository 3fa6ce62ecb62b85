/**
 * The back office's view of the Reddit refresh jobs: their status (GET) and 'Refresh now'
 * (POST; deduplicated by the queue, and a run already in progress makes a second one a no-op).
 * The viewer's reads are public reads (api/reddit/capability.ts).
 */
import type { RedditQueries } from '../../projections/reddit';
import { nextCronRun } from '../../workers/queue';
import { REDDIT_REFRESH_JOB, type RefreshAllData } from '../../workers/reddit';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { REDDIT_PATHS, type RedditAdminStatus, type RedditRefreshNowAnswer } from './contracts';

/** Paths inside the /api/admin router. */
const inAdmin = (path: string) => path.replace(/^\/api\/admin/, '');

export function redditRoutes(
  { admin }: CapabilityRouters,
  deps: RouteDeps<Record<never, never>, RedditQueries>,
) {
  const { backend, commands } = deps;

  admin.get(
    inAdmin(REDDIT_PATHS.adminStatus),
    commands.handle(async (_req, res) => {
      const cron = backend.config.REDDIT_REFRESH_CRON;
      const answer: RedditAdminStatus = {
        ...(await backend.queries.redditJobsStatus()),
        schedule: { cron, nextRunAt: nextCronRun(cron, 'UTC').toISOString() },
      };
      res.setHeader('Cache-Control', 'no-store');
      res.json(answer);
    }),
  );

  admin.post(
    inAdmin(REDDIT_PATHS.adminRefresh),
    commands.handle(async (_req, res) => {
      await backend.queue.enqueue<RefreshAllData>(
        REDDIT_REFRESH_JOB,
        { kind: 'manual' },
        { jobId: 'reddit-refresh-now', attempts: 1 },
      );
      const answer: RedditRefreshNowAnswer = { queued: true };
      res.status(202).json(answer);
    }),
  );
}
