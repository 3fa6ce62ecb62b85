import { Redis } from 'ioredis';
import { BullMqJobQueue } from '../../workers/queue/bullmq';
import { describeQueueContract } from './queue.contract';

// The local Redis these machines run. Its absence fails CI loudly; elsewhere the suite is
// skipped with a printed reason, never silently.
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const filePrefix = `vialtest-${process.pid}-${Date.now()}`;
let tests = 0;

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
  throw new Error(`${unreachable}: the BullMQ queue contract must run in CI`);
}

describeQueueContract(
  'bullmq',
  async (logger) => {
    // A prefix per test: no job or schedule of one test can reach another.
    const prefix = `${filePrefix}-${tests++}`;
    const queue = new BullMqJobQueue({ url, prefix, logger });
    return {
      queue,
      dispose: async () => {
        await queue.close();
        const cleaner = new BullMqJobQueue({ url, prefix });
        await cleaner.obliterate({ force: true });
        await cleaner.close();
      },
    };
  },
  unreachable,
);
