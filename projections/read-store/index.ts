/**
 * Opens the ReadStore adapter a profile asks for. The composition root calls this; nothing
 * else needs to know which adapter runs.
 */
import { MemoryReadStore } from './memory';
import { MongoReadStore } from './mongodb';
import type { ReadStore } from './port';

export type ReadStoreConfig =
  { kind: 'memory' } | { kind: 'mongodb'; url: string; database?: string };

export async function openReadStore(config: ReadStoreConfig): Promise<ReadStore> {
  if (config.kind === 'memory') return new MemoryReadStore();
  return MongoReadStore.connect({ url: config.url, database: config.database });
}

export type * from './port';
export { MemoryReadStore } from './memory';
export { MongoReadStore } from './mongodb';
