/**
 * What a rebuild of the read models says to an administrator, one wording for the API's
 * answers, the audit log and the back office's screen.
 */

/** '0.4 s', '12 s', '2 min 5 s'. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 10) return `${Math.round(seconds * 10) / 10} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 'Swapped: the site now reads the rebuilt views (1,204 events in 0.8 s).' */
export function swappedText(events: number, ms: number): string {
  return `Swapped: the site now reads the rebuilt views (${count(events, 'event')} in ${formatDuration(ms)}).`;
}

/** 'The rebuild failed: <error>. The site kept reading the views it had.' */
export function failedText(error: string): string {
  return `The rebuild failed: ${error.replace(/\.$/, '')}. The site kept reading the views it had.`;
}

/** The 409 of a second start: 'A rebuild is already running (started 14:03:12 UTC by ops@…).' */
export function alreadyRunningText(startedAt: string, startedBy: string): string {
  const at = new Date(startedAt).toISOString().slice(11, 19);
  return `A rebuild is already running (started ${at} UTC by ${startedBy}).`;
}

/** '1,200 of 5,000 events (24%)', or without a total '1,200 events'. */
export function progressText(events: number, total: number | null): string {
  if (total === null || total === 0) return count(events, 'event');
  const shown = Math.min(events, total);
  return `${shown.toLocaleString('en-US')} of ${count(total, 'event')} (${Math.floor((shown / total) * 100)}%)`;
}

/** Why this process cannot rebuild from the back office, and what to do instead. */
export const REBUILD_UNAVAILABLE =
  'This server does not run the projections (distributed profile, ROLE=api): the worker process owns the read models, so a rebuild cannot be swapped in from here. Run `npm run projections:rebuild`: it queues the rebuild for the worker, which logs "read models rebuilt" when done.';

/**
 * A read model's lag on the Operations screen: 'Up to date', '3 events behind', or, where the
 * count stopped (`countedUpTo`), 'At least 100,000 events behind'.
 */
export function lagText(behind: number, countedUpTo: number): string {
  if (behind <= 0) return 'Up to date';
  if (behind >= countedUpTo) return `At least ${count(countedUpTo, 'event')} behind`;
  return `${count(behind, 'event')} behind`;
}
