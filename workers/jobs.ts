/**
 * Capabilities declare their background jobs (handler, schedule); `startJobs` registers them
 * all on the queue, in whichever process runs jobs (ROLE all, or the worker). Nothing here
 * names a capability.
 */
import type { JobContext, JobQueue, Schedule } from './queue/port';

export interface JobDeclaration<Deps, Data = unknown> {
  /** The queue's job name ('vial-score.recompute-all'). */
  name: string;
  /** Runs one job; what it returns is logged with `doneMessage`. */
  run(data: Data, context: JobContext, deps: Deps): Promise<Record<string, unknown>>;
  doneMessage: string;
  /** A repeatable schedule under a stable id (re-registering replaces it, never doubles it). */
  schedule?: { id: string; when: Schedule; data: Data };
  concurrency?: number;
}

export interface JobLog {
  info(message: string, fields?: Record<string, unknown>): void;
}

export async function startJobs<Deps>(
  queue: JobQueue,
  jobs: readonly JobDeclaration<Deps, unknown>[],
  deps: Deps,
  log: JobLog,
): Promise<void> {
  for (const job of jobs) {
    queue.process<unknown>(
      job.name,
      async (data, context) => {
        const result = await job.run(data, context, deps);
        log.info(job.doneMessage, result);
      },
      job.concurrency === undefined ? {} : { concurrency: job.concurrency },
    );
    if (job.schedule) {
      await queue.schedule(job.schedule.id, job.schedule.when, {
        name: job.name,
        data: job.schedule.data,
      });
    }
  }
}
