import { InlineJobQueue } from '../../../workers/queue/inline';
import { describeQueueContract } from './queue.contract';

describeQueueContract('inline', async (logger) => {
  const queue = new InlineJobQueue({ logger });
  return { queue, dispose: () => queue.close() };
});
