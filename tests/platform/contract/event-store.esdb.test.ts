import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type EventStoreDBClient,
  type Position,
} from '@eventstore/db-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  EventStoreDbEventStore,
  packPosition,
  STORE_IDENTITY_STREAM,
  unpackPosition,
} from '../../../commands/event-store/esdb';
import { describeConcurrentCommands } from './event-store.commands';
import { describeEventStoreContract } from './event-store.contract';
import { startService } from '../../support/containers';

describe('EventStoreDB positions', () => {
  it.each([
    [{ commit: 0n, prepare: 0n }, 0n],
    [{ commit: 1n, prepare: 0n }, 1n << 64n],
    [{ commit: 1234n, prepare: 1200n }, (1234n << 64n) | 1200n],
    [
      { commit: (1n << 63n) + 5n, prepare: (1n << 64n) - 1n },
      (((1n << 63n) + 5n) << 64n) | ((1n << 64n) - 1n),
    ],
  ])('packs %o into one bigint and back', (position, packed) => {
    expect(packPosition(position)).toBe(packed);
    expect(unpackPosition(packed)).toEqual(position);
  });

  it('orders packed positions by commit position first', () => {
    expect(packPosition({ commit: 2n, prepare: 0n })).toBeGreaterThan(
      packPosition({ commit: 1n, prepare: 9_999_999n }),
    );
  });
});

/**
 * The adapter's own mapping, checked offline against a stand-in for the client's few calls it
 * uses (the real server runs the shared contract below when one is reachable).
 */
