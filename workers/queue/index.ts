/**
 * Opens the JobQueue adapter a profile asks for. The composition root calls this; nothing
 * else needs to know which adapter runs.
 */
import { InlineJobQueue } from './inline';
import type { JobLogger } from './logger';
import type { JobQueue } from './port';

export type JobQueueConfig =
  { kind: 'inline' } | { kind: 'bullmq'; url: string; prefix: string; queueName?: string };

/** Async like openReadStore, so the composition root treats every adapter alike. */
export async function openJobQueue(config: JobQueueConfig, logger?: JobLogger): Promise<JobQueue> {
  if (config.kind === 'inline') return new InlineJobQueue({ logger });
  // Loaded only when asked for: the embedded profile never loads BullMQ.
  const { BullMqJobQueue } = await import('./bullmq');
  return new BullMqJobQueue({ ...config, logger });
}

export type * from './port';
export type { JobLogger } from './logger';
export { InlineJobQueue, nextCronRun } from './inline';
