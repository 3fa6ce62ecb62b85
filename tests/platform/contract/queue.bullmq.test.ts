import { BullMqJobQueue } from '../../../workers/queue/bullmq';
import { describeQueueContract } from './queue.contract';
import { localRedisFor, REDIS_URL } from '../../support/local-redis';

const filePrefix = `vialtest-${process.pid}-${Date.now()}`;
let tests = 0;

const unreachable = await localRedisFor('BullMQ queue contract');

describeQueueContract(
  'bullmq',
  async (logger) => {
    // A prefix per test: no job or schedule of one test can reach another.
    const prefix = `${filePrefix}-${tests++}`;
    const queue = new BullMqJobQueue({ url: REDIS_URL, prefix, logger });
    return {
      queue,
      dispose: async () => {
        await queue.close();
        const cleaner = new BullMqJobQueue({ url: REDIS_URL, prefix });
        await cleaner.obliterate({ force: true });
        await cleaner.close();
      },
    };
  },
  unreachable,
);
