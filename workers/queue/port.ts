/**
 * The Queue port: named background jobs with retries and schedules.
 * Adapters: inline (in-process, embedded profile) and BullMQ on Redis (distributed).
 * Job names and schedules are the same on both profiles.
 */
export interface JobOptions {
  /** Total attempts including the first (default 3). */
  attempts?: number;
  /** Exponential backoff base delay in ms (default 1000). */
  backoffMs?: number;
  /** Deduplicates: a job with the same id that is waiting is not enqueued twice. */
  jobId?: string;
  /** Delay before the first attempt, in ms. */
  delayMs?: number;
}

export type Schedule = { every: number } | { cron: string; tz?: string };

export interface JobContext {
  jobId: string;
  /** 1 on the first attempt. */
  attempt: number;
}

export type JobHandler<T = unknown> = (data: T, context: JobContext) => Promise<void>;

export interface JobQueue {
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /** Create or replace a repeatable schedule under a stable id. */
  schedule<T>(id: string, schedule: Schedule, job: { name: string; data: T }): Promise<void>;
  removeSchedule(id: string): Promise<void>;
  /** Register the handler for a job name; the queue starts delivering such jobs to it. */
  process<T>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  /** Stop taking jobs, wait for running ones to finish, release connections. */
  close(): Promise<void>;
}
