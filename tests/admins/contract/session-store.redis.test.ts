import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../../api/auth/session-store';
import { createRedisSessionStore } from '../../../api/auth/session-store-redis';
import { describeSessionStoreContract } from './session-store.contract';
import { deleteKeysUnder, localRedisFor, REDIS_URL } from '../../support/local-redis';

// This branch's own key space on the shared local Redis (other work runs there in parallel).
const prefix = `test:admins:sessions-${process.pid}-${Date.now()}`;

const unreachable = await localRedisFor('Redis session store contract');

describe.skipIf(unreachable !== undefined)('Redis session store', () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });

  afterAll(async () => {
    await deleteKeysUnder(redis, prefix);
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
