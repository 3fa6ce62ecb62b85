/**
 * The Reddit refresh jobs.
 *
 * - `reddit.refresh-all` fetches every scheduled search (the default query and each chip in
 *   each subreddit) on REDDIT_REFRESH_CRON, from the back office's 'Refresh now', or to catch
 *   up a run missed while the site was down. Waiting on-demand searches go first.
 * - `reddit.tick` (every 10 s) fetches a few waiting on-demand searches and starts the
 *   catch-up: the last run is kept in the store, so a restart does not lose the schedule.
 *
 * Every request of a run is paced by one budget (REDDIT_REQUESTS_PER_MINUTE, at most
 * REDDIT_RUN_BUDGET). A search that fails keeps its last good snapshot; a run that cannot
 * reach Reddit at all stops early, records and logs why, and is not retried until the next
 * scheduled or requested run (a retry storm helps nobody when the network is down).
 */
import { randomUUID } from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import type { ReadStore } from '../../projections/read-store/port';
import {
  redditSearchKey,
  scheduledRedditSearches,
  type RedditSearch,
} from '../../domain/reddit/snapshot';
import type { JobDeclaration } from '../jobs';
import type { JobQueue } from '../queue/port';
import {
  createRedditClient,
  createRequestPacer,
  RedditFetchError,
  type RedditClientOptions,
  type Sleep,
} from './client';
import {
  keptRedditSnapshots,
  type RefreshRun,
  type RunKind,
  type RunResult,
} from '../../projections/reddit';

export const REDDIT_REFRESH_JOB = 'reddit.refresh-all';
export const REDDIT_REFRESH_SCHEDULE_ID = 'reddit-refresh';
export const REDDIT_TICK_JOB = 'reddit.tick';
export const REDDIT_TICK_SCHEDULE_ID = 'reddit-tick';
export const REDDIT_TICK_MS = 10_000;
export const REDDIT_TIMEOUT_MS = 15_000;
/** Consecutive network failures after which a run stops: Reddit is not reachable. */
const UNREACHABLE_AFTER = 3;
/** A run marked running for longer than this is taken as dead (its process stopped). */
const RUN_LEASE_MS = 60 * 60 * 1000;
/** The scheduled run itself gets this long to start before the tick counts it as missed. */
const CATCH_UP_GRACE_MS = 2 * 60 * 1000;

/** The configuration the jobs read (its fragment: workers/reddit/config.ts). */
export interface RedditJobConfig {
  REDDIT_BASE_URL: string;
  REDDIT_REFRESH_CRON: string;
  REDDIT_REQUESTS_PER_MINUTE: number;
  REDDIT_RUN_BUDGET: number;
  REDDIT_USER_AGENT: string;
}

export interface RedditJobLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface RedditJobDeps {
  config: RedditJobConfig;
  readStore: ReadStore;
  queue: Pick<JobQueue, 'enqueue'>;
  logger: RedditJobLog;
  /** Tests: no real waiting, a fixed clock. */
  sleep?: Sleep;
  now?: () => Date;
  /** Tests: a shorter default backoff. */
  backoffBaseMs?: number;
}

export interface RefreshAllData {
  kind?: RunKind;
}

const intervalMs = (config: RedditJobConfig) =>
  Math.ceil(60_000 / config.REDDIT_REQUESTS_PER_MINUTE);

function clientFor(deps: RedditJobDeps, budget: number) {
  const pacer = createRequestPacer({
    intervalMs: intervalMs(deps.config),
    budget,
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
  });
  const options: RedditClientOptions = {
    baseUrl: deps.config.REDDIT_BASE_URL,
    userAgent: deps.config.REDDIT_USER_AGENT,
    timeoutMs: REDDIT_TIMEOUT_MS,
    pacer,
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    ...(deps.backoffBaseMs !== undefined ? { backoffBaseMs: deps.backoffBaseMs } : {}),
  };
  return { pacer, client: createRedditClient(options) };
}

const clock = (deps: RedditJobDeps) => deps.now?.() ?? new Date();

/**
 * Fetches `searches` in order under one budget, records each good answer as a snapshot and
 * the run's outcome. Never throws for Reddit's failures: they are the run's result.
 */
export async function runRedditRefresh(
  deps: RedditJobDeps,
  kind: RunKind,
  searches: readonly RedditSearch[],
  budget: number,
): Promise<RefreshRun> {
  const store = keptRedditSnapshots(deps.readStore);
  const run: RefreshRun = {
    _id: `${clock(deps).toISOString()}-${randomUUID().slice(0, 8)}`,
    kind,
    startedAt: clock(deps).toISOString(),
    status: 'running',
    requests: 0,
    results: [],
  };
  await store.startRun(run);
  const { pacer, client } = clientFor(deps, budget);
  let networkFailures = 0;

  for (const search of searches) {
    const key = redditSearchKey(search.query, search.subreddit);
    const result: RunResult = { ...search, key };
    try {
      const posts = await client.search(search);
      await store.record({ ...search, key, takenAt: clock(deps).toISOString(), posts });
      result.posts = posts.length;
      networkFailures = 0;
    } catch (error) {
      if (!(error instanceof RedditFetchError)) throw error;
      result.error = error.message;
      networkFailures =
        error.kind === 'network' || error.kind === 'timeout' ? networkFailures + 1 : 0;
      if (error.kind === 'budget') run.error = error.message;
      else if (networkFailures >= UNREACHABLE_AFTER) {
        run.error = `stopped after ${networkFailures} searches in a row could not reach Reddit (${error.message})`;
      }
    }
    run.results.push(result);
    run.requests = pacer.used;
    if (kind === 'on-demand') await store.markAttempted(key, clock(deps), !result.error);
    if (run.error) break;
  }

  const good = run.results.filter((r) => r.posts !== undefined).length;
  run.status =
    good === searches.length
      ? 'succeeded'
      : good === 0 && searches.length > 0
        ? 'failed'
        : 'partial';
  run.finishedAt = clock(deps).toISOString();
  await store.saveRun(run);

  const fields = {
    runId: run._id,
    kind,
    status: run.status,
    fetched: good,
    failed: run.results.length - good,
    skipped: searches.length - run.results.length,
    requests: run.requests,
  };
  if (run.status === 'succeeded') deps.logger.info('reddit snapshots refreshed', fields);
  else {
    const firstError = run.error ?? run.results.find((r) => r.error)?.error;
    deps.logger.error('reddit refresh did not complete; the last good snapshots stay', {
      ...fields,
      reason: firstError,
    });
  }
  return run;
}

