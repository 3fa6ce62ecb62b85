/**
 * The distributed profile's click counts: one Redis hash per UTC day,
 * `<prefix>:clicks:day:<YYYY-MM-DD>`, a field per provider id, each batch one pipeline of
 * HINCRBY (atomic, so every api process adds its own batches safely). A day's hash expires
 * after CLICK_RETENTION_DAYS: the report reads 90 days, older counts are not kept forever.
 */
import type { Redis } from 'ioredis';
import { lastDaysBetween } from './days';
import { bufferedClickCounter, type ClickStoreWrites } from './buffered';
import type { ClickCounter, FlushPolicy } from './port';

export const CLICK_RETENTION_DAYS = 400;

export interface RedisClickCounterOptions {
  /** A connected client; closed with the counter only when `ownsClient` is true. */
  redis: Redis;
  /** Keys are `<prefix>:clicks:...` (REDIS_PREFIX). */
  prefix: string;
  ownsClient?: boolean;
  policy?: FlushPolicy;
  onError?: (error: unknown) => void;
}

export function redisClickStore(options: RedisClickCounterOptions): ClickStoreWrites {
  const { redis, prefix } = options;
  const keyOf = (day: string) => `${prefix}:clicks:day:${day}`;
  const ttlSeconds = CLICK_RETENTION_DAYS * 86_400;
  return {
    async add(increments) {
      const pipeline = redis.pipeline();
      const days = new Set<string>();
      for (const item of increments) {
        pipeline.hincrby(keyOf(item.day), item.providerId, item.clicks);
        days.add(item.day);
      }
      for (const day of days) pipeline.expire(keyOf(day), ttlSeconds);
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed?.[0]) throw failed[0];
    },
    async read(fromDay, toDay) {
      const days = lastDaysBetween(fromDay, toDay);
      if (days.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const day of days) pipeline.hgetall(keyOf(day));
      const results = (await pipeline.exec()) ?? [];
      return days.flatMap((day, i) => {
        const [error, hash] = results[i] ?? [null, {}];
        if (error) throw error;
        return Object.entries((hash ?? {}) as Record<string, string>)
          .map(([providerId, clicks]) => ({ day, providerId, clicks: Number(clicks) }))
          .sort((a, b) => a.providerId.localeCompare(b.providerId));
      });
    },
    async close() {
      if (options.ownsClient) await redis.quit();
    },
  };
}

export function createRedisClickCounter(options: RedisClickCounterOptions): ClickCounter {
  return bufferedClickCounter(redisClickStore(options), options.policy, options.onError);
}
