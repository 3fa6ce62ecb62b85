export {
  vialScoreJob,
  recomputeAllVialScores,
  VIAL_SCORE_CRON,
  VIAL_SCORE_JOB,
} from './vial-score';
export type { VialScoreJobData, VialScoreJobDeps, VialScoreRunResult } from './vial-score';
