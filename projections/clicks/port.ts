/**
 * The click counter: outbound clicks per provider per UTC day. Not events (see
 * docs/architecture.md, outbound clicks): a click is counted in memory at once and written to
 * a store made for counters in batches, so a burst of clicks costs no event, no cached page
 * and no audit entry. Adapters: SQLite in DATA_DIR (embedded), Redis hashes (distributed).
 */
import type { ClickCount } from '../../domain/clicks/rules';

export interface ClickCounter {
  /** Counts one click (in memory; written by the next flush). Never throws, never waits. */
  count(providerId: string, day: string): void;
  /** Writes the clicks counted so far to the store. */
  flush(): Promise<void>;
  /** Every provider's clicks on the days from `fromDay` to `toDay` (inclusive), flushed first. */
  counts(fromDay: string, toDay: string): Promise<ClickCount[]>;
  /** Flushes and stops the timer (the store's connection is the caller's or closed here). */
  close(): Promise<void>;
}

/** How often pending clicks are written, and how many pending clicks force a write sooner. */
export interface FlushPolicy {
  intervalMs: number;
  maxPending: number;
}

export const DEFAULT_FLUSH_POLICY: FlushPolicy = { intervalMs: 1000, maxPending: 1000 };
