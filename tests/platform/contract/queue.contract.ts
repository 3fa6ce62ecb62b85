/**
 * The JobQueue contract: the inline runner and BullMQ must behave the same for job names,
 * data, retries with backoff, jobId dedupe, delays, schedules and shutdown. Timings are kept
 * small (tens of ms); only lower bounds of delays are checked, never speed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobLogger } from '../../../workers/queue/logger';
import type { JobContext, JobQueue } from '../../../workers/queue/port';

export interface QueueFixture {
  queue: JobQueue;
  /** Close the queue (if the test did not) and remove everything it left behind. */
  dispose(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = <T>(check: () => T, timeout = 5000) => vi.waitFor(check, { timeout, interval: 10 });

interface Run {
  data: unknown;
  context: JobContext;
  at: number;
}

export function describeQueueContract(
  name: string,
  factory: (logger: JobLogger) => Promise<QueueFixture>,
  /** Set when the adapter's service is missing; the caller has printed it. */
  skipReason?: string,
): void {
  describe.skipIf(Boolean(skipReason))(`Queue contract: ${name}`, () => {
    let fixture: QueueFixture;
    let queue: JobQueue;
    let logged: { message: string; meta?: Record<string, unknown> }[];

    beforeEach(async () => {
      logged = [];
      fixture = await factory({ error: (message, meta) => logged.push({ message, meta }) });
      queue = fixture.queue;
    });
    afterEach(async () => {
      await fixture.dispose();
    });

    /** Registers a handler that records its runs and fails the first `failures` attempts. */
    function recorder(jobName: string, failures = 0) {
      const runs: Run[] = [];
      queue.process(jobName, async (data, context) => {
        runs.push({ data, context, at: Date.now() });
        if (context.attempt <= failures) throw new Error(`attempt ${context.attempt} failed`);
      });
      return runs;
    }

    it('runs a job with its data', async () => {
      const runs = recorder('reddit.refresh');
      await queue.enqueue('reddit.refresh', { providerId: 'p1', keywords: ['hims', 'ro'] });
      await waitFor(() => expect(runs).toHaveLength(1));
      expect(runs[0]!.data).toEqual({ providerId: 'p1', keywords: ['hims', 'ro'] });
      expect(runs[0]!.context.attempt).toBe(1);
      expect(typeof runs[0]!.context.jobId).toBe('string');
    });

    it('delivers each job to the handler of its name', async () => {
      const a = recorder('a');
      const b = recorder('b');
      await queue.enqueue('b', { n: 1 });
      await queue.enqueue('a', { n: 2 });
      await waitFor(() => expect(a.length + b.length).toBe(2));
      expect(a.map((r) => r.data)).toEqual([{ n: 2 }]);
      expect(b.map((r) => r.data)).toEqual([{ n: 1 }]);
    });

    it('keeps a job enqueued before its handler is registered until the handler comes', async () => {
      await queue.enqueue('late', { n: 1 });
      await sleep(100);
      const runs = recorder('late');
      await waitFor(() => expect(runs).toHaveLength(1));
      expect(runs[0]!.data).toEqual({ n: 1 });
    });

    it('retries a failing job with exponential backoff until it succeeds', async () => {
      const runs = recorder('score.recompute', 2);
      await queue.enqueue('score.recompute', { month: '2025-01' }, { attempts: 4, backoffMs: 30 });
      await waitFor(() => expect(runs).toHaveLength(3));
      await sleep(150); // a fourth attempt would come 120 ms after the third
      expect(runs.map((r) => r.context.attempt)).toEqual([1, 2, 3]);
      expect(runs.every((r) => r.context.jobId === runs[0]!.context.jobId)).toBe(true);
      expect(runs.every((r) => JSON.stringify(r.data) === '{"month":"2025-01"}')).toBe(true);
      // Backoff 30 ms then 60 ms: lower bounds, with a little slack for clock granularity.
      expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(25);
      expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(55);
      expect(logged).toEqual([]);
    });

    it('stops after the last attempt and logs the job name and error', async () => {
      const runs = recorder('notify', Infinity);
      await queue.enqueue('notify', { to: 'x' }, { attempts: 2, backoffMs: 10 });
      await waitFor(() => expect(logged).toHaveLength(1));
      await sleep(150);
      expect(runs.map((r) => r.context.attempt)).toEqual([1, 2]);
      expect(logged).toHaveLength(1);
      expect(logged[0]!.message).toContain('notify');
      expect(logged[0]!.meta?.job).toBe('notify');
      expect(String(logged[0]!.meta?.error)).toContain('attempt 2 failed');
    });

    it('runs a job once when enqueued twice with the same jobId while it waits', async () => {
      await queue.enqueue('rank', { v: 1 }, { jobId: 'rank-p1' });
      await queue.enqueue('rank', { v: 2 }, { jobId: 'rank-p1' });
      await queue.enqueue('rank', { v: 3 }, { jobId: 'rank-p2' });
      const runs = recorder('rank');
      await waitFor(() => expect(runs).toHaveLength(2));
      await sleep(100);
      expect(runs.map((r) => r.data)).toEqual([{ v: 1 }, { v: 3 }]);
    });

    it('accepts the same jobId again once the job has run', async () => {
      const runs = recorder('rank');
      await queue.enqueue('rank', { v: 1 }, { jobId: 'rank-p1' });
      await waitFor(() => expect(runs).toHaveLength(1));
      await sleep(50);
      await queue.enqueue('rank', { v: 2 }, { jobId: 'rank-p1' });
      await waitFor(() => expect(runs).toHaveLength(2));
      expect(runs.map((r) => r.data)).toEqual([{ v: 1 }, { v: 2 }]);
    });

    it('runs the latest twin after a running job with the same jobId', async () => {
      const runs: unknown[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      queue.process<{ v: number }>('rank', async (data) => {
        runs.push(data);
        if (data.v === 1) await gate;
      });
      await queue.enqueue('rank', { v: 1 }, { jobId: 'rank-p1' });
      await waitFor(() => expect(runs).toHaveLength(1));
      await queue.enqueue('rank', { v: 2 }, { jobId: 'rank-p1' });
      await queue.enqueue('rank', { v: 3 }, { jobId: 'rank-p1' });
      await sleep(50);
      expect(runs).toHaveLength(1);
      release();
      await waitFor(() => expect(runs).toHaveLength(2));
      await sleep(100);
      expect(runs).toEqual([{ v: 1 }, { v: 3 }]);
    });

    it('waits delayMs before the first attempt', async () => {
      const runs = recorder('later');
      const enqueuedAt = Date.now();
      await queue.enqueue('later', { n: 1 }, { delayMs: 200 });
      await sleep(60);
      expect(runs).toHaveLength(0);
      await waitFor(() => expect(runs).toHaveLength(1));
      expect(runs[0]!.at - enqueuedAt).toBeGreaterThanOrEqual(195);
    });

    it('runs up to `concurrency` jobs of a name at once', async () => {
      let active = 0;
      let maxActive = 0;
      let done = 0;
      queue.process(
        'slow',
        async () => {
          active += 1;
          maxActive = Math.max(maxActive, active);
          await sleep(80);
          active -= 1;
          done += 1;
        },
        { concurrency: 2 },
      );
      await Promise.all([1, 2, 3, 4].map((n) => queue.enqueue('slow', { n })));
      await waitFor(() => expect(done).toBe(4));
      expect(maxActive).toBe(2);
    });

    it("honours each name's concurrency: two names at 1 each run side by side, never two of one name", async () => {
      const running = new Map<string, number>();
      const most = new Map<string, number>();
      let mostOverall = 0;
      const done: string[] = [];
      for (const jobName of ['rebuild.a', 'rebuild.b']) {
        queue.process(
          jobName,
          async (data) => {
            running.set(jobName, (running.get(jobName) ?? 0) + 1);
            most.set(jobName, Math.max(most.get(jobName) ?? 0, running.get(jobName)!));
            const overall = [...running.values()].reduce((a, b) => a + b, 0);
            mostOverall = Math.max(mostOverall, overall);
            await sleep(120);
            running.set(jobName, running.get(jobName)! - 1);
            done.push(String(data));
          },
          { concurrency: 1 },
        );
      }
      // All of one name first: a shared limit of 2 would run two of 'rebuild.a' at once.
      for (const jobName of ['rebuild.a', 'rebuild.b']) {
        for (let i = 0; i < 3; i++) await queue.enqueue(jobName, `${jobName}-${i}`);
      }
      await waitFor(() => expect(done).toHaveLength(6), 10_000);
      expect(most.get('rebuild.a')).toBe(1);
      expect(most.get('rebuild.b')).toBe(1);
      expect(mostOverall).toBe(2);
    });

    it('fires an every-schedule repeatedly until the schedule is removed', async () => {
      const runs = recorder('tick');
      await queue.schedule('ticker', { every: 100 }, { name: 'tick', data: { source: 'every' } });
      await waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3));
      await queue.removeSchedule('ticker');
      await sleep(50); // a job produced just before removal may still be delivered
      const seen = runs.length;
      await sleep(350);
      expect(runs.length).toBe(seen);
      expect(runs[0]!.data).toEqual({ source: 'every' });
    });

    it('replaces a schedule upserted again under the same id', async () => {
      const runs = recorder('tick');
      await queue.schedule('ticker', { every: 100 }, { name: 'tick', data: { v: 1 } });
      await queue.schedule('ticker', { every: 100 }, { name: 'tick', data: { v: 2 } });
      await waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3));
      await queue.removeSchedule('ticker');
      // BullMQ produces each run ahead of time: the one already produced may keep the old
      // data; every later run carries the new.
      expect(runs.slice(1).map((r) => r.data)).toEqual(runs.slice(1).map(() => ({ v: 2 })));
    });

    it('fires a cron schedule (6 fields: every second) in a time zone', async () => {
      const runs = recorder('monthly');
      await queue.schedule(
        'cron',
        { cron: '* * * * * *', tz: 'America/New_York' },
        { name: 'monthly', data: { kind: 'cron' } },
      );
      await waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(2), 4000);
      await queue.removeSchedule('cron');
      expect(runs[0]!.data).toEqual({ kind: 'cron' });
    });

    it('accepts a monthly cron without firing it now', async () => {
      const runs = recorder('monthly');
      await queue.schedule(
        'vial-score',
        { cron: '0 3 1 * *', tz: 'UTC' },
        { name: 'monthly', data: {} },
      );
      await sleep(100);
      expect(runs).toHaveLength(0);
      await queue.removeSchedule('vial-score');
    });

    it('rejects an invalid cron expression', async () => {
      await expect(
        queue.schedule('bad', { cron: 'not a cron' }, { name: 'monthly', data: {} }),
      ).rejects.toThrow();
    });

    it('removing an unknown schedule is not an error', async () => {
      await expect(queue.removeSchedule('never-scheduled')).resolves.toBeUndefined();
    });

    it('close waits for a running job to finish', async () => {
      let finished = false;
      let started = false;
      queue.process('long', async () => {
        started = true;
        await sleep(200);
        finished = true;
      });
      await queue.enqueue('long', {});
      await waitFor(() => expect(started).toBe(true));
      await queue.close();
      expect(finished).toBe(true);
    });

    it('refuses new jobs once closed', async () => {
      await queue.close();
      await expect(queue.enqueue('x', {})).rejects.toThrow();
    });
  });
}
