import type { Redis } from 'ioredis';
import {
  hashSessionId,
  isWellFormedSessionId,
  newSessionId,
  parseSessionData,
  type SessionData,
  type SessionStore,
  type StoredSession,
} from './session-store';

export interface RedisSessionStoreOptions {
  /** A connected client; the caller owns it (several adapters share one). */
  redis: Redis;
  /** Prepended to every key as `<prefix>:`; one per deployment or test file (default 'vial'). */
  prefix?: string;
}

/**
 * Keys: `<prefix>:session:<sha256(id)>` holds the JSON data with a PX expiry;
 * `<prefix>:admin-sessions:<adminId>` is a set of those hashes so `destroyAllFor` finds them.
 * The set lives as long as its longest-lived member (stale members are harmless: DEL of a gone key).
 */
const CREATE_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
local ttl = redis.call('PTTL', KEYS[2])
if ttl < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return 1
`;

/** Atomic, so a session created meanwhile is either deleted or still listed in a surviving set. */
const DESTROY_ALL_SCRIPT = `
local hashes = redis.call('SMEMBERS', KEYS[1])
for _, hash in ipairs(hashes) do redis.call('DEL', ARGV[1] .. hash) end
redis.call('DEL', KEYS[1])
return #hashes
`;

const TOUCH_SCRIPT = `
if redis.call('PEXPIRE', KEYS[1], ARGV[1]) == 1 then
  local ttl = redis.call('PTTL', KEYS[2])
  if ttl >= 0 and ttl < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
end
return 1
`;

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function createRedisSessionStore(options: RedisSessionStoreOptions): SessionStore {
  const { redis } = options;
  const prefix = options.prefix ?? 'vial';
  const sessionKey = (hash: string) => `${prefix}:session:${hash}`;
  const adminKey = (adminId: string) => `${prefix}:admin-sessions:${adminId}`;

  return {
    async create(data: SessionData, ttlMs: number) {
      const id = newSessionId();
      const hash = hashSessionId(id);
      const ttl = Math.max(1, Math.ceil(ttlMs));
      await redis.eval(
        CREATE_SCRIPT,
        2,
        sessionKey(hash),
        adminKey(data.adminId),
        JSON.stringify(data),
        ttl,
        hash,
      );
      return id;
    },
    async get(id: string): Promise<StoredSession | null> {
      if (!isWellFormedSessionId(id)) return null;
      const key = sessionKey(hashSessionId(id));
      const result = await redis.multi().get(key).pttl(key).exec();
      const raw = result?.[0]?.[1];
      const pttl = result?.[1]?.[1];
      if (typeof raw !== 'string' || typeof pttl !== 'number' || pttl < 0) return null;
      const data = parseSessionData(safeJson(raw));
      return data ? { ...data, expiresAt: Date.now() + pttl } : null;
    },
    async touch(id: string, ttlMs: number) {
      if (!isWellFormedSessionId(id)) return;
      const key = sessionKey(hashSessionId(id));
      const raw = await redis.get(key);
      const data = raw ? parseSessionData(safeJson(raw)) : null;
      if (!data) return;
      await redis.eval(TOUCH_SCRIPT, 2, key, adminKey(data.adminId), Math.max(1, Math.ceil(ttlMs)));
    },
    async destroy(id: string) {
      if (!isWellFormedSessionId(id)) return;
      await redis.del(sessionKey(hashSessionId(id)));
    },
    async destroyAllFor(adminId: string) {
      const setKey = adminKey(adminId);
      await redis.eval(DESTROY_ALL_SCRIPT, 1, setKey, sessionKey(''));
    },
    async close() {
      // The client belongs to the caller.
    },
  };
}
