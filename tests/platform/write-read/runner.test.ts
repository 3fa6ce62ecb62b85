/**
 * The projection runner's failure handling and bookkeeping, on a real SQLite event store.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appCommandBus } from '../../../workers/bootstrap/composition';
import { SqliteEventStore } from '../../../commands/event-store/sqlite';
import type { EventSource, ProjectedEvent } from '../../../projections/event-source';
import { EVERY_EVENT, type Projector } from '../../../projections/projector';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import { STORE_CHECKPOINT } from '../../../projections/rebuild';
import { createProjectionRunner } from '../../../projections/runner';
import { app, acme, CTX } from '../../support/write-read';

type App = ReturnType<typeof app>;
let current: App | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

/** Records what it sees; throws on the first `failures` attempts at the second event. */
function flakyProjector(failures: number) {
  const seen: string[] = [];
  let left = failures;
  const projector: Projector = {
    name: 'flaky',
    collections: ['flaky'],
    eventTypes: EVERY_EVENT,
    async handle(event, ctx) {
      if (event.position === 2n && left > 0) {
        left--;
        throw new Error('read store unavailable');
      }
      seen.push(`${event.position}:${event.type}`);
      await ctx.collection('flaky').upsert({ _id: String(event.position), type: event.type });
    },
  };
  return { projector, seen };
}

describe('projection runner', () => {
  it('tells when a start far behind the log begins and ends its catch-up, with the events replayed', async () => {
    const eventStore = new SqliteEventStore(':memory:');
    // More than CATCH_UP_IN_PAGES_AFTER (1,000) events before the runner starts.
    for (let i = 0; i < 1_200; i++) {
      await eventStore.append(
        `note-${i}`,
        [
          {
            type: 'NoteWritten',
            data: { i },
            metadata: {
              eventId: `e-${i}`,
              occurredAt: '2025-01-01T00:00:00.000Z',
              actor: { kind: 'system', id: 'test' },
              correlationId: 'c',
              causationId: 'c',
              schemaVersion: 1,
            },
          },
        ],
        'no_stream',
      );
    }
    const notes = flakyProjector(0);
    const progress: unknown[] = [];
    const runner = createProjectionRunner({
      readStore: new MemoryReadStore(),
      eventStore,
      projectors: [notes.projector],
      onCatchUp: (step) => progress.push(step.done ? { done: true, events: step.events } : step),
    });
    try {
      await runner.start();
      expect(progress).toEqual([{ done: false }, { done: true, events: 1_200 }]);
      expect(notes.seen).toHaveLength(1_200);
    } finally {
      await runner.stop();
      await eventStore.close();
    }
  });

  it('after a handler error it resubscribes from the stored checkpoint and applies each event once, in order', async () => {
    const flaky = flakyProjector(2);
    current = app({ projectors: [flaky.projector] });
    await current.runner.start();
    const { position } = await current.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await current.runner.waitFor(position, 5000)).toBe(true);
    // A listing is four events: the slug's reservation, then the provider's three.
    expect(flaky.seen).toEqual([
      '1:ProviderSlugReserved',
      '2:ProviderListed',
      '3:VialScoreRecomputed',
      '4:ProviderFeatured',
    ]);
    expect(await current.readStore.getCheckpoint('flaky')).toBe('4');
  });

  it('hands a projector only the event types it reads and moves its checkpoint past the others', async () => {
    const flaky = flakyProjector(0);
    const listings: Projector = {
      ...flaky.projector,
      eventTypes: ['ProviderListed', 'VialScoreRecomputed'],
    };
    current = app({ projectors: [listings] });
    await current.runner.start();
    const { position } = await current.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await current.runner.waitFor(position, 5000)).toBe(true);
    expect(flaky.seen).toEqual(['2:ProviderListed', '3:VialScoreRecomputed']);
    // The last event (ProviderFeatured) is not read, yet the checkpoint is past it.
    expect(await current.readStore.getCheckpoint('flaky')).toBe('4');
  });

  it('moves its read-models version with every applied event, so pages kept at the version before are stale', async () => {
    const flaky = flakyProjector(0);
    current = app({ projectors: [flaky.projector] });
    await current.runner.start();
    const before = current.runner.readModelsVersion();
    expect(before).not.toBeNull();
    const { position } = await current.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await current.runner.waitFor(position, 5000)).toBe(true);
    const after = current.runner.readModelsVersion();
    expect(after).not.toBe(before);
    // Nothing applied since: the same version, read without I/O.
    expect(current.runner.readModelsVersion()).toBe(after);
  });

  it('a failing projector does not hold the others back, and lag shows it', async () => {
    const stuck: Projector = {
      name: 'stuck',
      collections: [],
      eventTypes: EVERY_EVENT,
      async handle() {
        throw new Error('always fails');
      },
    };
    const ok = flakyProjector(0);
    current = app({ projectors: [] });
    const errors: string[] = [];
    // A runner with its own error sink, so the test output stays quiet.
    const { createProjectionRunner } = await import('../../../projections/runner');
    const runner = createProjectionRunner({
      readStore: current.readStore,
      eventStore: current.eventStore,
      projectors: [ok.projector, stuck],
      retryDelayMs: 5,
      maxRetryDelayMs: 20,
      onError: (name) => errors.push(name),
    });
    await runner.start();
    const { position } = await current.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await runner.waitFor(position, 200)).toBe(false);
    expect(ok.seen).toHaveLength(4);
    expect(await runner.lag()).toBe(4);
    const status = await runner.status();
    expect(status.find((s) => s.name === 'flaky')).toMatchObject({ checkpoint: '4', behind: 0 });
    expect(status.find((s) => s.name === 'stuck')).toMatchObject({ checkpoint: '0', behind: 4 });
    expect(errors.length).toBeGreaterThan(1);
    expect(new Set(errors)).toEqual(new Set(['stuck']));
    await runner.stop();
  });

  it('starts from the stored checkpoint: events before it are not applied again', async () => {
    const first = flakyProjector(0);
    current = app({ projectors: [first.projector] });
    await current.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    await current.readStore.setCheckpoint('flaky', '3');
    await current.runner.start();
    expect(await current.runner.waitFor(4n)).toBe(true);
    expect(first.seen).toEqual(['4:ProviderFeatured']);
  });
});

