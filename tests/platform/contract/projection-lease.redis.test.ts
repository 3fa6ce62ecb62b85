/**
 * One runner per projector across processes (issue 9, item 10), on the real Redis: two and
 * three projection runners share one event log (SQLite) and one read store (memory), as
 * several workers share EventStoreDB and MongoDB. Without leases every runner applies every
 * event and writes every checkpoint: the checkpoints go back (a runner behind overwrites one
 * ahead). With leases: no lost event (every price change visible, each applied in order),
 * checkpoint writes never go back nor come from a stale token, and a killed leader (its Redis
 * connection closed, so it cannot renew) is replaced within a few seconds.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../../commands/event-store/sqlite';
import type { NewEvent } from '../../../commands/event-store/port';
import { RedisLeaseProvider } from '../../../projections/lease/redis';
import { whileHolding } from '../../../projections/lease/exclusive';
import { StaleLeaseError } from '../../../projections/lease/port';
import type { Projector } from '../../../projections/projector';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import { createProjectionRunner, type ProjectionRunner } from '../../../projections/runner';
import { deleteKeysUnder, localRedisFor, REDIS_URL } from '../../support/local-redis';

const unreachable = await localRedisFor('projection lease suite');
const prefix = `test:harden:${randomUUID()}`;
const cleaner = unreachable ? null : new Redis(REDIS_URL);

afterAll(async () => {
  if (cleaner) {
    await deleteKeysUnder(cleaner, prefix);
    await cleaner.quit();
  }
});

interface PriceDoc {
  _id: string;
  price: number;
  /** Positions applied, in the order they were applied. */
  applied: string[];
  [key: string]: unknown;
}

/** Keeps each provider's latest price and the positions that moved it (idempotent). */
const pricesProjector: Projector = {
  name: 'prices',
  collections: ['prices'],
  eventTypes: ['PriceChanged'],
  async handle(event, ctx) {
    const { id, price } = event.data as { id: string; price: number };
    const prices = ctx.collection<PriceDoc>('prices');
    const before = await prices.findOne({ _id: id });
    const last = before?.applied.at(-1);
    if (last !== undefined && BigInt(last) >= event.position) return;
    await prices.upsert({
      _id: id,
      price,
      applied: [...(before?.applied ?? []), event.position.toString()],
    });
  },
};

/** The read store, recording every checkpoint write that went through (and its token). */
class RecordingStore extends MemoryReadStore {
  readonly writes: Array<{ position: bigint; token: number | undefined }> = [];
  refused = 0;
  override async setCheckpoint(name: string, position: string, token?: number): Promise<void> {
    try {
      await super.setCheckpoint(name, position, token);
    } catch (error) {
      if (error instanceof StaleLeaseError) this.refused++;
      throw error;
    }
    if (name === 'prices') this.writes.push({ position: BigInt(position), token });
  }
}

const priceChange = (id: string, price: number): NewEvent => ({
  type: 'PriceChanged',
  data: { id, price },
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    actor: { kind: 'system', id: 'test' },
    correlationId: 'test',
    causationId: 'test',
    schemaVersion: 1,
  },
});

interface Member {
  runner: ProjectionRunner;
  redis: Redis;
  held: boolean;
  heldSince: number;
}

async function cluster(
  size: number,
  ttlMs: number,
  useLeases = true,
  before?: (events: SqliteEventStore) => Promise<unknown>,
) {
  const events = new SqliteEventStore(':memory:', { pollIntervalMs: 20 });
  await before?.(events);
  const store = new RecordingStore();
  const members: Member[] = [];
  const namespace = `${prefix}:${randomUUID()}`;
  for (let i = 0; i < size; i++) {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, retryStrategy: () => null });
    redis.on('error', () => undefined);
    const member: Member = {
      runner: null as unknown as ProjectionRunner,
      redis,
      held: false,
      heldSince: 0,
    }; // set just below
    member.runner = createProjectionRunner({
      readStore: store,
      eventStore: events,
      projectors: [pricesProjector],
      retryDelayMs: 20,
      onError: () => undefined,
      ...(useLeases
        ? {
            lease: new RedisLeaseProvider({ redis, prefix: namespace, ttlMs }),
            onLease: (_name: string, held: boolean) => {
              member.held = held;
              if (held) member.heldSince = Date.now();
            },
          }
        : {}),
    });
    members.push(member);
  }
  for (const m of members) await m.runner.start();
  return {
    events,
    store,
    members,
    async close() {
      for (const m of members) {
        await m.runner.stop();
        if (m.redis.status !== 'end') m.redis.disconnect();
      }
      await events.close();
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Appends `rounds` price changes for `ids` providers, a few at a time, as editors would. */
async function changePrices(events: SqliteEventStore, ids: number, rounds: number) {
  const last = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: ids }, async (_, i) => {
        const id = `p${i}`;
        const price = 100 + round * 10 + i;
        last.set(id, price);
        await events.append(`price-${id}`, [priceChange(id, price)], 'any');
      }),
    );
    if (round % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return last;
}

function expectNoGoingBack(store: RecordingStore) {
  for (let i = 1; i < store.writes.length; i++) {
    const [before, after] = [store.writes[i - 1]!, store.writes[i]!];
    expect(after.position >= before.position, `checkpoint went back at write ${i}`).toBe(true);
    expect((after.token ?? 0) >= (before.token ?? 0), `stale token at write ${i}`).toBe(true);
  }
}

