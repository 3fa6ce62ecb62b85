/**
 * Durable appends per second on the embedded profile: the SQLite event store (WAL,
 * synchronous=FULL) in a fresh file, one event per append, each to a new stream with
 * expected revision 'no_stream'. Concurrency 1 pays one fsync per append; at concurrency 32
 * the store's group commit shares a transaction (and its fsync) between the appends of one
 * event-loop turn.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { EVENT_SCHEMA_VERSION } from '../../commands';
import { DEMO_PROVIDERS } from '../../commands/providers';
import { openEventStore, type EventStore, type NewEvent } from '../../commands/event-store';
import { providerStreamId } from '../../domain/providers/events';
import { providerDetailsSchema, providerPricesSchema } from '../../domain/providers/provider';
import { fmtInt, table } from './report';
import { tempDir } from './temp';

export interface AppendRun {
  concurrency: number;
  events: number;
  seconds: number;
  perSecond: number;
}

export interface AppendsResult {
  durability: string;
  runs: AppendRun[];
}

/** A ProviderListed event as the bus would append it (real payload size and metadata). */
function listedEvent(i: number, providerId: string): NewEvent {
  const demo = DEMO_PROVIDERS[i % DEMO_PROVIDERS.length]!;
  const details = providerDetailsSchema.parse({ ...demo.details, name: `Bench Provider ${i}` });
  return {
    type: 'ProviderListed',
    data: {
      providerId,
      details: { ...details, featured: false },
      prices: providerPricesSchema.parse(demo.prices),
    },
    metadata: {
      eventId: randomUUID(),
      occurredAt: new Date().toISOString(),
      actor: { kind: 'admin', id: 'bench-admin', email: 'bench@example.com' },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      schemaVersion: EVENT_SCHEMA_VERSION,
    },
  };
}

function describeDurability(store: EventStore): string {
  const probe = store as EventStore & {
    durability?: () => { journalMode: string; synchronous: string };
  };
  if (typeof probe.durability !== 'function') return 'unknown';
  const { journalMode, synchronous } = probe.durability();
  return `journal_mode=${journalMode}, synchronous=${synchronous}`;
}

async function runOnce(
  count: number,
  concurrency: number,
): Promise<{ run: AppendRun; durability: string }> {
  const dir = tempDir(`appends-c${concurrency}`);
  const store = await openEventStore({ kind: 'sqlite', path: path.join(dir, 'events.sqlite') });
  try {
    const durability = describeDurability(store);
    // Built up front so the timing covers the append path only.
    const events = Array.from({ length: count }, (_, i) => {
      const providerId = `bench-${concurrency}-${i}`;
      return { streamId: providerStreamId(providerId), event: listedEvent(i, providerId) };
    });
    let next = 0;
    const worker = async () => {
      for (;;) {
        const i = next++;
        const item = events[i];
        if (!item) return;
        await store.append(item.streamId, [item.event], 'no_stream');
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    const head = await store.headPosition();
    if (head !== BigInt(count)) throw new Error(`expected ${count} events, the head is ${head}`);
    return { run: { concurrency, events: count, seconds, perSecond: count / seconds }, durability };
  } finally {
    await store.close();
  }
}

export async function benchAppends(count: number, concurrencies: number[]): Promise<AppendsResult> {
  const runs: AppendRun[] = [];
  let durability = 'unknown';
  for (const concurrency of concurrencies) {
    const { run, durability: d } = await runOnce(count, concurrency);
    durability = d;
    runs.push(run);
  }
  console.log(`SQLite event store: ${durability}; one event per append, each to a new stream`);
  console.log(
    table(
      ['Concurrency', 'Appends', 'Seconds', 'Appends/s'],
      runs.map((r) => [
        String(r.concurrency),
        fmtInt(r.events),
        r.seconds.toFixed(2),
        fmtInt(r.perSecond),
      ]),
      [0, 1, 2, 3],
    ),
  );
  return { durability, runs };
}