/** Keeps, per event, the stream it came from: two logs' events tell apart by their streams. */
const streamsProjector: Projector = {
  name: 'streams',
  collections: ['streams'],
  eventTypes: EVERY_EVENT,
  async handle(event, ctx) {
    await ctx
      .collection('streams')
      .upsert({ _id: String(event.position), streamId: event.streamId });
  },
};

async function streamsOf(readStore: MemoryReadStore): Promise<string[]> {
  const docs = await readStore.collection<{ _id: string; streamId: string }>('streams').find({});
  return docs.map((d) => d.streamId);
}

describe('projection runner pointed at another event log', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const o of opened.splice(0).reverse()) await o.close();
  });

  /** A log with `providers` providers listed (3 events each), and the streams it holds. */
  async function logWith(providers: number) {
    const eventStore = new SqliteEventStore(':memory:');
    opened.push(eventStore);
    const bus = appCommandBus(eventStore);
    for (let i = 0; i < providers; i++) {
      await bus.dispatch({ type: 'ListProvider', details: { ...acme, name: `P${i}` } }, CTX);
    }
    const streams = (await eventStore.readAll()).map((e) => e.streamId);
    return { eventStore, streams };
  }

  async function runOn(readStore: MemoryReadStore, eventStore: SqliteEventStore) {
    const runner = createProjectionRunner({
      readStore,
      eventStore,
      projectors: [streamsProjector],
      onError: () => undefined,
    });
    opened.push({ close: () => runner.stop() });
    await runner.start();
    expect(await runner.waitFor(await eventStore.headPosition(), 5000)).toBe(true);
    return runner;
  }

  it('rebuilds from a wiped log that grew past the old checkpoints instead of skipping its first events', async () => {
    const readStore = new MemoryReadStore();
    const first = await logWith(1);
    await (await runOn(readStore, first.eventStore)).stop();
    expect(await readStore.getCheckpoint('streams')).toBe('4');

    const wiped = await logWith(2); // positions 1..8: 1..4 are not the events applied before
    await runOn(readStore, wiped.eventStore);
    expect((await streamsOf(readStore)).sort()).toEqual([...wiped.streams].sort());
    expect(await readStore.getCheckpoint(STORE_CHECKPOINT)).toBe(await wiped.eventStore.storeId());
  });

  it('rebuilds from a different, shorter log instead of waiting beyond its end', async () => {
    const readStore = new MemoryReadStore();
    const longer = await logWith(2);
    await (await runOn(readStore, longer.eventStore)).stop();

    const shorter = await logWith(1);
    const runner = await runOn(readStore, shorter.eventStore);
    expect((await streamsOf(readStore)).sort()).toEqual([...shorter.streams].sort());
    expect(await readStore.getCheckpoint('streams')).toBe('4');
    expect(await runner.lag()).toBe(0);
  });

  it('keeps its checkpoints when started again on the same log', async () => {
    const readStore = new MemoryReadStore();
    const log = await logWith(1);
    await (await runOn(readStore, log.eventStore)).stop();
    const seen: string[] = [];
    const runner = createProjectionRunner({
      readStore,
      eventStore: log.eventStore,
      projectors: [{ ...streamsProjector, handle: async (e) => void seen.push(e.streamId) }],
    });
    opened.push({ close: () => runner.stop() });
    await runner.start();
    expect(await runner.waitFor(4n, 1000)).toBe(true);
    expect(seen).toEqual([]);
  });
});

