/**
 * The monthly Vial Score recomputation: on the 1st of every month (06:00 UTC) every listed
 * provider's published score is recomputed from its current data. Administrators can also
 * ask for one provider's recomputation from the back office (RecomputeVialScore 'requested').
 */
import type { CommandBus } from '../commands';
import type { Queries } from '../projections';
import type { JobQueue } from './queue/port';

export const VIAL_SCORE_JOB = 'vial-score.recompute-all';
export const VIAL_SCORE_SCHEDULE_ID = 'vial-score-monthly';
/** Minute 0, hour 6, day 1, every month (UTC). */
export const VIAL_SCORE_CRON = '0 6 1 * *';

export interface VialScoreJobData {
  /** Which month the run is for (YYYY-MM); the correlation id of its events. */
  month?: string;
}

export interface VialScoreRunResult {
  recomputed: number;
  failed: number;
}

/**
 * Recomputes every listed provider's score. One provider failing (removed meanwhile, a
 * conflict) does not stop the others; the run fails at the end so the queue retries it, and a
 * retry is harmless (recomputing an unchanged score records nothing new).
 */
export async function recomputeAllVialScores(
  deps: { bus: CommandBus; queries: Pick<Queries, 'adminProviders'> },
  correlationId: string,
): Promise<VialScoreRunResult> {
  const providers = await deps.queries.adminProviders();
  let failed = 0;
  const errors: unknown[] = [];
  for (const provider of providers) {
    try {
      await deps.bus.dispatch(
        { type: 'RecomputeVialScore', providerId: provider._id, reason: 'monthly' },
        { actor: { kind: 'system', id: 'vial-score-job' }, correlationId },
      );
    } catch (error) {
      failed++;
      errors.push(error);
    }
  }
  if (failed > 0) {
    throw new AggregateError(
      errors,
      `Vial Score recomputation failed for ${failed} of ${providers.length} providers`,
    );
  }
  return { recomputed: providers.length, failed };
}

/** Registers the job handler and its monthly schedule (idempotent: a stable schedule id). */
export async function scheduleVialScoreJobs(
  queue: JobQueue,
  deps: { bus: CommandBus; queries: Pick<Queries, 'adminProviders'> },
  onDone?: (result: VialScoreRunResult, data: VialScoreJobData) => void,
): Promise<void> {
  queue.process<VialScoreJobData>(VIAL_SCORE_JOB, async (data, context) => {
    const month = data.month ?? new Date().toISOString().slice(0, 7);
    const result = await recomputeAllVialScores(deps, `vial-score-${month}-${context.jobId}`);
    onDone?.(result, { month });
  });
  await queue.schedule<VialScoreJobData>(
    VIAL_SCORE_SCHEDULE_ID,
    { cron: VIAL_SCORE_CRON, tz: 'UTC' },
    { name: VIAL_SCORE_JOB, data: {} },
  );
}
