import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteRateLimiter } from '../../api/auth/rate-limit-sqlite';
import { openSqlite } from '../../api/auth/session-store-sqlite';
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

  it('purgeExpired deletes finished windows only', async () => {
    let clock = 1_000_000;
    const limiter = createSqliteRateLimiter({ purgeIntervalMs: 0, now: () => clock });
    await limiter.hit('old', 5, 1_000);
    await limiter.hit('current', 5, 10_000);
    clock += 5_000;
    expect(limiter.purgeExpired()).toBe(1);
    expect((await limiter.hit('current', 5, 10_000)).remaining).toBe(3);
    await limiter.close();
  });

  it('reports the exact time left with a controlled clock', async () => {
    let clock = 0;
    const limiter = createSqliteRateLimiter({ purgeIntervalMs: 0, now: () => clock });
    await limiter.hit('k', 1, 15 * 60_000);
    clock += 60_000;
    expect(await limiter.hit('k', 1, 15 * 60_000)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 14 * 60_000,
    });
    clock += 14 * 60_000;
    expect((await limiter.hit('k', 1, 15 * 60_000)).allowed).toBe(true);
    await limiter.close();
  });
});
