/**
 * The monthly Vial Score recomputation: on the 1st of every month (06:00 UTC) every listed
 * provider's published score is recomputed from its current data. Administrators can also
 * ask for one provider's recomputation from the back office (RecomputeVialScore 'requested').
 */
import type { z } from 'zod';
import type { CommandBus } from '../../commands';
import type { recomputeVialScoreCommand } from '../../commands/providers/commands';
import type { ProviderQueries } from '../../projections/providers';
import type { JobDeclaration } from '../jobs';

type RecomputeVialScoreInput = z.input<typeof recomputeVialScoreCommand>;

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
  deps: VialScoreJobDeps,
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

export interface VialScoreJobDeps {
  bus: Pick<CommandBus<RecomputeVialScoreInput>, 'dispatch'>;
  queries: Pick<ProviderQueries, 'adminProviders'>;
}

/** The monthly recomputation, on the 1st at 06:00 UTC (a stable schedule id: never doubled). */
export const vialScoreJob: JobDeclaration<VialScoreJobDeps, VialScoreJobData> = {
  name: VIAL_SCORE_JOB,
  doneMessage: 'monthly Vial Score recomputed',
  async run(data, context, deps) {
    const month = data.month ?? new Date().toISOString().slice(0, 7);
    const result = await recomputeAllVialScores(deps, `vial-score-${month}-${context.jobId}`);
    return { ...result, month };
  },
  schedule: { id: VIAL_SCORE_SCHEDULE_ID, when: { cron: VIAL_SCORE_CRON, tz: 'UTC' }, data: {} },
};
