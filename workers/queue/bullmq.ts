/**
 * JobQueue on BullMQ + Redis (distributed profile). Each job name has its own BullMQ queue
 * (`{queueName}.{job name}`) and, in a process that handles it, its own Worker with that
 * name's concurrency: a BullMQ Worker takes any job of its queue, so one Worker for every name
 * ran as many jobs of one name at once as all names' limits summed (two rebuilds together).
 * A job whose name no process handles yet waits in its queue. Keys are namespaced with
 * BullMQ's own `prefix` (an ioredis keyPrefix breaks its scripts).
 */
import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { connectRedis } from '../bootstrap/redis';
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
/** Failed jobs kept for inspection (completed ones are removed at once). */
const KEEP_FAILED = 1000;

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
const connect = (url: string) => connectRedis(url, { maxRetriesPerRequest: null });

export class BullMqJobQueue implements JobQueue {
  private readonly queueName: string;
  private readonly prefix: string;
  private readonly url: string;
  private readonly logger: JobLogger;
  private readonly connection: Redis;
  /** One BullMQ queue per job name, opened on first use. */
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  /** Which job name each schedule id belongs to (its queue). */
  private readonly scheduled = new Map<string, string>();
  private workerConnection: Redis | undefined;
  private closed = false;

  constructor(options: BullMqJobQueueOptions) {
    this.url = options.url;
    this.prefix = options.prefix;
    this.queueName = options.queueName ?? DEFAULT_QUEUE;
    this.logger = options.logger ?? consoleJobLogger;
    this.connection = connect(this.url);
  }

  /** The BullMQ queue of one job name. */
  private queueOf(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(`${this.queueName}.${name}`, {
        connection: this.connection,
        prefix: this.prefix,
      });
      queue.on('error', (error) => this.logger.error('Job queue error', { job: name, error }));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async enqueue<T>(name: string, data: T, options?: JobOptions): Promise<void> {
    this.assertOpen();
    await this.queueOf(name).add(name, data, jobOptions(options));
  }

  async schedule<T>(id: string, schedule: Schedule, job: { name: string; data: T }): Promise<void> {
    this.assertOpen();
    const repeat =
      'cron' in schedule
        ? { pattern: schedule.cron, ...(schedule.tz ? { tz: schedule.tz } : {}) }
        : { every: schedule.every };
    const { attempts, backoff, removeOnComplete, removeOnFail } = jobOptions();
    const previous = this.scheduled.get(id);
    if (previous !== undefined && previous !== job.name) {
      await this.queueOf(previous).removeJobScheduler(id);
    }
    await this.queueOf(job.name).upsertJobScheduler(id, repeat, {
      name: job.name,
      data: job.data,
      opts: { attempts, backoff, removeOnComplete, removeOnFail },
    });
    this.scheduled.set(id, job.name);
  }

  async removeSchedule(id: string): Promise<void> {
    const name = this.scheduled.get(id);
    // Unknown here (registered by another process): removed from every queue this one knows.
    const queues = name !== undefined ? [this.queueOf(name)] : [...this.queues.values()];
    for (const queue of queues) await queue.removeJobScheduler(id);
    this.scheduled.delete(id);
  }

  process<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): void {
    this.assertOpen();
    if (this.workers.has(name)) throw new Error(`A handler for job ${name} is already registered`);
    // BullMQ duplicates this connection for each worker's blocking reads.
    this.workerConnection ??= connect(this.url);
    const worker = new Worker(
      `${this.queueName}.${name}`,
      (job: Job) =>
        handler(job.data as T, { jobId: String(job.id), attempt: job.attemptsMade + 1 }),
      {
        connection: this.workerConnection,
        prefix: this.prefix,
        concurrency: Math.max(1, options.concurrency ?? 1),
      },
    );
    worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        this.logger.error(`Job ${job.name} failed after ${job.attemptsMade} attempt(s)`, {
          job: job.name,
          jobId: job.id,
          error,
        });
      }
    });
    worker.on('error', (error) => this.logger.error('Job worker error', { job: name, error }));
    this.workers.set(name, worker);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Workers first (they finish running jobs), then the queues, then the connections.
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await Promise.all([this.workerConnection?.quit(), this.connection.quit()]);
  }

  /** For tests: delete every job and schedule of these queues, and any key left under the prefix. */
  async obliterate(options: { force?: boolean } = { force: true }): Promise<void> {
    for (const queue of this.queues.values()) {
      await queue.obliterate({ force: options.force ?? true });
    }
    const pattern = `${this.prefix}:${this.queueName}*`;
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
