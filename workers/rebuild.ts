/**
 * Rebuilding the read models on request: `npm run projections:rebuild` on the distributed
 * profile enqueues this job, and the worker (which owns the projection runner, so it can pause
 * the projectors around the swap) replays every event into fresh collections and swaps them in.
 */
import type { RebuildResult } from '../projections';
import type { JobQueue } from './queue/port';

export const REBUILD_JOB = 'projections.rebuild';
/**
 * Every rebuild request carries this job id: one asked for while another waits is the same
 * job (deduplicated); one asked for while a rebuild runs runs once after it.
 */
export const REBUILD_JOB_ID = 'projections.rebuild';

export interface RebuildJobData {
  requestedBy: string;
  requestedAt: string;
}

export function processRebuildJobs(
  queue: JobQueue,
  rebuild: () => Promise<RebuildResult>,
  onDone: (result: RebuildResult, data: RebuildJobData, ms: number) => void,
): void {
  queue.process<RebuildJobData>(
    REBUILD_JOB,
    async (data) => {
      const started = performance.now();
      const result = await rebuild();
      onDone(result, data, Math.round(performance.now() - started));
    },
    { concurrency: 1 },
  );
}