async function expectEveryChangeVisible(
  store: RecordingStore,
  events: SqliteEventStore,
  last: Map<string, number>,
) {
  const all = await events.readAll({ limit: 100_000 });
  for (const [id, price] of last) {
    const doc = await store.collection<PriceDoc>('prices').findOne({ _id: id });
    expect(doc?.price, `latest price of ${id}`).toBe(price);
    const positions = all
      .filter((e) => (e.data as { id: string }).id === id)
      .map((e) => e.position.toString());
    expect(doc?.applied, `every change of ${id}, once, in order`).toEqual(positions);
  }
}

describe.skipIf(unreachable !== undefined)('projector leases on Redis', () => {
  it('without leases (the old behaviour) two runners move a checkpoint back', async () => {
    const c = await cluster(2, 1000, false);
    try {
      await changePrices(c.events, 10, 30);
      const head = await c.events.headPosition();
      await until(async () => (await c.store.getCheckpoint('prices')) === head.toString(), 10_000);
      const backwards = c.store.writes.some(
        (w, i) => i > 0 && w.position < c.store.writes[i - 1]!.position,
      );
      expect(backwards).toBe(true);
    } finally {
      await c.close();
    }
  });

  for (const size of [2, 3]) {
    it(`${size} runners: one holds the lease, no event is lost, checkpoints never go back`, async () => {
      const c = await cluster(size, 1000);
      try {
        await until(() => c.members.some((m) => m.held), 5000);
        const last = await changePrices(c.events, 10, 30);
        const head = await c.events.headPosition();
        await until(
          async () => (await c.store.getCheckpoint('prices')) === head.toString(),
          10_000,
        );
        expect(c.members.filter((m) => m.held)).toHaveLength(1);
        await expectEveryChangeVisible(c.store, c.events, last);
        expectNoGoingBack(c.store);
      } finally {
        await c.close();
      }
    });
  }

  it('a lease holder far behind the log catches up in pages, then follows it', async () => {
    let history = new Map<string, number>();
    // More than CATCH_UP_IN_PAGES_AFTER (1,000) events before any runner starts.
    const c = await cluster(2, 1000, true, async (events) => {
      history = await changePrices(events, 10, 160);
    });
    try {
      expect(history.size).toBe(10);
      const last = await changePrices(c.events, 10, 5);
      const head = await c.events.headPosition();
      await until(async () => (await c.store.getCheckpoint('prices')) === head.toString(), 20_000);
      await expectEveryChangeVisible(c.store, c.events, last);
      expectNoGoingBack(c.store);
      // The catch-up wrote one checkpoint for the whole history, not one per event.
      expect(c.store.writes.length).toBeLessThan(200);
    } finally {
      await c.close();
    }
  });

  it('a killed leader (its Redis connection gone) is replaced within a few seconds, and applies nothing after', async () => {
    const ttlMs = 1000;
    const c = await cluster(3, ttlMs);
    try {
      await until(() => c.members.some((m) => m.held), 5000);
      await changePrices(c.events, 5, 10);
      const leader = c.members.find((m) => m.held)!;
      // Killed: it can no longer renew (nor release) its lease.
      leader.redis.disconnect();
      const killedAt = Date.now();
      await until(() => c.members.some((m) => m !== leader && m.held), 5000);
      const successor = c.members.find((m) => m !== leader && m.held)!;
      const takeoverMs = successor.heldSince - killedAt;
      expect(takeoverMs).toBeLessThan(ttlMs + 2000);

      const last = await changePrices(c.events, 5, 10);
      const head = await c.events.headPosition();
      await until(async () => (await c.store.getCheckpoint('prices')) === head.toString(), 10_000);
      await expectEveryChangeVisible(c.store, c.events, last);
      expectNoGoingBack(c.store);
      // The old leader applies nothing once its lease may have run out.
      expect(leader.held).toBe(false);
    } finally {
      await c.close();
    }
  });

  it('a paused old leader cannot write a checkpoint after a newer token claimed it', async () => {
    const store = new MemoryReadStore();
    await store.setCheckpoint('prices', '10', 1);
    await store.claimCheckpoint('prices', 2);
    await expect(store.setCheckpoint('prices', '5', 1)).rejects.toBeInstanceOf(StaleLeaseError);
    await expect(store.setCheckpoint('prices', '12', 1)).rejects.toBeInstanceOf(StaleLeaseError);
    expect(await store.getCheckpoint('prices')).toBe('10');
    await store.setCheckpoint('prices', '11', 2);
    expect(await store.getCheckpoint('prices')).toBe('11');
  });
});

describe.skipIf(unreachable !== undefined)('rebuild lock on Redis', () => {
  it('two rebuilds asked at once in two processes run one after the other', async () => {
    const namespace = `${prefix}:${randomUUID()}`;
    const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
    const providers = connections.map(
      (redis) => new RedisLeaseProvider({ redis, prefix: namespace, ttlMs: 500 }),
    );
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const work = (who: string) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(`${who} start`);
      // Longer than the lock's ttl: it is renewed while the work runs.
      await new Promise((resolve) => setTimeout(resolve, 800));
      order.push(`${who} end`);
      running--;
    };
    try {
      await Promise.all([
        whileHolding(providers[0]!, '$rebuild', work('a'), { pollMs: 20 }),
        whileHolding(providers[1]!, '$rebuild', work('b'), { pollMs: 20 }),
      ]);
      expect(most).toBe(1);
      expect(order).toHaveLength(4);
    } finally {
      for (const redis of connections) await redis.quit();
    }
  });
});
