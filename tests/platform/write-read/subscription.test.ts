/**
 * Newsletter subscriptions through the real write and read sides: bus -> SQLite ':memory:'
 * event store -> runner -> memory read models -> queries. One stream per e-mail, appended
 * with 'no_stream' expected, so a second subscription (even a concurrent one) is refused.
 */
import { newSubscriptionFields } from '../../../projections/newsletter/views';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { appCommandBus, appQueries } from '../../../workers/bootstrap/composition';
import { CommandValidationError, DecisionError } from '../../../commands/errors';
import type { EventStore } from '../../../commands/event-store/port';
import { SqliteEventStore } from '../../../commands/event-store/sqlite';
import { legacySubscriptionIdOf, newSubscriptionId } from '../../../commands/newsletter';
import { subscriptionStreamId as streamOfId } from '../../../domain/newsletter/events';
import type { Actor } from '../../../domain/shared/envelope';
import { NEWSLETTER_MESSAGES } from '../../../domain/newsletter/rules';
import { liveContext } from '../../../projections/projector';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import { app } from '../../support/write-read';

const VISITOR: Actor = { kind: 'visitor', id: 'anonymous' };
const VISITOR_CTX = { actor: VISITOR, correlationId: 'req-1' };
const NOW = new Date('2025-03-14T10:00:00.000Z');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type App = ReturnType<typeof app>;
let current: App | null = null;
const start = async () => {
  current = app({ now: () => NOW });
  await current.runner.start();
  return current;
};
afterEach(async () => {
  await current?.close();
  current = null;
});

/**
 * Stands in for SubscriberIds (the key store's link, tests/integration/subscriptions): one
 * stable id per normalised address, which is all the bus and the decider rely on.
 */
const idOf = (email: string) => legacySubscriptionIdOf(email).slice(0, 32);
const subscriptionStreamId = (email: string) => streamOfId(idOf(email));
const subscribe = (a: App, email: string) =>
  a.bus.dispatch(
    { type: 'SubscribeToNewsletter', email, subscriptionId: idOf(email) },
    VISITOR_CTX,
  );

describe('stream naming', () => {
  it('a new id is random (32 hex); a legacy one was the sha256 of the normalised e-mail', () => {
    expect(newSubscriptionId()).toMatch(/^[0-9a-f]{32}$/);
    expect(newSubscriptionId()).not.toBe(newSubscriptionId());
    expect(legacySubscriptionIdOf(' Ann@Example.com ')).toBe(sha256('ann@example.com'));
  });
});

