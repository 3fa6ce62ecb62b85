/**
 * When the monthly Vial Score recomputation next runs: the 1st of each month at 06:00 UTC
 * (workers/providers/vial-score.ts VIAL_SCORE_CRON, '0 6 1 * *'; web/ may not import workers/).
 */
export function nextMonthlyRecomputation(now: Date): Date {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 6));
  return now.getTime() < thisMonth.getTime()
    ? thisMonth
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6));
}

/** 'December 1, 2026': the day, as the edit screen's notice says it (in UTC, the job's zone). */
export function recomputationDay(date: Date): string {
  return date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
}

/** The notice beside the scores when the public one will change. */
export function publicScoreChangesMessage(now: Date): string {
  return `The public score changes at the next monthly recomputation (on ${recomputationDay(nextMonthlyRecomputation(now))}) or with Recompute now.`;
}
