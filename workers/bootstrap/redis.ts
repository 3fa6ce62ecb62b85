/**
 * Redis connections of the distributed profile (sessions and rate limits, click counts,
 * projector leases). ioredis is loaded on the first connection rather than imported: the
 * embedded profile never connects, and loading the client cost ~35 ms of each of its starts.
 * (BullMQ's queue, ../queue/bullmq.ts, is itself imported only by the distributed profile.)
 */
import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';

const load = createRequire(import.meta.url);

export function connectRedis(url: string, options: RedisOptions): Redis {
  const ioredis = load('ioredis') as typeof IORedis;
  return new ioredis.Redis(url, options);
}
