/**
 * What every click counter promises (projections/clicks/port.ts), run against SQLite and Redis.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClickCounter } from '../../../projections/clicks';

export function describeClickCounterContract(
  name: string,
  /** A counter on a fresh, empty store; `reopen` opens the same store again. */
  open: () => Promise<{ counter: ClickCounter; reopen: () => Promise<ClickCounter> }>,
) {
  describe(`click counter contract: ${name}`, () => {
    const opened: ClickCounter[] = [];
    const track = (counter: ClickCounter) => {
      opened.push(counter);
      return counter;
    };
    afterEach(async () => {
      for (const counter of opened.splice(0)) await counter.close();
    });

    it('counts per provider per day, and reads a range of days inclusively', async () => {
      const { counter } = await open();
      track(counter);
      counter.count('p1', '2026-11-22');
      counter.count('p1', '2026-11-23');
      counter.count('p1', '2026-11-23');
      counter.count('p2', '2026-11-23');
      counter.count('p2', '2026-11-24');
      const counts = await counter.counts('2026-11-22', '2026-11-23');
      expect(counts).toEqual([
        { day: '2026-11-22', providerId: 'p1', clicks: 1 },
        { day: '2026-11-23', providerId: 'p1', clicks: 2 },
        { day: '2026-11-23', providerId: 'p2', clicks: 1 },
      ]);
    });

    it('adds later batches to what is stored', async () => {
      const { counter } = await open();
      track(counter);
      for (let i = 0; i < 5; i++) counter.count('p1', '2026-11-23');
      await counter.flush();
      for (let i = 0; i < 3; i++) counter.count('p1', '2026-11-23');
      await counter.flush();
      expect(await counter.counts('2026-11-23', '2026-11-23')).toEqual([
        { day: '2026-11-23', providerId: 'p1', clicks: 8 },
      ]);
    });

    it('keeps the counts across a close and a reopen (close flushes)', async () => {
      const { counter, reopen } = await open();
      counter.count('p1', '2026-11-23');
      counter.count('p1', '2026-11-23');
      await counter.close();
      const again = track(await reopen());
      expect(await again.counts('2026-11-01', '2026-11-30')).toEqual([
        { day: '2026-11-23', providerId: 'p1', clicks: 2 },
      ]);
    });

    it('loses no click under a burst of 20,000 (batched, flushed by size)', async () => {
      const { counter } = await open();
      track(counter);
      for (let i = 0; i < 20_000; i++) counter.count(i % 2 ? 'p1' : 'p2', '2026-11-23');
      const counts = await counter.counts('2026-11-23', '2026-11-23');
      expect(counts.reduce((sum, c) => sum + c.clicks, 0)).toBe(20_000);
    });

    it('reads nothing for an empty or reversed range', async () => {
      const { counter } = await open();
      track(counter);
      counter.count('p1', '2026-11-23');
      expect(await counter.counts('2026-11-24', '2026-11-30')).toEqual([]);
      expect(await counter.counts('2026-11-23', '2026-11-22')).toEqual([]);
    });
  });
}
