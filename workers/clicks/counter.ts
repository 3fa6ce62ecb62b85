/**
 * The clicks capability's port: the click counter, clicks.sqlite in DATA_DIR (embedded) or day
 * hashes on Redis (distributed). Opened and closed with the backend (`backend.clicks`).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { connectRedis } from '../bootstrap/redis';
import {
  createRedisClickCounter,
  createSqliteClickCounter,
  type ClickCounter,
} from '../../projections/clicks';
import type { PortDeclaration } from '../bootstrap/capability';
import { required } from '../bootstrap/platform-config';

/** The embedded profile's counts, in DATA_DIR. */
export const CLICKS_FILE = 'clicks.sqlite';

export const clickCounterPort: PortDeclaration<ClickCounter> = {
  async open({ config, logger }) {
    const onError = (error: unknown) =>
      logger.error('click counts could not be written; kept for the next flush', { err: error });
    let counter: ClickCounter;
    if (config.PROFILE === 'embedded') {
      mkdirSync(config.dataDir, { recursive: true });
      counter = createSqliteClickCounter({ path: path.join(config.dataDir, CLICKS_FILE), onError });
    } else {
      const redis = connectRedis(required(config.REDIS_URL, 'REDIS_URL'), {
        maxRetriesPerRequest: 3,
      });
      redis.on('error', (error: Error) =>
        logger.error('click counter: Redis error', { err: error }),
      );
      counter = createRedisClickCounter({
        redis,
        prefix: config.REDIS_PREFIX,
        ownsClient: true,
        onError,
      });
    }
    return { value: counter, close: () => counter.close() };
  },
};
