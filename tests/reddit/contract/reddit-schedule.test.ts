/**
 * The Reddit jobs' schedules: registered once on BullMQ however many workers start (the
 * scheduler ids are stable), and on the inline queue registered again at every start, with the
 * last run kept in the store so a restart that missed the cron time catches up.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../../workers/jobs';
import { BullMqJobQueue } from '../../../workers/queue/bullmq';
import { InlineJobQueue } from '../../../workers/queue/inline';
import { openReadStore } from '../../../projections/read-store';
import { keptRedditSnapshots } from '../../../projections/reddit';
import {
  REDDIT_REFRESH_JOB,
  REDDIT_REFRESH_SCHEDULE_ID,
  REDDIT_TICK_JOB,
  redditRefreshJob,
  redditTickJob,
  type RedditJobDeps,
} from '../../../workers/reddit';
import { deleteKeysUnder, localRedisFor, REDIS_URL } from '../../support/local-redis';

const PREFIX = `vialtest-reddit-${process.pid}-${Date.now()}`;
const CRON = '0 */6 * * *';
const silent = { info: () => {}, warn: () => {}, error: () => {} };

async function jobDeps(queue: RedditJobDeps['queue']): Promise<RedditJobDeps> {
  return {
    config: {
      // Nothing listens here: a run that starts fails at once, and no test waits for one.
      REDDIT_BASE_URL: 'http://127.0.0.1:9',
      REDDIT_REFRESH_CRON: CRON,
      REDDIT_REQUESTS_PER_MINUTE: 6000,
      REDDIT_RUN_BUDGET: 5,
      REDDIT_USER_AGENT: 'web:vialcompare-test:1.0',
    },
    readStore: await openReadStore({ kind: 'memory' }),
    queue,
    logger: silent,
  };
}

const unreachable = await localRedisFor('Reddit schedule on BullMQ');

describe.skipIf(unreachable !== undefined)('the Reddit schedule on BullMQ', () => {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  afterAll(async () => {
    await deleteKeysUnder(redis, PREFIX);
    await redis.quit();
  });

  it('is scheduled once across two workers, not twice', async () => {
    const workers = [
      new BullMqJobQueue({ url: REDIS_URL, prefix: PREFIX, logger: silent }),
      new BullMqJobQueue({ url: REDIS_URL, prefix: PREFIX, logger: silent }),
    ];
    try {
      for (const worker of workers) {
        await startJobs(worker, [redditRefreshJob, redditTickJob], await jobDeps(worker), silent);
      }
      // Each job name has its own BullMQ queue ('jobs.{name}'): read both names' schedulers.
      const schedulers = [];
      for (const name of [REDDIT_REFRESH_JOB, REDDIT_TICK_JOB]) {
        const queue = new Queue(`jobs.${name}`, { connection: redis, prefix: PREFIX });
        schedulers.push(...(await queue.getJobSchedulers()));
        await queue.close();
      }
      expect(
        schedulers
          .map((s) => ({ key: s.key, name: s.name, pattern: s.pattern }))
          .sort((a, b) => a.key.localeCompare(b.key)),
      ).toEqual([
        { key: REDDIT_REFRESH_SCHEDULE_ID, name: REDDIT_REFRESH_JOB, pattern: CRON },
        { key: 'reddit-tick', name: REDDIT_TICK_JOB, pattern: undefined },
      ]);
    } finally {
      for (const worker of workers) await worker.close();
    }
  });
});

describe('the Reddit schedule on the inline queue', () => {
  it('survives a restart: registered again, and a missed run is caught up from the store', async () => {
    const readStore = await openReadStore({ kind: 'memory' });
    const enqueued: string[] = [];
    const spy = (queue: InlineJobQueue): RedditJobDeps['queue'] => ({
      enqueue: async (name, data, options) => {
        enqueued.push(name);
        await queue.enqueue(name, data, options);
      },
    });

    // First life: a scheduled run started, then the process stopped.
    const first = new InlineJobQueue({ logger: silent });
    await startJobs(
      first,
      [redditRefreshJob, redditTickJob],
      { ...(await jobDeps(spy(first))), readStore },
      silent,
    );
    await keptRedditSnapshots(readStore).startRun({
      _id: 'before-restart',
      kind: 'scheduled',
      startedAt: '2026-03-10T08:00:00.000Z',
      status: 'succeeded',
      requests: 73,
      results: [],
    });
    await first.close();

    // Second life: the same schedules again; the first tick sees the cron time passed unrun.
    const second = new InlineJobQueue({ logger: silent });
    // A fixed clock past the 12:00 firing and its grace (the wall clock is not, for two minutes
    // after each firing).
    const now = () => new Date('2026-03-10T15:00:00.000Z');
    const deps = { ...(await jobDeps(spy(second))), readStore, now };
    await startJobs(second, [redditRefreshJob, redditTickJob], deps, silent);
    await redditTickJob.run({}, { jobId: 't', attempt: 1 }, deps);
    expect(enqueued).toEqual([REDDIT_REFRESH_JOB]);
    await second.close();
    await readStore.close();
  });
});
