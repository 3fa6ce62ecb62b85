/**
 * JobQueue in process (embedded profile): the same job names, retries, backoff, dedupe and
 * schedules as BullMQ, with timers instead of Redis. Jobs live in memory only: a restart
 * forgets waiting jobs, and schedules are registered again at boot.
 */
import { CronExpressionParser } from 'cron-parser';
import { consoleJobLogger, type JobLogger } from './logger';
import type { JobContext, JobHandler, JobOptions, JobQueue, Schedule } from './port';

export interface InlineJobQueueOptions {
  /** Where a job failing its last attempt is reported (default: console). */
  logger?: JobLogger;
}

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1000;
/** setTimeout fires at once beyond 2^31-1 ms (~24.8 days): longer waits are chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Job {
  id: string;
  name: string;
  /** JSON, as BullMQ stores it: handlers get a fresh copy and no Date or class instances. */
  payload: string | undefined;
  attempts: number;
  backoffMs: number;
  attempt: number;
  dedupeId?: string;
}

/** A deduplicated job: while waiting, a twin is dropped; while running, the latest twin waits. */
interface DedupeEntry {
  state: 'waiting' | 'running';
  next?: { name: string; data: unknown; options: JobOptions };
}

interface Worker {
  handler: JobHandler<unknown>;
  concurrency: number;
  running: number;
}

const serialize = (data: unknown) => (data === undefined ? undefined : JSON.stringify(data));
const deserialize = (payload: string | undefined): unknown =>
  payload === undefined ? undefined : JSON.parse(payload);

/** The next run of a cron expression (5 fields, or 6 with seconds first) after now. */
export function nextCronRun(cron: string, tz?: string, after: Date = new Date()): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, ...(tz ? { tz } : {}) })
    .next()
    .toDate();
}

export class InlineJobQueue implements JobQueue {
  private readonly logger: JobLogger;
  private readonly workers = new Map<string, Worker>();
  /** Jobs ready to run, per job name, waiting for a handler or a free slot. */
  private readonly ready = new Map<string, Job[]>();
  private readonly dedupe = new Map<string, DedupeEntry>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly schedules = new Map<string, () => void>();
  private readonly running = new Set<Promise<void>>();
  private nextId = 1;
  private closed = false;

  constructor(options: InlineJobQueueOptions = {}) {
    this.logger = options.logger ?? consoleJobLogger;
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<void> {
    this.assertOpen();
    const dedupeId = options.jobId;
    if (dedupeId !== undefined) {
      const entry = this.dedupe.get(dedupeId);
      if (entry?.state === 'waiting') return;
      if (entry?.state === 'running') {
        entry.next = { name, data: deserialize(serialize(data)), options };
        return;
      }
      this.dedupe.set(dedupeId, { state: 'waiting' });
    }
    const job: Job = {
      id: String(this.nextId++),
      name,
      payload: serialize(data),
      attempts: Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS),
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      attempt: 0,
      ...(dedupeId !== undefined ? { dedupeId } : {}),
    };
    this.after(options.delayMs ?? 0, () => this.makeReady(job));
  }

  async schedule<T>(id: string, schedule: Schedule, job: { name: string; data: T }): Promise<void> {
    this.assertOpen();
    // Validate before replacing, so a bad cron keeps the previous schedule.
    if ('cron' in schedule) nextCronRun(schedule.cron, schedule.tz);
    else if (!(schedule.every > 0)) throw new Error(`Schedule ${id}: every must be positive`);
    this.schedules.get(id)?.();

    const fire = () => {
      this.enqueue(job.name, job.data).catch((error: unknown) =>
        this.logger.error(`Scheduled job ${job.name} could not be enqueued`, { id, error }),
      );
    };
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (timer) this.timers.delete(timer);
    };
    const arm = (at: number) => {
      if (stopped) return;
      const wait = Math.max(0, at - Date.now());
      timer = setTimeout(
        () => {
          if (timer) this.timers.delete(timer);
          if (Date.now() < at) return arm(at); // a chained long wait
          fire();
          arm(nextRun());
        },
        Math.min(wait, MAX_TIMER_MS),
      );
      timer.unref();
      this.timers.add(timer);
    };
    const nextRun = (): number =>
      'cron' in schedule
        ? nextCronRun(schedule.cron, schedule.tz).getTime()
        : Date.now() + schedule.every;

    this.schedules.set(id, stop);
    arm(nextRun());
  }

  async removeSchedule(id: string): Promise<void> {
    this.schedules.get(id)?.();
    this.schedules.delete(id);
  }

  process<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): void {
    if (this.workers.has(name)) throw new Error(`A handler for job ${name} is already registered`);
    this.workers.set(name, {
      handler: handler as JobHandler<unknown>,
      concurrency: Math.max(1, options.concurrency ?? 1),
      running: 0,
    });
    setImmediate(() => this.pump(name));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.schedules.values()) stop();
    this.schedules.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ready.clear();
    // Running jobs finish; their retries and follow-ups are not started after close.
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The job queue is closed');
  }

  private after(delayMs: number, run: () => void): void {
    if (delayMs <= 0) {
      setImmediate(run);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private makeReady(job: Job): void {
    if (this.closed) return;
    const list = this.ready.get(job.name) ?? [];
    list.push(job);
    this.ready.set(job.name, list);
    this.pump(job.name);
  }

  private pump(name: string): void {
    const worker = this.workers.get(name);
    const list = this.ready.get(name);
    if (!worker || !list || this.closed) return;
    while (worker.running < worker.concurrency && list.length > 0) {
      this.start(worker, list.shift() as Job);
    }
  }

  private start(worker: Worker, job: Job): void {
    job.attempt += 1;
    if (job.dedupeId !== undefined) {
      const entry = this.dedupe.get(job.dedupeId);
      if (entry) entry.state = 'running';
    }
    worker.running += 1;
    const context: JobContext = { jobId: job.id, attempt: job.attempt };
    const run = (async () => {
      try {
        await worker.handler(deserialize(job.payload), context);
        this.finish(job);
      } catch (error) {
        this.fail(job, error);
      } finally {
        worker.running -= 1;
        this.pump(job.name);
      }
    })();
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private fail(job: Job, error: unknown): void {
    if (job.attempt < job.attempts && !this.closed) {
      if (job.dedupeId !== undefined) {
        const entry = this.dedupe.get(job.dedupeId);
        if (entry) entry.state = 'waiting';
      }
      this.after(job.backoffMs * 2 ** (job.attempt - 1), () => this.makeReady(job));
      return;
    }
    const why = job.attempt < job.attempts ? ', not retried: the queue closed' : '';
    this.logger.error(`Job ${job.name} failed after ${job.attempt} attempt(s)${why}`, {
      job: job.name,
      jobId: job.id,
      error,
    });
    this.finish(job);
  }

  /** The job is done (or gave up): release its dedupe id, and run the twin that waited. */
  private finish(job: Job): void {
    if (job.dedupeId === undefined) return;
    const next = this.dedupe.get(job.dedupeId)?.next;
    this.dedupe.delete(job.dedupeId);
    if (next && !this.closed) {
      this.enqueue(next.name, next.data, next.options).catch(() => undefined);
    }
  }
}