describe('EventStoreDbEventStore mapping (stand-in client)', () => {
  type Stored = { streamId: string; revision: bigint; type: string; position: Position };
  const meta = (n: number) => ({
    eventId: `00000000-0000-4000-8000-00000000000${n}`,
    occurredAt: '2026-01-01T00:00:00.000Z',
    actor: { kind: 'system' as const, id: 'system' },
    correlationId: `c${n}`,
    causationId: `c${n}`,
    schemaVersion: 1,
  });
  const log: Stored[] = [
    {
      streamId: '$settings',
      revision: 0n,
      type: '$settings',
      position: { commit: 10n, prepare: 10n },
    },
    {
      streamId: 'post-1',
      revision: 0n,
      type: 'PostDrafted',
      position: { commit: 20n, prepare: 20n },
    },
    {
      streamId: '$stats',
      revision: 0n,
      type: '$statsCollected',
      position: { commit: 30n, prepare: 30n },
    },
    {
      streamId: 'post-1',
      revision: 1n,
      type: 'PostPublished',
      position: { commit: 40n, prepare: 40n },
    },
    {
      streamId: 'post-2',
      revision: 0n,
      type: 'PostDrafted',
      position: { commit: 50n, prepare: 50n },
    },
  ];
  const resolved = (e: Stored, i: number) => ({
    event: {
      ...e,
      id: meta(i).eventId,
      isJson: true,
      data: { i },
      metadata: meta(i),
      created: new Date(),
    },
  });
  const appended: unknown[] = [];
  let appendError: Error | null = null;
  const client = {
    async appendToStream(stream: string, events: unknown[], options: unknown) {
      if (appendError) throw appendError;
      appended.push({ stream, events, options });
      return { success: true, nextExpectedRevision: 4n, position: { commit: 60n, prepare: 59n } };
    },
    readStream(stream: string) {
      const events = log.filter((e) => e.streamId === stream);
      return (async function* () {
        if (events.length === 0) throw new StreamNotFoundError(undefined, stream);
        yield* events.map(resolved);
      })();
    },
    readAll({
      direction,
      fromPosition,
      maxCount,
    }: {
      direction: string;
      fromPosition: 'start' | 'end' | Position;
      maxCount: number;
    }) {
      const ordered = direction === 'forwards' ? [...log] : [...log].reverse();
      const from = typeof fromPosition === 'string' ? null : fromPosition.commit;
      // Like the server: the read includes the event at fromPosition.
      const selected = ordered.filter((e) =>
        from === null
          ? true
          : direction === 'forwards'
            ? e.position.commit >= from
            : e.position.commit <= from,
      );
      return (async function* () {
        yield* selected.slice(0, maxCount).map((e) => resolved(e, log.indexOf(e)));
      })();
    },
    async getStreamMetadata(stream: string) {
      const metadata = streamMetadata.get(stream);
      return { streamName: stream, ...(metadata ? { metadata } : {}) };
    },
    async setStreamMetadata(
      stream: string,
      metadata: Record<string, unknown>,
      options: { expectedRevision: unknown },
    ) {
      metadataWrites.push({ stream, metadata, options });
      if (options.expectedRevision === 'no_stream' && streamMetadata.has(stream)) {
        throw new WrongExpectedVersionError(undefined, {
          streamName: `$$${stream}`,
          expected: 'no_stream',
          current: 0n,
        });
      }
      streamMetadata.set(stream, metadata);
      return { success: true, nextExpectedRevision: 0n };
    },
    async dispose() {},
  };
  const streamMetadata = new Map<string, Record<string, unknown>>();
  const metadataWrites: unknown[] = [];
  // A stand-in with only the calls the adapter makes; the cast is the point of the stand-in.
  const store = new EventStoreDbEventStore(client as unknown as EventStoreDBClient);
  const pos = (commit: bigint) => packPosition({ commit, prepare: commit });

  it.each([
    ['no_stream', 'no_stream'],
    ['any', 'any'],
    ['stream_exists', 'stream_exists'],
    [3, 3n],
  ] as const)(
    'sends expected revision %s as %s, with the eventId as the event id',
    async (expected, sent) => {
      appended.length = 0;
      appendError = null;
      const result = await store.append(
        'post-9',
        [{ type: 'PostDrafted', data: { a: 1 }, metadata: meta(1) }],
        expected,
      );

      expect(appended).toMatchObject([
        {
          stream: 'post-9',
          options: { expectedRevision: sent },
          events: [{ id: meta(1).eventId, type: 'PostDrafted', data: { a: 1 }, metadata: meta(1) }],
        },
      ]);
      expect(result).toEqual({
        nextRevision: 4,
        position: packPosition({ commit: 60n, prepare: 59n }),
      });
    },
  );

  it.each([
    [0n, 0],
    ['no_stream' as const, 'no_stream'],
  ])(
    'turns a wrong expected version (actual %s) into a ConcurrencyError',
    async (current, actual) => {
      appendError = new WrongExpectedVersionError(undefined, {
        streamName: 'post-1',
        expected: 'no_stream',
        current,
      });
      await expect(
        store.append('post-1', [{ type: 'PostDrafted', data: {}, metadata: meta(1) }], 'no_stream'),
      ).rejects.toMatchObject({
        name: 'ConcurrencyError',
        streamId: 'post-1',
        actual,
      });
      appendError = null;
    },
  );

  it('appendMany appends in order; when a later stream is refused it appends the earlier streams’ undo events, newest first, then rethrows the conflict', async () => {
    const calls: { stream: string; types: string[]; expected: unknown }[] = [];
    const spy = vi
      .spyOn(client, 'appendToStream')
      .mockImplementation(async (stream, events, options) => {
        // The stand-in's own loose signature: jsonEvent() objects with a `type`.
        const types = (events as { type: string }[]).map((e) => e.type);
        calls.push({
          stream,
          types,
          expected: (options as { expectedRevision: unknown }).expectedRevision,
        });
        if (stream === 'post-9') {
          throw new WrongExpectedVersionError(undefined, {
            streamName: stream,
            expected: 'no_stream',
            current: 0n,
          });
        }
        return { success: true, nextExpectedRevision: 3n, position: { commit: 70n, prepare: 70n } };
      });
    const event = (type: string) => [{ type, data: {}, metadata: meta(1) }];

    const attempt = store.appendMany([
      {
        streamId: 'slug-new',
        events: event('Reserved'),
        expected: 'no_stream',
        undo: event('Released'),
      },
      { streamId: 'slug-old', events: event('Released'), expected: 2, undo: event('Reserved') },
      { streamId: 'post-9', events: event('PostUpdated'), expected: 'no_stream' },
    ]);

    await expect(attempt).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: 'post-9' });
    expect(calls).toEqual([
      { stream: 'slug-new', types: ['Reserved'], expected: 'no_stream' },
      { stream: 'slug-old', types: ['Released'], expected: 2n },
      { stream: 'post-9', types: ['PostUpdated'], expected: 'no_stream' },
      // Each at the revision its own append left: nobody else's event is taken back.
      { stream: 'slug-old', types: ['Reserved'], expected: 3n },
      { stream: 'slug-new', types: ['Released'], expected: 3n },
    ]);
    spy.mockRestore();
  });

  it('reads a missing stream as empty', async () => {
    expect(await store.readStream('post-404')).toEqual([]);
    expect((await store.readStream('post-1')).map((e) => [e.revision, e.type])).toEqual([
      [0, 'PostDrafted'],
      [1, 'PostPublished'],
    ]);
  });

  it('reads $all without system events, strictly after `after`, up to `limit`', async () => {
    expect((await store.readAll()).map((e) => e.position)).toEqual([pos(20n), pos(40n), pos(50n)]);
    expect((await store.readAll({ after: pos(20n) })).map((e) => e.type)).toEqual([
      'PostPublished',
      'PostDrafted',
    ]);
    expect((await store.readAll({ after: pos(20n), limit: 1 })).map((e) => e.position)).toEqual([
      pos(40n),
    ]);
    expect(await store.readAll({ after: pos(50n) })).toEqual([]);
    expect((await store.readAll())[0]?.metadata).toEqual(meta(1));
  });

  it('reports the newest non-system event as the head, from one short read', async () => {
    const readAll = vi.spyOn(client, 'readAll');
    expect(await store.headPosition()).toBe(pos(50n));
    expect(readAll).toHaveBeenCalledTimes(1);
    expect(readAll.mock.calls[0]?.[0]).toMatchObject({
      direction: 'backwards',
      fromPosition: 'end',
    });
    expect(Number(readAll.mock.calls[0]?.[0].maxCount)).toBeLessThanOrEqual(50);
    readAll.mockRestore();
  });

  it('counts the non-system events after a position, up to a maximum', async () => {
    expect(await store.countAfter(0n, 100)).toBe(3);
    expect(await store.countAfter(pos(20n), 100)).toBe(2);
    expect(await store.countAfter(pos(20n), 1)).toBe(1);
    expect(await store.countAfter(pos(50n), 100)).toBe(0);
  });

  it("creates the store identity once, at no stream, in a stream's metadata, and reads it back", async () => {
    const id = await store.storeId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(metadataWrites).toEqual([
      {
        stream: STORE_IDENTITY_STREAM,
        metadata: { storeId: id },
        options: { expectedRevision: 'no_stream' },
      },
    ]);
    // Another connection to the same server reads it instead of writing its own.
    const other = new EventStoreDbEventStore(client as unknown as EventStoreDBClient);
    expect(await other.storeId()).toBe(id);
    expect(metadataWrites).toHaveLength(1);
  });
});

const service = await startService('eventstore');

if ('skipReason' in service) {
  console.warn(`[event-store.esdb] EventStoreDB contract skipped: ${service.skipReason}`);
  describe.skip(`EventStore contract: esdb (skipped: ${service.skipReason})`, () => {
    describeEventStoreContract('esdb', () => {
      throw new Error('unreachable');
    });
    describeConcurrentCommands('esdb', () => {
      throw new Error('unreachable');
    });
  });
} else {
  afterAll(() => service.stop());
  describeEventStoreContract(`esdb (${service.source})`, () =>
    EventStoreDbEventStore.connect(service.url),
  );
  describeConcurrentCommands(`esdb (${service.source})`, () =>
    EventStoreDbEventStore.connect(service.url),
  );
}
