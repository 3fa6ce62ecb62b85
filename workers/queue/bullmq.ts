/**
 * JobQueue on BullMQ + Redis (distributed profile). One BullMQ queue carries every job name;
 * one Worker per process takes its jobs and dispatches them to the handler of the job's name.
 * Keys are namespaced with BullMQ's own `prefix` (an ioredis keyPrefix breaks its scripts).
 */
import { DelayedError, Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobHandler, JobOptions, JobQueue, Schedule } from './port';
import { consoleJobLogger, type JobLogger } from './logger';

export interface BullMqJobQueueOptions {
  url: string;
  /** Namespace of every Redis key (e.g. `vialcompare`, or a unique one per test file). */
  prefix: string;
  queueName?: string;
  /** Where a job failing its last attempt is reported (default: console). */
  logger?: JobLogger;
}

const DEFAULT_QUEUE = 'jobs';
const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1000;
/** How long a job waits when this process has no handler for its name yet. */
const NO_HANDLER_RETRY_MS = 1000;
/** Failed jobs kept for inspection (completed ones are removed at once). */
const KEEP_FAILED = 1000;

interface Registered {
  handler: JobHandler<unknown>;
  concurrency: number;
}

function jobOptions(options: JobOptions = {}): JobsOptions {
  return {
    attempts: Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS),
    backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
    removeOnComplete: true,
    removeOnFail: { count: KEEP_FAILED },
    ...(options.delayMs ? { delay: options.delayMs } : {}),
    // The jobId deduplicates rather than naming the job: a twin added while the job waits is
    // dropped, one added while it runs is kept (latest data) and runs after it.
    ...(options.jobId !== undefined
      ? { deduplication: { id: options.jobId, keepLastIfActive: true } }
      : {}),
  };
}

/** ioredis connection settings BullMQ requires (blocking commands must never give up). */
const connect = (url: string) => new Redis(url, { maxRetriesPerRequest: null });

export class BullMqJobQueue implements JobQueue {
  private readonly queueName: string;
  private readonly prefix: string;
  private readonly url: string;
  private readonly logger: JobLogger;
  private readonly connection: Redis;
  private readonly queue: Queue;
  private readonly handlers = new Map<string, Registered>();
  private worker: Worker | undefined;
  private workerConnection: Redis | undefined;
  private closed = false;

  constructor(options: BullMqJobQueueOptions) {
    this.url = options.url;
    this.prefix = options.prefix;
    this.queueName = options.queueName ?? DEFAULT_QUEUE;
    this.logger = options.logger ?? consoleJobLogger;
    this.connection = connect(this.url);
    this.queue = new Queue(this.queueName, { connection: this.connection, prefix: this.prefix });
    this.queue.on('error', (error) => this.logger.error('Job queue error', { error }));
  }

  async enqueue<T>(name: string, data: T, options?: JobOptions): Promise<void> {
    this.assertOpen();
    await this.queue.add(name, data, jobOptions(options));
  }

  async schedule<T>(id: string, schedule: Schedule, job: { name: string; data: T }): Promise<void> {
    this.assertOpen();
    const repeat =
      'cron' in schedule
        ? { pattern: schedule.cron, ...(schedule.tz ? { tz: schedule.tz } : {}) }
        : { every: schedule.every };
    const { attempts, backoff, removeOnComplete, removeOnFail } = jobOptions();
    await this.queue.upsertJobScheduler(id, repeat, {
      name: job.name,
      data: job.data,
      opts: { attempts, backoff, removeOnComplete, removeOnFail },
    });
  }

  async removeSchedule(id: string): Promise<void> {
    await this.queue.removeJobScheduler(id);
  }

  process<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): void {
    this.assertOpen();
    if (this.handlers.has(name)) throw new Error(`A handler for job ${name} is already registered`);
    this.handlers.set(name, {
      handler: handler as JobHandler<unknown>,
      concurrency: Math.max(1, options.concurrency ?? 1),
    });
    // One worker serves every name, so it runs as many jobs at once as all names together.
    const concurrency = [...this.handlers.values()].reduce((sum, h) => sum + h.concurrency, 0);
    if (this.worker) {
      this.worker.concurrency = concurrency;
      return;
    }
    this.workerConnection = connect(this.url);
    this.worker = new Worker(this.queueName, (job, token) => this.dispatch(job, token), {
      connection: this.workerConnection,
      prefix: this.prefix,
      concurrency,
    });
    this.worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        this.logger.error(`Job ${job.name} failed after ${job.attemptsMade} attempt(s)`, {
          job: job.name,
          jobId: job.id,
          error,
        });
      }
    });
    this.worker.on('error', (error) => this.logger.error('Job worker error', { error }));
  }

  private async dispatch(job: Job, token?: string): Promise<void> {
    const registered = this.handlers.get(job.name);
    if (!registered) {
      // Another process may handle it, or a handler registers later: wait, spend no attempt.
      await job.moveToDelayed(Date.now() + NO_HANDLER_RETRY_MS, token);
      throw new DelayedError();
    }
    await registered.handler(job.data, { jobId: String(job.id), attempt: job.attemptsMade + 1 });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Workers first (they finish running jobs), then the queue, then the connections.
    await this.worker?.close();
    await this.queue.close();
    await Promise.all([this.workerConnection?.quit(), this.connection.quit()]);
  }

  /** For tests: delete every job and schedule of this queue, and any key left under the prefix. */
  async obliterate(options: { force?: boolean } = { force: true }): Promise<void> {
    await this.queue.obliterate({ force: options.force ?? true });
    const pattern = `${this.prefix}:${this.queueName}:*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.connection.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await this.connection.del(...keys);
    } while (cursor !== '0');
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The job queue is closed');
  }
}
