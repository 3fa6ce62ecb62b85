/**
 * 'Prices checked': when an administrator last entered or verified a provider's prices, and when
 * that is too long ago. No zod here: the browser imports it.
 */

/** Prices checked longer ago than this are flagged in the back office. */
export const PRICES_STALE_AFTER_DAYS = 60;

/** True when prices were never checked, or last checked more than 60 days before `now`. */
export function pricesAreStale(checkedAt: string | null | undefined, now: Date): boolean {
  if (!checkedAt) return true;
  const at = Date.parse(checkedAt);
  if (!Number.isFinite(at)) return true;
  return now.getTime() - at > PRICES_STALE_AFTER_DAYS * 24 * 60 * 60 * 1000;
}