describe('SubscribeToNewsletter', () => {
  it('appends VisitorSubscribed (normalised e-mail, visitor actor) to a new stream', async () => {
    const a = await start();
    const result = await subscribe(a, '  Ann@Example.com ');
    const id = idOf('ann@example.com');
    expect(result).toEqual({ id, revision: 0, position: '1' });
    const events = await a.eventStore.readStream(`subscription-${id}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'VisitorSubscribed',
      data: { subscriptionId: id, email: 'ann@example.com' },
      metadata: {
        occurredAt: NOW.toISOString(),
        actor: VISITOR,
        correlationId: 'req-1',
        schemaVersion: 1,
      },
    });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['ann', 'no @'],
    ['ann@example', 'no dot after @'],
    ['ann @example.com', 'a space inside'],
    [42, 'not a string'],
    [undefined, 'missing'],
  ])(
    'refuses %j (%s) with the spec message on the email field, appending nothing',
    async (email, _case) => {
      const a = await start();
      const attempt = a.bus.dispatch(
        { type: 'SubscribeToNewsletter', email } as never,
        VISITOR_CTX,
      );
      await expect(attempt).rejects.toBeInstanceOf(CommandValidationError);
      await expect(attempt).rejects.toMatchObject({
        message: NEWSLETTER_MESSAGES.invalid,
        fields: { email: NEWSLETTER_MESSAGES.invalid },
      });
      expect(await a.eventStore.headPosition()).toBe(0n);
    },
  );

  it('a second subscription of the same e-mail (any case, spaces) is refused, appending nothing', async () => {
    const a = await start();
    await subscribe(a, 'ann@example.com');
    const head = await a.eventStore.headPosition();
    const attempt = subscribe(a, ' ANN@example.com ');
    await expect(attempt).rejects.toBeInstanceOf(DecisionError);
    await expect(attempt).rejects.toMatchObject({
      code: 'already_subscribed',
      message: 'This email is already subscribed to our updates.',
    });
    expect(await a.eventStore.headPosition()).toBe(head);
    expect(await a.eventStore.readStream(subscriptionStreamId('ann@example.com'))).toHaveLength(1);
  });

  it('of two concurrent subscriptions of one e-mail exactly one succeeds', async () => {
    const a = await start();
    const outcomes = await Promise.allSettled([
      subscribe(a, 'ann@example.com'),
      subscribe(a, 'Ann@Example.com'),
      subscribe(a, ' ann@example.com'),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(refusals).toHaveLength(2);
    for (const reason of refusals) {
      expect(reason).toBeInstanceOf(DecisionError);
      expect(reason).toMatchObject({
        code: 'already_subscribed',
        message: NEWSLETTER_MESSAGES.duplicate,
      });
    }
    expect(await a.eventStore.headPosition()).toBe(1n);
  });
});

describe('losing the race on the new stream', () => {
  /**
   * Both commands read the (empty) stream before either appends, so both decide to subscribe
   * and both append at 'no_stream': the store refuses the second with a ConcurrencyError.
   */
  function bothReadFirst(inner: EventStore): EventStore & { appends: number } {
    let reads = 0;
    let release: () => void = () => {};
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const wrapper = {
      appends: 0,
      append: (...args: Parameters<EventStore['append']>) => {
        wrapper.appends++;
        return inner.append(...args);
      },
      appendMany: (appends: Parameters<EventStore['appendMany']>[0]) => {
        wrapper.appends++;
        return inner.appendMany(appends);
      },
      readStream: async (id: string) => {
        const events = await inner.readStream(id);
        if (++reads === 2) release();
        await bothRead;
        return events;
      },
      readAll: (o?: Parameters<EventStore['readAll']>[0]) => inner.readAll(o),
      subscribeToAll: (o: Parameters<EventStore['subscribeToAll']>[0]) => inner.subscribeToAll(o),
      headPosition: () => inner.headPosition(),
      storeId: () => inner.storeId(),
      countAfter: (after: bigint, max: number) => inner.countAfter(after, max),
      close: () => inner.close(),
    };
    return wrapper;
  }

  it('is reported as "already subscribed" (not a concurrency error) and never retried', async () => {
    const inner = new SqliteEventStore(':memory:');
    const store = bothReadFirst(inner);
    const bus = appCommandBus(store, { now: () => NOW });
    const outcomes = await Promise.allSettled([
      bus.dispatch(
        {
          type: 'SubscribeToNewsletter',
          email: 'ann@example.com',
          subscriptionId: idOf('ann@example.com'),
        },
        VISITOR_CTX,
      ),
      bus.dispatch(
        {
          type: 'SubscribeToNewsletter',
          email: 'ANN@example.com',
          subscriptionId: idOf('ann@example.com'),
        },
        VISITOR_CTX,
      ),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(DecisionError);
    expect(refused?.reason).toMatchObject({
      code: 'already_subscribed',
      message: 'This email is already subscribed to our updates.',
    });
    // One append each: the loser's conflict was not answered by deciding and appending again.
    expect(store.appends).toBe(2);
    expect(await inner.headPosition()).toBe(1n);
    await inner.close();
  });
});

describe('read models', () => {
  it('the dashboard counts subscriptions, the back office lists them newest first', async () => {
    let clock = Date.parse('2025-03-14T10:00:00.000Z');
    current = app({ now: () => new Date((clock += 60_000)) });
    const a = current;
    await a.runner.start();
    await subscribe(a, 'ann@example.com');
    await subscribe(a, 'Bob@Example.com');
    await subscribe(a, 'ann@example.com').catch(() => undefined);
    const last = await subscribe(a, 'cy@example.org');
    expect(await a.runner.waitFor(BigInt(last.position), 2000)).toBe(true);

    expect(await a.queries.dashboardCounts()).toEqual({
      providers: 0,
      subscriptions: 3,
      submissions: 0,
      posts: 0,
      keywords: 0,
      media: 0,
      contactUnread: 0,
    });
    expect(await a.queries.subscriptionCount()).toBe(3);
    expect(await a.queries.subscriptions()).toEqual([
      {
        _id: idOf('cy@example.org'),
        email: 'cy@example.org',
        subscribedAt: '2025-03-14T10:04:00.000Z',
        source: 'visitor',
        active: true,
        ...newSubscriptionFields(),
      },
      {
        _id: idOf('bob@example.com'),
        email: 'bob@example.com',
        subscribedAt: '2025-03-14T10:02:00.000Z',
        source: 'visitor',
        active: true,
        ...newSubscriptionFields(),
      },
      {
        _id: idOf('ann@example.com'),
        email: 'ann@example.com',
        subscribedAt: '2025-03-14T10:01:00.000Z',
        source: 'visitor',
        active: true,
        ...newSubscriptionFields(),
      },
    ]);
  });

  it('subscriptions made at the same instant are listed newest first by log order', async () => {
    const a = await start();
    for (const email of ['z@example.com', 'a@example.com', 'm@example.com']) {
      await subscribe(a, email);
    }
    expect(await a.runner.waitFor(3n, 2000)).toBe(true);
    expect((await a.queries.subscriptions()).map((s) => s.email)).toEqual([
      'm@example.com',
      'a@example.com',
      'z@example.com',
    ]);
  });

  it('one subscription: dashboard count 1 and an audit entry by the visitor', async () => {
    const a = await start();
    const result = await subscribe(a, 'Ann@Example.com');
    expect(await a.runner.waitFor(BigInt(result.position), 2000)).toBe(true);
    expect((await a.queries.dashboardCounts()).subscriptions).toBe(1);
    const id = idOf('ann@example.com');
    expect(await a.queries.auditLog()).toEqual([
      {
        _id: expect.stringMatching(/^\d{40}$/),
        position: '1',
        occurredAt: NOW.toISOString(),
        actor: VISITOR,
        eventType: 'VisitorSubscribed',
        summary: 'Subscribed a***@example.com to the newsletter',
        subject: { kind: 'subscription', id, name: 'a***@example.com' },
        changedFields: [],
      },
    ]);
    expect(await a.queries.auditLog({ subjectId: id })).toHaveLength(1);
  });
});

describe('projecting twice', () => {
  it('applying the same VisitorSubscribed again changes nothing (idempotent projectors)', async () => {
    const a = await start();
    await subscribe(a, 'ann@example.com');
    const [event] = await a.eventStore.readAll();
    const readStore = new MemoryReadStore();
    const ctx = liveContext(readStore);
    for (let i = 0; i < 2; i++) {
      for (const p of a.projectors) await p.handle(event!, ctx);
      for (const p of a.projectors) await p.flush?.(ctx);
    }
    const queries = appQueries(readStore);
    expect((await queries.dashboardCounts()).subscriptions).toBe(1);
    expect(await queries.subscriptionCount()).toBe(1);
    expect(await queries.auditLog()).toHaveLength(1);
  });
});
