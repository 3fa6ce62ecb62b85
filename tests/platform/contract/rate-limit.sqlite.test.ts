import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createSqliteRateLimiter } from '../../../api/auth/rate-limit-sqlite';
import { openSqlite } from '../../../api/auth/session-store-sqlite';
import { describeRateLimiterContract } from './rate-limit.contract';

const dir = mkdtempSync(join(tmpdir(), 'rate-limit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

describeRateLimiterContract('sqlite in memory', () =>
  createSqliteRateLimiter({ purgeIntervalMs: 0 }),
);
describeRateLimiterContract('sqlite file', () =>
  createSqliteRateLimiter({ filename: join(dir, `limits-${files++}.sqlite`), purgeIntervalMs: 0 }),
);

describe('SQLite rate limiter specifics', () => {
  it('counts across two processes’ worth of connections to one file', async () => {
    const file = join(dir, 'shared.sqlite');
    const a = createSqliteRateLimiter({ db: openSqlite(file), purgeIntervalMs: 0 });
    const b = createSqliteRateLimiter({ db: openSqlite(file), purgeIntervalMs: 0 });
    await a.hit('login:ip:1', 2, 60_000);
    await b.hit('login:ip:1', 2, 60_000);
    expect((await a.hit('login:ip:1', 2, 60_000)).allowed).toBe(false);
    await a.close();
    await b.close();
  });

  describe('with a controlled clock', () => {
    afterEach(() => vi.useRealTimers());
    const clockAt = (ms: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(ms);
      return { advance: (by: number) => vi.setSystemTime(Date.now() + by) };
    };

    it('purgeExpired deletes finished windows only', async () => {
      const clock = clockAt(1_000_000);
      const limiter = createSqliteRateLimiter({ purgeIntervalMs: 0 });
      await limiter.hit('old', 5, 1_000);
      await limiter.hit('current', 5, 10_000);
      clock.advance(5_000);
      expect(limiter.purgeExpired()).toBe(1);
      expect((await limiter.hit('current', 5, 10_000)).remaining).toBe(3);
      await limiter.close();
    });

    it('reports the exact time left', async () => {
      const clock = clockAt(1_000_000);
      const limiter = createSqliteRateLimiter({ purgeIntervalMs: 0 });
      await limiter.hit('k', 1, 15 * 60_000);
      clock.advance(60_000);
      expect(await limiter.hit('k', 1, 15 * 60_000)).toEqual({
        allowed: false,
        remaining: 0,
        retryAfterMs: 14 * 60_000,
      });
      clock.advance(14 * 60_000);
      expect((await limiter.hit('k', 1, 15 * 60_000)).allowed).toBe(true);
      await limiter.close();
    });
  });

  it('replaces the hand-written store’s table, whose counters lasted an hour at most', async () => {
    const db = openSqlite(':memory:');
    db.exec('CREATE TABLE rate_limits (key TEXT PRIMARY KEY, count INTEGER, reset_at INTEGER)');
    const limiter = createSqliteRateLimiter({ db, purgeIntervalMs: 0 });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'rate_limits'").get()).toBe(
      undefined,
    );
    expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(true);
    await limiter.close();
    db.close();
  });
});
