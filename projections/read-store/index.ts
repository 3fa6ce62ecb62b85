/**
 * Opens the ReadStore adapter a profile asks for. The composition root calls this; nothing
 * else needs to know which adapter runs.
 */
import { KeptReadStore, type KeptCollectionsOptions } from './kept';
import { MemoryReadStore } from './memory';
import type { ReadStore } from './port';

export type ReadStoreConfig =
  /** `kept`: collections that are no projection of events, written through to a file. */
  | { kind: 'memory'; kept?: KeptCollectionsOptions }
  | { kind: 'mongodb'; url: string; database?: string };

export async function openReadStore(config: ReadStoreConfig): Promise<ReadStore> {
  if (config.kind === 'memory') {
    return config.kept && (config.kept.collections.length > 0 || config.kept.onDisk)
      ? KeptReadStore.open(config.kept)
      : new MemoryReadStore();
  }
  // Loaded only when asked for: the embedded profile (and each thread of its rebuild) never
  // loads the MongoDB driver.
  const { MongoReadStore } = await import('./mongodb');
  return MongoReadStore.connect({ url: config.url, database: config.database });
}

export type * from './port';
export { MemoryReadStore } from './memory';
