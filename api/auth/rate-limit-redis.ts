import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimiter } from './rate-limit';
import { flexibleRateLimiter } from './rate-limit-flexible';

export interface RedisRateLimiterOptions {
  /** A connected client; the caller owns it. */
  redis: Redis;
  /** Prepended to every key as `<prefix>:` (default 'vial'). */
  prefix?: string;
}

/**
 * rate-limiter-flexible's Redis store: one Lua script sets the expiry with the first hit and
 * repairs a counter found without one, so no counter can lock a client out for good.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const keyPrefix = `${options.prefix ?? 'vial'}:rate`;
  return flexibleRateLimiter(
    (points, duration) =>
      new RateLimiterRedis({ storeClient: options.redis, keyPrefix, points, duration }),
    async () => {
      // The client belongs to the caller.
    },
  );
}
