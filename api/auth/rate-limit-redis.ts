import type { Redis } from 'ioredis';
import { rateLimitResult, type RateLimiter, type RateLimitResult } from './rate-limit';

export interface RedisRateLimiterOptions {
  /** A connected client; the caller owns it. */
  redis: Redis;
  /** Prepended to every key as `<prefix>:` (default 'vial'). */
  prefix?: string;
}

/**
 * INCR then PEXPIRE on the first hit, in one script so a crash between the two cannot leave a
 * counter without expiry (which would lock a client out for good). A key found without a TTL
 * is repaired the same way.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const { redis } = options;
  const prefix = options.prefix ?? 'vial';
  const keyOf = (key: string) => `${prefix}:rate:${key}`;

  return {
    async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
      const reply = (await redis.eval(
        HIT_SCRIPT,
        1,
        keyOf(key),
        Math.max(1, Math.ceil(windowMs)),
      )) as [number, number];
      const [count, ttl] = reply;
      return rateLimitResult(count, limit, ttl);
    },
    async reset(key: string) {
      await redis.del(keyOf(key));
    },
    async close() {
      // The client belongs to the caller.
    },
  };
}
