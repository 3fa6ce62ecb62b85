import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../../api/auth/rate-limit';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MINUTE = 60_000;

/**
 * The contract every RateLimiter adapter honours: a fixed window per key. Keys are unique per
 * test so a shared Redis never mixes runs; window-end checks wait past a one-second window,
 * the shortest there is.
 */
export function describeRateLimiterContract(
  name: string,
  factory: () => RateLimiter | Promise<RateLimiter>,
): void {
  describe(`RateLimiter contract: ${name}`, () => {
    let limiter: RateLimiter;
    let run: string;

    beforeEach(async () => {
      limiter = await factory();
      run = randomUUID().slice(0, 8);
    });
    afterEach(async () => {
      await limiter.close();
    });

    const key = (label: string) => `${label}:${run}`;

    it('allows up to the limit, counting down what remains', async () => {
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await limiter.hit(key('ip'), 3, MINUTE));
      expect(results).toEqual([
        { allowed: true, remaining: 2, retryAfterMs: 0 },
        { allowed: true, remaining: 1, retryAfterMs: 0 },
        { allowed: true, remaining: 0, retryAfterMs: 0 },
      ]);
    });

    it('refuses past the limit and says how long until the window ends', async () => {
      for (let i = 0; i < 2; i++) await limiter.hit(key('ip'), 2, MINUTE);
      const refused = await limiter.hit(key('ip'), 2, MINUTE);
      expect(refused.allowed).toBe(false);
      expect(refused.remaining).toBe(0);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(MINUTE);
      // Refused attempts still count: the window does not restart.
      expect((await limiter.hit(key('ip'), 2, MINUTE)).allowed).toBe(false);
    });

    it('counts each key on its own', async () => {
      await limiter.hit(key('a'), 1, MINUTE);
      expect((await limiter.hit(key('a'), 1, MINUTE)).allowed).toBe(false);
      expect((await limiter.hit(key('b'), 1, MINUTE)).allowed).toBe(true);
    });

    it('reset forgets the count', async () => {
      await limiter.hit(key('email'), 1, MINUTE);
      await limiter.reset(key('email'));
      expect(await limiter.hit(key('email'), 1, MINUTE)).toEqual({
        allowed: true,
        remaining: 0,
        retryAfterMs: 0,
      });
      await expect(limiter.reset(key('never-hit'))).resolves.toBeUndefined();
    });

    it('starts a new window once the old one has ended (windows count in whole seconds)', async () => {
      await limiter.hit(key('short'), 1, 1_000);
      await sleep(1_200);
      expect(await limiter.hit(key('short'), 1, 1_000)).toEqual({
        allowed: true,
        remaining: 0,
        retryAfterMs: 0,
      });
    });

    it('loses no hit under concurrency: exactly `limit` of many parallel hits are allowed', async () => {
      const results = await Promise.all(
        Array.from({ length: 25 }, () => limiter.hit(key('burst'), 10, MINUTE)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(results.map((r) => r.remaining).sort((a, b) => a - b)[0]).toBe(0);
    });
  });
}
