import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { CLICK_RETENTION_DAYS, createRedisClickCounter } from '../../../projections/clicks';
import { describeClickCounterContract } from './click-counter.contract';
import { deleteKeysUnder, localRedisFor, REDIS_URL } from '../../support/local-redis';

const unreachable = await localRedisFor('Redis click counter contract');

describe.skipIf(unreachable !== undefined)('Redis click counter', () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  const prefixes: string[] = [];
  const freshPrefix = () => {
    const prefix = `test:clicks:${randomUUID()}`;
    prefixes.push(prefix);
    return prefix;
  };

  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeysUnder(redis, prefix);
    redis.disconnect();
  });

  describeClickCounterContract('redis', async () => {
    const prefix = freshPrefix();
    return {
      counter: createRedisClickCounter({ redis, prefix }),
      reopen: async () => createRedisClickCounter({ redis, prefix }),
    };
  });

  it('keeps one hash per day under the prefix, a field per provider, with an expiry', async () => {
    const prefix = freshPrefix();
    const counter = createRedisClickCounter({ redis, prefix });
    counter.count('p1', '2026-11-23');
    counter.count('p1', '2026-11-23');
    await counter.close();
    const key = `${prefix}:clicks:day:2026-11-23`;
    expect(await redis.hgetall(key)).toEqual({ p1: '2' });
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(CLICK_RETENTION_DAYS * 86_400 - 60);
  });

  it('adds the batches of two processes (HINCRBY), never overwriting', async () => {
    const prefix = freshPrefix();
    const a = createRedisClickCounter({ redis, prefix });
    const b = createRedisClickCounter({ redis, prefix });
    a.count('p1', '2026-11-23');
    b.count('p1', '2026-11-23');
    await Promise.all([a.flush(), b.flush()]);
    expect(await a.counts('2026-11-23', '2026-11-23')).toEqual([
      { day: '2026-11-23', providerId: 'p1', clicks: 2 },
    ]);
    await a.close();
    await b.close();
  });
});