describe('projection lag', () => {
  it('is a number of events, whatever the positions look like (EventStoreDB packs commit << 64)', async () => {
    // Three events 2^64 apart, as EventStoreDB's packed positions are; the projector stops
    // after the first.
    const events: ProjectedEvent[] = [1n, 2n, 3n].map((n, i) => ({
      streamId: `s-${i}`,
      revision: 0,
      position: n << 64n,
      type: 'Something',
      data: {},
      metadata: {
        eventId: `e${i}`,
        occurredAt: '2026-01-01T00:00:00.000Z',
        actor: { kind: 'system', id: 'test' },
        correlationId: 'c',
        causationId: 'c',
        schemaVersion: 1,
      },
    }));
    const eventStore: EventSource = {
      async readAll({ after = 0n, limit = 1000 } = {}) {
        return events.filter((e) => e.position > after).slice(0, limit);
      },
      subscribeToAll({ after = 0n, onEvent }) {
        void (async () => {
          for (const e of events) if (e.position > after) await onEvent(e);
        })();
        return { close: async () => undefined };
      },
      headPosition: async () => events.at(-1)?.position ?? 0n,
      storeId: async () => 'packed-log',
      countAfter: async (after, max) =>
        Math.min(max, events.filter((e) => e.position > after).length),
    };
    const failing: Projector = {
      name: 'first-only',
      collections: [],
      eventTypes: EVERY_EVENT,
      async handle(event) {
        if (event.position > 1n << 64n) throw new Error('stuck');
      },
    };
    const runner = createProjectionRunner({
      readStore: new MemoryReadStore(),
      eventStore,
      projectors: [failing],
      retryDelayMs: 1_000,
      onError: () => undefined,
    });
    await runner.start();
    await vi.waitFor(async () =>
      expect((await runner.status())[0]?.checkpoint).toBe(String(1n << 64n)),
    );
    expect(await runner.lag()).toBe(2);
    expect((await runner.status())[0]?.behind).toBe(2);
    await runner.stop();
  });
});
