import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventMetadata } from '../../../domain/shared/envelope';
import {
  ConcurrencyError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from '../../../commands/event-store/port';

/**
 * The one contract every EventStore adapter honours. It never assumes an empty store (an
 * EventStoreDB server is shared between runs): streams get unique names and global reads start
 * from the head position observed at the start of each test.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => EventStore | Promise<EventStore>,
): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let run: string;
    const open: Subscription[] = [];

    beforeEach(async () => {
      store = await factory();
      run = randomUUID().slice(0, 8);
    });

    afterEach(async () => {
      await Promise.all(open.splice(0).map((s) => s.close()));
      await store.close();
    });

    const stream = (label: string) => `${label}-${run}`;

    function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
      const id = randomUUID();
      return {
        eventId: id,
        occurredAt: new Date().toISOString(),
        actor: { kind: 'system', id: 'system' },
        correlationId: id,
        causationId: id,
        schemaVersion: 1,
        ...overrides,
      };
    }

    function events(...types: string[]): NewEvent[] {
      return types.map((type, i) => ({ type, data: { n: i, type }, metadata: metadata() }));
    }

    function subscribe(after: bigint | undefined, onEvent: (e: RecordedEvent) => unknown) {
      const errors: unknown[] = [];
      const subscription = store.subscribeToAll({
        after,
        onEvent: async (e) => {
          await onEvent(e);
        },
        onError: (error) => errors.push(error),
      });
      open.push(subscription);
      return { subscription, errors };
    }

    const ours = (e: RecordedEvent) => e.streamId.endsWith(`-${run}`);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    describe('append with an expected revision', () => {
      it("Given no stream, When appending with 'no_stream', Then the stream starts at revision 0", async () => {
        const result = await store.append(
          stream('provider'),
          events('ProviderListed'),
          'no_stream',
        );

        expect(result.nextRevision).toBe(0);
        expect(result.position).toBeGreaterThan(0n);
      });

      it("Given a stream, When appending with 'no_stream' again, Then a ConcurrencyError names the stream and its revision", async () => {
        const id = stream('subscription');
        await store.append(id, events('SubscriptionAdded'), 'no_stream');

        const second = store.append(id, events('SubscriptionAdded'), 'no_stream');

        await expect(second).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(second).rejects.toMatchObject({
          streamId: id,
          expected: 'no_stream',
          actual: 0,
        });
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('Given a stream at revision 1, When appending at exactly 1, Then the new events follow it', async () => {
        const id = stream('provider');
        await store.append(id, events('ProviderListed', 'ProviderPricesChanged'), 'no_stream');

        const result = await store.append(id, events('ProviderFeatured', 'ProviderUnfeatured'), 1);

        expect(result.nextRevision).toBe(3);
        expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
      });

      it.each<[string, ExpectedRevision]>([
        ['a stale revision', 0],
        ['a revision ahead of the stream', 5],
        ["'no_stream'", 'no_stream'],
      ])(
        'Given a stream at revision 1, When appending with %s, Then a ConcurrencyError is raised and nothing is written',
        async (_label, expected) => {
          const id = stream('provider');
          await store.append(id, events('ProviderListed', 'ProviderPricesChanged'), 'no_stream');

          const attempt = store.append(id, events('ProviderRemoved'), expected);

          await expect(attempt).rejects.toMatchObject({ name: 'ConcurrencyError', actual: 1 });
          expect(await store.readStream(id)).toHaveLength(2);
        },
      );

      it.each<[string, ExpectedRevision]>([
        ['an exact revision', 0],
        ["'stream_exists'", 'stream_exists'],
      ])(
        'Given no stream, When appending with %s, Then a ConcurrencyError reports no stream',
        async (_label, expected) => {
          const id = stream('post');

          const attempt = store.append(id, events('PostEdited'), expected);

          await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
          await expect(attempt).rejects.toMatchObject({ streamId: id, actual: 'no_stream' });
          expect(await store.readStream(id)).toEqual([]);
        },
      );

      it("Given a stream, When appending with 'stream_exists', Then the events are appended", async () => {
        const id = stream('post');
        await store.append(id, events('PostDrafted'), 'no_stream');

        const result = await store.append(id, events('PostEdited'), 'stream_exists');

        expect(result.nextRevision).toBe(1);
      });

      it("Given any state, When appending with 'any', Then the events are appended", async () => {
        const id = stream('keyword');

        const first = await store.append(id, events('KeywordAdded'), 'any');
        const second = await store.append(id, events('KeywordAdded'), 'any');

        expect(first.nextRevision).toBe(0);
        expect(second.nextRevision).toBe(1);
        expect(second.position).toBeGreaterThan(first.position);
      });

      it("Given concurrent appends with 'no_stream' to one stream, Then exactly one wins and the others conflict", async () => {
        const id = stream('subscription');

        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, () =>
            store.append(id, events('SubscriptionAdded'), 'no_stream'),
          ),
        );

        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const o of outcomes.filter((o) => o.status === 'rejected')) {
          expect(o.reason).toBeInstanceOf(ConcurrencyError);
        }
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('Given concurrent appends to different streams, Then all land with distinct positions', async () => {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store.append(stream(`s${i}`), events('E'), 'no_stream'),
          ),
        );

        expect(new Set(results.map((r) => r.position)).size).toBe(20);
        for (let i = 0; i < 20; i++) {
          expect((await store.readStream(stream(`s${i}`)))[0]?.position).toBe(results[i]!.position);
        }
      });

      it('rejects an append without events', async () => {
        await expect(store.append(stream('empty'), [], 'any')).rejects.toThrow(
          /at least one event/,
        );
      });
    });

    describe('appendMany (one command over several streams)', () => {
      /**
       * All or nothing as the streams read afterwards: an adapter with a multi-stream
       * transaction (SQLite) wrote nothing; one without (EventStoreDB) appended each earlier
       * stream's events followed by its `undo` events, which the deciders fold back to the
       * state before.
       */
      async function expectUnchanged(id: string, appended: string[], undo: string[]) {
        const types = (await store.readStream(id)).map((e) => e.type);
        expect([[], [...appended, ...undo]]).toContainEqual(types);
      }

      it('Given fresh streams, When appending to several at once, Then each gets its events and one result per stream, in order', async () => {
        const [slug, post] = [stream('post-slug'), stream('post')];

        const results = await store.appendMany([
          { streamId: slug, events: events('SlugReserved'), expected: 'no_stream' },
          { streamId: post, events: events('PostCreated', 'PostPublished'), expected: 'no_stream' },
        ]);

        expect(results.map((r) => r.nextRevision)).toEqual([0, 1]);
        expect(results[1]!.position).toBeGreaterThan(results[0]!.position);
        expect((await store.readStream(slug))[0]?.position).toBe(results[0]!.position);
        expect((await store.readStream(post))[1]?.position).toBe(results[1]!.position);
      });

      it('Given a conflict in the last stream, When appending several, Then the earlier streams are left as they were and the ConcurrencyError names the conflicting stream', async () => {
        const [slug, oldSlug, post] = [stream('post-slug'), stream('old-slug'), stream('post')];
        await store.append(oldSlug, events('SlugReserved'), 'no_stream');
        await store.append(post, events('PostCreated'), 'no_stream');

        const attempt = store.appendMany([
          {
            streamId: slug,
            events: events('SlugReserved'),
            expected: 'no_stream',
            undo: events('SlugReleased'),
          },
          {
            streamId: oldSlug,
            events: events('SlugReleased'),
            expected: 0,
            undo: events('SlugReserved'),
          },
          { streamId: post, events: events('PostUpdated'), expected: 'no_stream' },
        ]);

        await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(attempt).rejects.toMatchObject({ streamId: post, actual: 0 });
        await expectUnchanged(slug, ['SlugReserved'], ['SlugReleased']);
        const oldTypes = (await store.readStream(oldSlug)).map((e) => e.type);
        expect([['SlugReserved'], ['SlugReserved', 'SlugReleased', 'SlugReserved']]).toContainEqual(
          oldTypes,
        );
        expect((await store.readStream(post)).map((e) => e.type)).toEqual(['PostCreated']);
      });

      it('Given a conflict in the first stream, When appending several, Then no stream gets anything', async () => {
        const [slug, post] = [stream('post-slug'), stream('post')];
        await store.append(slug, events('SlugReserved'), 'no_stream');

        const attempt = store.appendMany([
          {
            streamId: slug,
            events: events('SlugReserved'),
            expected: 'no_stream',
            undo: events('SlugReleased'),
          },
          { streamId: post, events: events('PostCreated'), expected: 'no_stream' },
        ]);

        await expect(attempt).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: slug });
        expect(await store.readStream(slug)).toHaveLength(1);
        expect(await store.readStream(post)).toEqual([]);
      });

      it('Given concurrent multi-stream appends sharing a stream at no_stream, Then exactly one lands in full and the others leave nothing reserved', async () => {
        const shared = stream('post');
        const slugs = Array.from({ length: 6 }, (_, i) => stream(`slug${i}`));

        const outcomes = await Promise.allSettled(
          slugs.map((slug) =>
            store.appendMany([
              {
                streamId: slug,
                events: events('SlugReserved'),
                expected: 'no_stream',
                undo: events('SlugReleased'),
              },
              { streamId: shared, events: events('PostCreated'), expected: 'no_stream' },
            ]),
          ),
        );

        const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
        expect(won).toHaveLength(1);
        for (const o of outcomes.filter((o) => o.status === 'rejected')) {
          expect(o.reason).toBeInstanceOf(ConcurrencyError);
        }
        for (const [i, slug] of slugs.entries()) {
          if (i === won[0]) {
            expect((await store.readStream(slug)).map((e) => e.type)).toEqual(['SlugReserved']);
          } else {
            await expectUnchanged(slug, ['SlugReserved'], ['SlugReleased']);
          }
        }
        expect(await store.readStream(shared)).toHaveLength(1);
      });

      it('rejects a stream without events, writing nothing', async () => {
        const attempt = store.appendMany([
          { streamId: stream('a'), events: events('E'), expected: 'any' },
          { streamId: stream('b'), events: [], expected: 'any' },
        ]);
        await expect(attempt).rejects.toThrow(/at least one event/);
        expect(await store.readStream(stream('a'))).toEqual([]);
      });
    });

    describe('readStream', () => {
      it('returns the events of one stream in order, with revisions, types, data and positions', async () => {
        const id = stream('provider');
        await store.append(id, events('ProviderListed'), 'no_stream');
        await store.append(stream('other'), events('PostDrafted'), 'no_stream');
        const last = await store.append(id, events('ProviderPricesChanged', 'ProviderFeatured'), 0);

        const read = await store.readStream(id);

        expect(read.map((e) => [e.streamId, e.revision, e.type])).toEqual([
          [id, 0, 'ProviderListed'],
          [id, 1, 'ProviderPricesChanged'],
          [id, 2, 'ProviderFeatured'],
        ]);
        expect(read.map((e) => e.data)).toEqual([
          { n: 0, type: 'ProviderListed' },
          { n: 0, type: 'ProviderPricesChanged' },
          { n: 1, type: 'ProviderFeatured' },
        ]);
        expect(read.at(-1)?.position).toBe(last.position);
      });

      it('returns an empty array for a stream that does not exist', async () => {
        expect(await store.readStream(stream('nobody'))).toEqual([]);
      });

      it('round-trips the metadata the audit history reads', async () => {
        const id = stream('provider');
        const meta = metadata({
          actor: { kind: 'admin', id: 'admin-1', email: 'editor@example.org' },
          correlationId: 'request-42',
          causationId: 'command-7',
          schemaVersion: 3,
        });

        await store.append(
          id,
          [{ type: 'ProviderListed', data: { name: 'Vial Co' }, metadata: meta }],
          'no_stream',
        );

        const [read] = await store.readStream(id);
        expect(read?.metadata).toEqual(meta);
        expect(read?.data).toEqual({ name: 'Vial Co' });
      });
    });

    describe('readAll and headPosition', () => {
      it('reads events across streams in append order, with strictly increasing positions', async () => {
        const start = await store.headPosition();
        await store.append(stream('a'), events('A1'), 'no_stream');
        await store.append(stream('b'), events('B1', 'B2'), 'no_stream');
        await store.append(stream('a'), events('A2'), 0);

        const read = (await store.readAll({ after: start })).filter(ours);

        expect(read.map((e) => e.type)).toEqual(['A1', 'B1', 'B2', 'A2']);
        for (let i = 1; i < read.length; i++) {
          expect(read[i]!.position).toBeGreaterThan(read[i - 1]!.position);
        }
        expect(read[0]!.position).toBeGreaterThan(start);
      });

      it('treats `after` as exclusive and honours `limit`', async () => {
        const start = await store.headPosition();
        await store.append(stream('a'), events('E1', 'E2', 'E3', 'E4', 'E5'), 'no_stream');
        const all = await store.readAll({ after: start });

        const page = await store.readAll({ after: all[1]!.position, limit: 2 });

        expect(page.map((e) => e.type)).toEqual(['E3', 'E4']);
        expect(await store.readAll({ after: all[4]!.position })).toEqual([]);
      });

      it('reads from the very start when `after` is omitted', async () => {
        await store.append(stream('a'), events('First'), 'no_stream');

        const read = await store.readAll({ limit: 1 });

        expect(read).toHaveLength(1);
        expect(read[0]!.position).toBeGreaterThan(0n);
      });

      it('reports the position of the newest event as the head', async () => {
        await store.append(stream('a'), events('A1'), 'no_stream');
        const last = await store.append(stream('b'), events('B1', 'B2'), 'no_stream');

        expect(await store.headPosition()).toBe(last.position);
      });
    });

    describe('storeId and countAfter', () => {
      it('reports one identity for the log, the same on every call', async () => {
        const id = await store.storeId();
        expect(id).toMatch(/\S{8,}/);
        await store.append(stream('a'), events('A1'), 'no_stream');
        expect(await store.storeId()).toBe(id);
      });

      it('counts the events strictly after a position, up to the given maximum', async () => {
        const start = await store.headPosition();
        await store.append(stream('a'), events('C1', 'C2', 'C3', 'C4'), 'no_stream');
        const [first] = await store.readAll({ after: start, limit: 1 });

        expect(await store.countAfter(start, 100)).toBe(4);
        expect(await store.countAfter(first!.position, 100)).toBe(3);
        expect(await store.countAfter(start, 2)).toBe(2);
        expect(await store.countAfter(await store.headPosition(), 100)).toBe(0);
      });
    });

    describe('subscribeToAll', () => {
      it('delivers history, then live events, in order, one at a time, without duplicates', async () => {
        const start = await store.headPosition();
        await store.append(stream('a'), events('Old1', 'Old2'), 'no_stream');
        const seen: RecordedEvent[] = [];
        let inFlight = 0;
        let maxInFlight = 0;

        subscribe(start, async (e) => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await sleep(5);
          if (ours(e)) seen.push(e);
          inFlight--;
        });
        await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 5000 });
        await store.append(stream('b'), events('Live1'), 'no_stream');
        await store.append(stream('a'), events('Live2', 'Live3'), 1);

        await vi.waitFor(() => expect(seen).toHaveLength(5), { timeout: 5000 });
        await sleep(300);
        expect(seen.map((e) => e.type)).toEqual(['Old1', 'Old2', 'Live1', 'Live2', 'Live3']);
        expect(new Set(seen.map((e) => e.position)).size).toBe(5);
        expect(maxInFlight).toBe(1);
      });

      it('starts strictly after the given position', async () => {
        await store.append(stream('a'), events('Before1', 'Before2'), 'no_stream');
        const from = await store.headPosition();
        await store.append(stream('a'), events('After1'), 1);
        const seen: string[] = [];

        subscribe(from, (e) => {
          if (ours(e)) seen.push(e.type);
        });

        await vi.waitFor(() => expect(seen).toEqual(['After1']), { timeout: 5000 });
        await store.append(stream('a'), events('After2'), 2);
        await vi.waitFor(() => expect(seen).toEqual(['After1', 'After2']), { timeout: 5000 });
      });

      it('stops delivering once closed', async () => {
        const start = await store.headPosition();
        const seen: string[] = [];
        const { subscription } = subscribe(start, (e) => {
          if (ours(e)) seen.push(e.type);
        });
        await store.append(stream('a'), events('Seen'), 'no_stream');
        await vi.waitFor(() => expect(seen).toEqual(['Seen']), { timeout: 5000 });

        await subscription.close();
        await store.append(stream('a'), events('Unseen'), 0);
        await sleep(800);

        expect(seen).toEqual(['Seen']);
      });

      it('reports a failing handler through onError and delivers nothing more', async () => {
        const start = await store.headPosition();
        await store.append(stream('a'), events('Boom', 'After'), 'no_stream');
        const seen: string[] = [];
        const { errors } = subscribe(start, (e) => {
          if (!ours(e)) return;
          seen.push(e.type);
          if (e.type === 'Boom') throw new Error('handler failed');
        });

        await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5000 });
        await sleep(300);

        expect(seen).toEqual(['Boom']);
        expect(String(errors[0])).toMatch(/handler failed/);
      });
    });
  });
}