/** A full run: waiting on-demand searches first, then every scheduled search. */
export async function refreshAll(deps: RedditJobDeps, kind: RunKind): Promise<RefreshRun | null> {
  const store = keptRedditSnapshots(deps.readStore);
  const last = await store.lastFullRun();
  const now = clock(deps).getTime();
  if (last?.status === 'running' && now - Date.parse(last.startedAt) < RUN_LEASE_MS) {
    deps.logger.info('reddit refresh skipped: another run is in progress', { runId: last._id });
    return null;
  }
  const pending = await store.pendingRequests(10);
  const scheduled = scheduledRedditSearches();
  const keys = new Set(scheduled.map((s) => redditSearchKey(s.query, s.subreddit)));
  const onDemand = pending.filter((r) => !keys.has(r._id));
  const run = await runRedditRefresh(
    deps,
    kind,
    [...onDemand.map(({ query, subreddit }) => ({ query, subreddit })), ...scheduled],
    deps.config.REDDIT_RUN_BUDGET,
  );
  const failed = new Set(run.results.filter((r) => r.error).map((r) => r.key));
  for (const request of pending) {
    await store.markAttempted(request._id, clock(deps), !failed.has(request._id));
  }
  return run;
}

/** The newest time the cron fired at or before `now`. */
export function previousCronRun(cron: string, now: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: now, tz: 'UTC' }).prev().toDate();
}

/** Whether a full run is owed: none ever, or none since the cron last fired (plus a grace). */
export function catchUpDue(lastStartedAt: string | undefined, cron: string, now: Date): boolean {
  if (lastStartedAt === undefined) return true;
  const fired = previousCronRun(cron, now).getTime();
  return Date.parse(lastStartedAt) < fired && now.getTime() - fired > CATCH_UP_GRACE_MS;
}

/** How many on-demand searches one tick may fetch within the per-minute pace (1 to 5). */
export function onDemandPerTick(config: RedditJobConfig): number {
  return Math.min(5, Math.max(1, Math.floor(REDDIT_TICK_MS / intervalMs(config))));
}

export async function tick(deps: RedditJobDeps): Promise<Record<string, unknown>> {
  const store = keptRedditSnapshots(deps.readStore);
  const last = await store.lastFullRun();
  const now = clock(deps);
  if (last?.status === 'running' && now.getTime() - Date.parse(last.startedAt) < RUN_LEASE_MS) {
    // The full run takes waiting searches first and owns the request budget meanwhile.
    return { onDemand: 0, catchUp: false };
  }
  if (catchUpDue(last?.startedAt, deps.config.REDDIT_REFRESH_CRON, now)) {
    await deps.queue.enqueue<RefreshAllData>(
      REDDIT_REFRESH_JOB,
      { kind: 'catch-up' },
      { jobId: 'reddit-catch-up', attempts: 1 },
    );
    return { onDemand: 0, catchUp: true };
  }
  const pending = await store.pendingRequests(onDemandPerTick(deps.config));
  if (pending.length === 0) return { onDemand: 0, catchUp: false };
  const run = await runRedditRefresh(
    deps,
    'on-demand',
    pending.map(({ query, subreddit }) => ({ query, subreddit })),
    pending.length * 2,
  );
  return { onDemand: pending.length, status: run.status, catchUp: false };
}

export const redditRefreshJob: JobDeclaration<RedditJobDeps, RefreshAllData> = {
  name: REDDIT_REFRESH_JOB,
  doneMessage: 'reddit refresh job finished',
  async run(data, _context, deps) {
    const run = await refreshAll(deps, data.kind ?? 'scheduled');
    return run
      ? { runId: run._id, status: run.status, requests: run.requests }
      : { skipped: 'another run is in progress' };
  },
  schedule: (deps) => ({
    id: REDDIT_REFRESH_SCHEDULE_ID,
    when: { cron: deps.config.REDDIT_REFRESH_CRON, tz: 'UTC' },
    data: { kind: 'scheduled' },
  }),
};

export const redditTickJob: JobDeclaration<RedditJobDeps, Record<string, never>> = {
  name: REDDIT_TICK_JOB,
  doneMessage: 'reddit tick',
  quiet: true,
  run: (_data, _context, deps) => tick(deps),
  schedule: { id: REDDIT_TICK_SCHEDULE_ID, when: { every: REDDIT_TICK_MS }, data: {} },
};
