/**
 * The write side and the read side together: bus -> SQLite event store -> runner ->
 * memory read models -> queries.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../../../commands/event-store/port';
import { rebuild } from '../../../projections/rebuild';
import { acme, app, CTX, snapshot } from '../../support/write-read';

type App = ReturnType<typeof app>;
let current: App | null = null;
const start = async (options?: Parameters<typeof app>[0]) => {
  current = app(options);
  await current.runner.start();
  return current;
};
afterEach(async () => {
  await current?.close();
  current = null;
});

async function someHistory(a: App) {
  const one = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
  await a.bus.dispatch(
    {
      type: 'ListProvider',
      details: { ...acme, name: 'Beta Care', googleScore: 3, states: ['CA'] },
    },
    CTX,
  );
  await a.bus.dispatch(
    { type: 'ListProvider', details: { ...acme, name: 'Hidden', featured: false } },
    CTX,
  );
  await a.bus.dispatch(
    {
      type: 'ChangeProviderPrices',
      providerId: one.id,
      prices: { semaglutide: { '0.25mg': 199, '0.5mg': 249 } },
    },
    CTX,
  );
  const last = await a.bus.dispatch(
    { type: 'RecomputeVialScore', providerId: one.id, reason: 'requested' },
    CTX,
  );
  return { first: one.id, position: last.position };
}

describe('read-your-writes', () => {
  it('a listed featured provider is on the public ranking once waitFor(position) says so', async () => {
    const a = await start();
    const result = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await a.runner.waitFor(BigInt(result.position), 2000)).toBe(true);
    const cards = await a.queries.featuredProviderCards();
    expect(cards).toEqual([
      expect.objectContaining({
        _id: result.id,
        rank: 1,
        name: 'Acme Health',
        badgeText: 'Best Overall',
        discountCode: 'ACME10',
        featured: true,
      }),
    ]);
    expect(await a.queries.adminProvider(result.id)).toMatchObject({ revision: result.revision });
    expect(await a.queries.dashboardCounts()).toMatchObject({ providers: 1 });
    expect(await a.runner.lag()).toBe(0);
  });

  it('ranks several featured providers and leaves unfeatured ones out', async () => {
    const a = await start();
    const { position } = await someHistory(a);
    expect(await a.runner.waitFor(position)).toBe(true);
    expect((await a.queries.featuredProviderCards()).map((c) => [c.name, c.rank])).toEqual([
      ['Acme Health', 1],
      ['Beta Care', 2],
    ]);
    expect(await a.queries.adminProviders()).toHaveLength(3);
  });

  it('waitFor answers false when the position is not reached in time', async () => {
    const a = await start();
    expect(await a.runner.waitFor(99n, 50)).toBe(false);
  });
});

describe('replay', () => {
  it('replaying every event onto the same read models changes nothing', async () => {
    const a = await start();
    const { position } = await someHistory(a);
    await a.runner.waitFor(position);
    const before = await snapshot(a.readStore, a.projectors);

    await a.runner.stop();
    for (const p of a.projectors) await a.readStore.setCheckpoint(p.name, '0');
    await a.runner.start();
    expect(await a.runner.waitFor(position)).toBe(true);
    expect(await snapshot(a.readStore, a.projectors)).toEqual(before);
  });
});

describe('rebuild', () => {
  it('rebuilds into fresh collections, swaps them in, and yields the same documents', async () => {
    const a = await start();
    const { position } = await someHistory(a);
    await a.runner.waitFor(position);
    const before = await snapshot(a.readStore, a.projectors);

    // Damage a live read model: the rebuild must not depend on it.
    await a.readStore.collection('admin_providers').delete({});
    const result = await rebuild(a.readStore, a.eventStore, a.projectors, { runner: a.runner });

    expect(result.position).toBe(position);
    expect(await snapshot(a.readStore, a.projectors)).toEqual(before);
    for (const p of a.projectors) expect(await a.readStore.getCheckpoint(p.name)).toBe(position);
    for (const name of a.projectors.flatMap((p) => p.collections)) {
      expect(await a.readStore.collection(`${name}__rebuild`).count()).toBe(0);
    }

    // The runner carries on after the swap.
    const next = await a.bus.dispatch(
      { type: 'ListProvider', details: { ...acme, name: 'After' } },
      CTX,
    );
    expect(await a.runner.waitFor(next.position)).toBe(true);
    expect(await a.queries.adminProviders('after')).toHaveLength(1);
  });

  it('without a runner (boot, CLI) it rebuilds an empty read store', async () => {
    const a = await start();
    const { position } = await someHistory(a);
    await a.runner.waitFor(position);
    const before = await snapshot(a.readStore, a.projectors);
    await a.runner.stop();

    const { MemoryReadStore } = await import('../../../projections/read-store/memory');
    const fresh = new MemoryReadStore();
    await rebuild(fresh, a.eventStore, a.projectors, { batchSize: 2 });
    expect(await snapshot(fresh, a.projectors)).toEqual(before);
  });
});

describe('optimistic concurrency', () => {
  it('an edit made from a stale form that touches other fields is merged onto the latest version', async () => {
    const a = await start();
    const listed = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    await a.bus.dispatch(
      {
        type: 'ChangeProviderDetails',
        providerId: listed.id,
        details: { ...acme, name: 'Edited by someone else' },
        expectedRevision: listed.revision,
      },
      CTX,
    );
    // The second editor's form still shows the old name: only the description is theirs.
    await a.bus.dispatch(
      {
        type: 'ChangeProviderDetails',
        providerId: listed.id,
        details: { ...acme, description: 'My edit' },
        expectedRevision: listed.revision,
      },
      CTX,
    );
    const events = await a.eventStore.readStream(`provider-${listed.id}`);
    expect(events.map((e) => e.type)).toEqual([
      'ProviderListed',
      'VialScoreRecomputed',
      'ProviderFeatured',
      'ProviderDetailsChanged',
      'ProviderDetailsChanged',
    ]);
    expect(events.at(-2)?.data).toMatchObject({ changes: { name: 'Edited by someone else' } });
    expect(events.at(-1)?.data).toMatchObject({ changes: { description: 'My edit' } });
    expect(events.at(-1)?.data).not.toHaveProperty('changes.name');
  });

  it('a revision the provider never had is a ConcurrencyError and changes nothing', async () => {
    const a = await start();
    const listed = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    const stale = a.bus.dispatch(
      {
        type: 'ChangeProviderDetails',
        providerId: listed.id,
        details: { ...acme, description: 'My edit' },
        expectedRevision: listed.revision + 9,
      },
      CTX,
    );
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    const events = await a.eventStore.readStream(`provider-${listed.id}`);
    expect(events.map((e) => e.type)).not.toContain('ProviderDetailsChanged');
  });
});
