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
  /** Log `doneMessage` at debug level only (a frequent housekeeping tick). */
  quiet?: boolean;
  /**
   * A repeatable schedule under a stable id (re-registering replaces it, never doubles it).
   * A function when the schedule comes from configuration (it is given the dependencies).
   */
  schedule?: JobSchedule<Data> | ((deps: Deps) => JobSchedule<Data> | undefined);
  concurrency?: number;
}

export interface JobSchedule<Data> {
  id: string;
  when: Schedule;
  data: Data;
}

export interface JobLog {
  info(message: string, fields?: Record<string, unknown>): void;
  debug?(message: string, fields?: Record<string, unknown>): void;
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
        if (job.quiet) log.debug?.(job.doneMessage, result);
        else log.info(job.doneMessage, result);
      },
      job.concurrency === undefined ? {} : { concurrency: job.concurrency },
    );
    const schedule = typeof job.schedule === 'function' ? job.schedule(deps) : job.schedule;
    if (schedule) {
      await queue.schedule(schedule.id, schedule.when, { name: job.name, data: schedule.data });
    }
  }
}
