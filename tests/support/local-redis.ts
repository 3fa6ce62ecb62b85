import { Redis } from 'ioredis';

/**
 * The local Redis these machines run (127.0.0.1:6379, or REDIS_URL). Its absence fails CI
 * loudly; elsewhere a suite that needs it is skipped with a printed reason, never silently.
 */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why Redis cannot be used (unreachable, with the cause), or undefined when it answers. */
async function redisUnreachable(url: string): Promise<string | undefined> {
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

/**
 * Probes the local Redis for `suite`: throws in CI when it does not answer, otherwise prints
 * why the suite is skipped. Returns the skip reason, or undefined when the suite can run.
 */
export async function localRedisFor(suite: string): Promise<string | undefined> {
  const unreachable = await redisUnreachable(REDIS_URL);
  if (unreachable && process.env.CI === 'true') {
    throw new Error(`${unreachable}: the ${suite} must run in CI`);
  }
  if (unreachable) console.warn(`Skipping the ${suite}: ${unreachable}`);
  return unreachable;
}

/** Removes every key under `prefix:` (what one test file wrote). */
export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<void> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 500 }))
    keys.push(...(batch as string[]));
  if (keys.length > 0) await redis.del(...keys);
}
