/**
 * The batching both adapters share: clicks add up in a Map keyed by day and provider; a timer
 * (every second by default) or a full batch writes them with one call to the store. A failed
 * write puts its clicks back, to be tried at the next flush. A crash loses at most the clicks
 * of the last interval: the price of not writing per click.
 */
import type { ClickCount } from '../../domain/clicks/rules';
import { DEFAULT_FLUSH_POLICY, type ClickCounter, type FlushPolicy } from './port';

export interface ClickStoreWrites {
  /** Adds these increments to the stored counts (one transaction or pipeline). */
  add(increments: readonly ClickCount[]): Promise<void>;
  read(fromDay: string, toDay: string): Promise<ClickCount[]>;
  close(): Promise<void>;
}

export function bufferedClickCounter(
  store: ClickStoreWrites,
  policy: FlushPolicy = DEFAULT_FLUSH_POLICY,
  onError: (error: unknown) => void = () => {},
): ClickCounter {
  let pending = new Map<string, ClickCount>();
  let pendingClicks = 0;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const flush = (): Promise<void> => {
    if (pending.size === 0) return writing;
    const batch = [...pending.values()];
    pending = new Map();
    pendingClicks = 0;
    // One write at a time, in order: increments are never reordered or run concurrently.
    writing = writing.then(async () => {
      try {
        await store.add(batch);
      } catch (error) {
        for (const item of batch) add(item.providerId, item.day, item.clicks);
        onError(error);
      }
    });
    return writing;
  };

  const add = (providerId: string, day: string, clicks: number) => {
    const key = `${day}\u0000${providerId}`;
    const known = pending.get(key);
    if (known) known.clicks += clicks;
    else pending.set(key, { day, providerId, clicks });
    pendingClicks += clicks;
  };

  const timer = setInterval(() => void flush(), policy.intervalMs);
  timer.unref();

  return {
    count(providerId, day) {
      add(providerId, day, 1);
      if (pendingClicks >= policy.maxPending) void flush();
    },
    flush,
    async counts(fromDay, toDay) {
      await flush();
      return store.read(fromDay, toDay);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await flush();
      await store.close();
    },
  };
}
