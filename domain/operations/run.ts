/**
 * A rebuild of the read models as the back office follows it (workers/rebuild.ts keeps it while
 * it runs; GET /api/admin/operations/rebuild answers it).
 */

/** One rebuild as the back office follows it. */
export interface RebuildRunState {
  id: string;
  startedAt: string;
  /** Who started it (an administrator's e-mail, or 'signal' / 'cli'). */
  startedBy: string;
  status: 'running' | 'swapped' | 'failed';
  /** While running: the step (replaying, catching up, swapping). */
  step: 'starting' | 'replaying' | 'catching-up' | 'swapping';
  /** Events replayed so far (then the rebuild's own count). */
  events: number;
  /** Events in the log when it started (null until counted). */
  total: number | null;
  /** Since the start; frozen at the end. */
  elapsedMs: number;
  /** When swapped: the read models swapped in and the position they now have. */
  result?: { events: number; projectors: number; position: string; ms: number };
  /** When failed: what went wrong. */
  error?: string;
}
