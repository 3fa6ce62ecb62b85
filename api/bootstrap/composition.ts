/**
 * The HTTP process's part of the composition: the stores only it opens (sessions, sign-in
 * rate limits) and the capabilities' public reads bound to the backend's queries. The backend
 * (event log, read models, queue, jobs) is composed below, in workers/bootstrap/composition.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { connectRedis } from '../../workers/bootstrap/redis';
import type { AppQueries } from '../../workers/bootstrap/composition';
import { required } from '../../workers/bootstrap/platform-config';
import type { Config } from '../../workers/bootstrap/config';
import type { RateLimiter } from '../auth/rate-limit';
import { createRedisRateLimiter } from '../auth/rate-limit-redis';
import { createSqliteRateLimiter } from '../auth/rate-limit-sqlite';
import type { SessionStore } from '../auth/session-store';
import { createRedisSessionStore } from '../auth/session-store-redis';
import { createSqliteSessionStore, openSqlite } from '../auth/session-store-sqlite';
import type { PublicReadRoute } from '../http/public-reads';
import { HTTP_CAPABILITY_LIST } from './capabilities';

/** Every capability's public reads, bound to the queries (served over HTTP and to SSR). */
export function appPublicReads(queries: AppQueries, config: Config): PublicReadRoute[] {
  return HTTP_CAPABILITY_LIST.flatMap((c) =>
    (c.publicReads ?? []).map((r) => ({
      path: r.path,
      ...(r.private ? { private: true } : {}),
      read: (params) => r.read(queries, params, { config }),
    })),
  );
}

export interface AuthStores {
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  close(): Promise<void>;
}

/** Sessions and sign-in rate limits: SQLite in DATA_DIR (embedded) or Redis (distributed). */
export function openAuthStores(config: Config): AuthStores {
  if (config.PROFILE === 'embedded') {
    mkdirSync(config.dataDir, { recursive: true });
    const db = openSqlite(path.join(config.dataDir, 'auth.sqlite'));
    db.pragma('synchronous = NORMAL');
    const sessions = createSqliteSessionStore({ db });
    const rateLimiter = createSqliteRateLimiter({ db });
    return {
      sessions,
      rateLimiter,
      async close() {
        await sessions.close();
        await rateLimiter.close();
        db.close();
      },
    };
  }
  const redis = connectRedis(required(config.REDIS_URL, 'REDIS_URL'), {
    maxRetriesPerRequest: 3,
    lazyConnect: false,
  });
  const prefix = config.REDIS_PREFIX;
  return {
    sessions: createRedisSessionStore({ redis, prefix }),
    rateLimiter: createRedisRateLimiter({ redis, prefix }),
    async close() {
      await redis.quit();
    },
  };
}
