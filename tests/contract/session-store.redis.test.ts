import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../api/auth/session-store';
import { createRedisSessionStore } from '../../api/auth/session-store-redis';
import { describeSessionStoreContract } from './session-store.contract';

// The local Redis these machines run. Its absence fails CI; elsewhere the suite is skipped
// with a printed reason, never silently.
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `vialtest-sessions-${process.pid}-${Date.now()}`;

async function redisUnreachable(): Promise<string | undefined> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause: Error | undefined;
  probe.on('error', (error: Error) => (cause ??= error));
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (error) {
    return `Redis at ${url} is unreachable (${(cause ?? (error as Error)).message})`;
  } finally {
    probe.disconnect();
  }
}

const unreachable = await redisUnreachable();
if (unreachable && process.env.CI === 'true') {
  throw new Error(`${unreachable}: the Redis session store contract must run in CI`);
}
if (unreachable) console.warn(`Skipping the Redis session store contract: ${unreachable}`);

describe.skipIf(unreachable !== undefined)('Redis session store', () => {
  const redis = new Redis(url, { lazyConnect: true });

  afterAll(async () => {
    // Remove every key this file wrote, then close the shared client.
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 500 }))
      keys.push(...(batch as string[]));
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  describeSessionStoreContract('redis', () => createRedisSessionStore({ redis, prefix }));

  it('stores only the SHA-256 of the id, under the prefix, with an expiry', async () => {
    const store = createRedisSessionStore({ redis, prefix });
    const id = await store.create(
      { adminId: 'specific', email: 'a@x.example', csrfToken: 't', createdAt: 1 },
      60_000,
    );
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.some((k) => k.includes(id))).toBe(false);
    const key = `${prefix}:session:${hashSessionId(id)}`;
    expect(keys).toContain(key);
    expect(await redis.pttl(key)).toBeGreaterThan(50_000);
    expect(await redis.pttl(`${prefix}:admin-sessions:specific`)).toBeGreaterThan(50_000);
  });

  it('answers null for a corrupt stored value instead of trusting it', async () => {
    const store = createRedisSessionStore({ redis, prefix });
    const id = await store.create(
      { adminId: 'corrupt', email: 'a@x.example', csrfToken: 't', createdAt: 1 },
      60_000,
    );
    await redis.set(`${prefix}:session:${hashSessionId(id)}`, '{"adminId": 42}', 'PX', 60_000);
    expect(await store.get(id)).toBeNull();
  });
});
