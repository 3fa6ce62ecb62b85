import { appCommandBus, appProjectors, appQueries } from '../../workers/bootstrap/composition';
import { SqliteEventStore } from '../../commands/event-store/sqlite';
import type { Actor } from '../../domain/shared/envelope';
import type { ProviderDetailsInput } from '../../domain/providers/provider';
import { MemoryReadStore } from '../../projections/read-store/memory';
import { createProjectionRunner } from '../../projections/runner';
import type { Projector } from '../../projections/projector';

export const ADMIN: Actor = { kind: 'admin', id: 'a-1', email: 'ops@example.com' };
export const CTX = { actor: ADMIN, correlationId: 'req-1' };

/** The embedded profile wired in memory: SQLite ':memory:', memory read store, runner. */
export function app(options: { projectors?: Projector[]; now?: () => Date } = {}) {
  const eventStore = new SqliteEventStore(':memory:');
  const readStore = new MemoryReadStore();
  const projectors = options.projectors ?? appProjectors();
  const bus = appCommandBus(eventStore, options.now ? { now: options.now } : {});
  const runner = createProjectionRunner({ readStore, eventStore, projectors, retryDelayMs: 10 });
  return {
    eventStore,
    readStore,
    projectors,
    bus,
    runner,
    queries: appQueries(readStore),
    async close() {
      await runner.stop();
      await eventStore.close();
    },
  };
}

export const acme: ProviderDetailsInput = {
  name: 'Acme Health',
  websiteUrl: 'https://acme.example',
  states: ['CA', 'NY', 'TX'],
  medications: ['Semaglutide', 'Tirzepatide'],
  trustpilotScore: 4.5,
  googleScore: 4.2,
  featured: true,
  discountCode: 'ACME10',
};

/** Every collection the projectors write, as sorted plain data. */
export async function snapshot(readStore: MemoryReadStore, projectors: Projector[]) {
  const out: Record<string, unknown[]> = {};
  for (const name of projectors.flatMap((p) => p.collections)) {
    out[name] = await readStore.collection(name).find({}, { sort: { _id: 1 } });
  }
  return out;
}
