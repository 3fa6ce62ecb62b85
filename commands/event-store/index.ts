import type { EventStore } from './port';
import { SqliteEventStore } from './sqlite';

export type EventStoreConfig = { kind: 'sqlite'; path: string } | { kind: 'esdb'; url: string };

/**
 * Opens the event store of the chosen profile. The EventStoreDB client is loaded only when
 * asked for, so the embedded profile never loads gRPC.
 */
export async function openEventStore(config: EventStoreConfig): Promise<EventStore> {
  switch (config.kind) {
    case 'sqlite':
      return SqliteEventStore.open(config.path);
    case 'esdb': {
      const { EventStoreDbEventStore } = await import('./esdb');
      return EventStoreDbEventStore.connect(config.url);
    }
  }
}

export { ConcurrencyError } from './port';
export type * from './port';
