/**
 * The monthly Vial Score job on the embedded adapters (SQLite event log, memory read models,
 * in-process queue): it republishes every listed provider's score once per month.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { appCommandBus, appProjectors, appQueries } from '../../../workers/bootstrap/composition';
import { SqliteEventStore } from '../../../commands/event-store/sqlite';
import { DEMO_PROVIDERS, seedDemoContent } from '../../../commands/providers';
import { createProjectionRunner } from '../../../projections';
import { MemoryReadStore } from '../../../projections/read-store';
import { startJobs } from '../../../workers/jobs';
import { InlineJobQueue, nextCronRun } from '../../../workers/queue';
import {
  recomputeAllVialScores,
  VIAL_SCORE_CRON,
  VIAL_SCORE_JOB,
  vialScoreJob,
} from '../../../workers/providers/vial-score';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function site() {
  const eventStore = new SqliteEventStore(':memory:');
  const readStore = new MemoryReadStore();
  const runner = createProjectionRunner({ readStore, eventStore, projectors: appProjectors() });
  await runner.start();
  const queue = new InlineJobQueue();
  closers.push(
    () => eventStore.close(),
    () => runner.stop(),
    () => queue.close(),
  );
  // Listed in October (listing publishes that month's score); the job runs on 1 November.
  await seedDemoContent(appCommandBus(eventStore, { now: () => new Date('2026-10-15T12:00:00Z') }));
  const bus = appCommandBus(eventStore, { now: () => new Date('2026-11-01T06:00:00Z') });
  const queries = appQueries(readStore);
  await runner.waitFor(await eventStore.headPosition());
  return { eventStore, bus, queries, queue, runner };
}

const monthlyRecomputations = async (store: SqliteEventStore) =>
  (await store.readAll()).filter(
    (e) => e.type === 'VialScoreRecomputed' && (e.data as { reason: string }).reason === 'monthly',
  );

describe('monthly Vial Score recomputation', () => {
  it('runs at 06:00 UTC on the first day of every month', () => {
    const next = nextCronRun(VIAL_SCORE_CRON, 'UTC', new Date('2026-11-23T09:00:00Z'));
    expect(next.toISOString()).toBe('2026-12-01T06:00:00.000Z');
  });

  it('Given providers listed last month, When the job runs, Then every provider gets its monthly score, by the system', async () => {
    const { eventStore, bus, queries } = await site();
    const result = await recomputeAllVialScores({ bus, queries }, 'vial-score-test');
    expect(result).toEqual({ recomputed: DEMO_PROVIDERS.length, failed: 0 });
    const events = await monthlyRecomputations(eventStore);
    expect(events).toHaveLength(DEMO_PROVIDERS.length);
    expect(events.every((e) => e.metadata.actor.id === 'vial-score-job')).toBe(true);
  });

  it('Given the job already ran this month, When it runs again, Then nothing new is recorded', async () => {
    const { eventStore, bus, queries } = await site();
    await recomputeAllVialScores({ bus, queries }, 'first');
    const head = await eventStore.headPosition();
    await recomputeAllVialScores({ bus, queries }, 'second');
    expect(await eventStore.headPosition()).toBe(head);
  });

  it('When the job is enqueued on the queue, Then its handler recomputes and reports', async () => {
    const { eventStore, bus, queries, queue } = await site();
    const done = new Promise<number>(
      (resolve) =>
        void startJobs(
          queue,
          [vialScoreJob],
          { bus, queries },
          {
            info: (message, fields) => {
              if (message === 'monthly Vial Score recomputed')
                resolve(fields?.recomputed as number);
            },
          },
        ),
    );
    await queue.enqueue(VIAL_SCORE_JOB, { month: '2026-11' });
    expect(await done).toBe(DEMO_PROVIDERS.length);
    expect(await monthlyRecomputations(eventStore)).toHaveLength(DEMO_PROVIDERS.length);
  });
});
