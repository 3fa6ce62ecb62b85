import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from '../../../api/auth/rate-limit-redis';
import { describeRateLimiterContract } from './rate-limit.contract';
import { deleteKeysUnder, localRedisFor, REDIS_URL } from '../../support/local-redis';

const prefix = `vialtest-ratelimit-${process.pid}-${Date.now()}`;

const unreachable = await localRedisFor('Redis rate limiter contract');

describe.skipIf(unreachable !== undefined)('Redis rate limiter', () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });

  afterAll(async () => {
    await deleteKeysUnder(redis, prefix);
    redis.disconnect();
  });

  describeRateLimiterContract('redis', () => createRedisRateLimiter({ redis, prefix }));

  it('keeps counters under the prefix with an expiry, so none can lock a client out for good', async () => {
    const limiter = createRedisRateLimiter({ redis, prefix });
    await limiter.hit('login:ip:203.0.113.9', 10, 60_000);
    expect(await redis.pttl(`${prefix}:rate:login:ip:203.0.113.9`)).toBeGreaterThan(50_000);
  });

  it('repairs a counter that lost its expiry', async () => {
    const limiter = createRedisRateLimiter({ redis, prefix });
    await redis.set(`${prefix}:rate:stuck`, '99');
    const result = await limiter.hit('stuck', 10, 60_000);
    expect(result.allowed).toBe(false);
    expect(result.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await redis.pttl(`${prefix}:rate:stuck`)).toBeGreaterThan(50_000);
  });
});
