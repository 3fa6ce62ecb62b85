/**
 * Leases in Redis. A lease is the key `{prefix}:lease:{name}` holding a random owner id, set
 * with SET NX PX (only when free, with an expiry); its fencing token comes from INCR on
 * `{prefix}:lease-token:{name}`, in the same script, so every new holder gets a larger one.
 * Renewal and release are compare-and-act scripts: they touch the key only while it still
 * holds this owner's id, so a holder whose lease expired and was taken cannot extend or delete
 * the new holder's.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { HeldLease, LeaseProvider } from './port';

const ACQUIRE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return redis.call('INCR', KEYS[2])
end
return 0`;

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

export interface RedisLeaseOptions {
  /** A connection of its own is best: closing it stops renewals (the lease then expires). */
  redis: Redis;
  /** Key namespace (REDIS_PREFIX). */
  prefix: string;
  /** Lease duration (default 5,000 ms): a dead holder is replaced within about this long. */
  ttlMs?: number;
}

export class RedisLeaseProvider implements LeaseProvider {
  readonly ttlMs: number;
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(options: RedisLeaseOptions) {
    this.redis = options.redis;
    this.prefix = options.prefix;
    this.ttlMs = Math.max(100, Math.trunc(options.ttlMs ?? 5_000));
  }

  private keys(name: string): [string, string] {
    return [`${this.prefix}:lease:${name}`, `${this.prefix}:lease-token:${name}`];
  }

  async acquire(name: string): Promise<HeldLease | null> {
    const [key, tokenKey] = this.keys(name);
    const owner = randomUUID();
    const token = Number(await this.redis.eval(ACQUIRE, 2, key, tokenKey, owner, this.ttlMs));
    if (!token) return null;
    return {
      token,
      renew: async () => Number(await this.redis.eval(RENEW, 1, key, owner, this.ttlMs)) === 1,
      release: async () => {
        await this.redis.eval(RELEASE, 1, key, owner);
      },
    };
  }

  async nextToken(name: string): Promise<number> {
    return this.redis.incr(this.keys(name)[1]);
  }

  async close(): Promise<void> {
    // The connection belongs to the caller.
  }
}
