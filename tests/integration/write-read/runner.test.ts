/**
 * The projection runner's failure handling and bookkeeping, on a real SQLite event store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Projector } from '../../../projections/projector';
import { app, acme, CTX } from './setup';

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
  it('after a handler error it resubscribes from the stored checkpoint and applies each event once, in order', async () => {
    const flaky = flakyProjector(2);
    current = app({ projectors: [flaky.projector] });
    await current.runner.start();
    const { position } = await current.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await current.runner.waitFor(position, 5000)).toBe(true);
    expect(flaky.seen).toEqual(['1:ProviderListed', '2:VialScoreRecomputed', '3:ProviderFeatured']);
    expect(await current.readStore.getCheckpoint('flaky')).toBe('3');
  });

  it('a failing projector does not hold the others back, and lag shows it', async () => {
    const stuck: Projector = {
      name: 'stuck',
      collections: [],
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
    expect(ok.seen).toHaveLength(3);
    expect(await runner.lag()).toBe(3);
    const status = await runner.status();
    expect(status.find((s) => s.name === 'flaky')).toMatchObject({ checkpoint: '3', behind: 0 });
    expect(status.find((s) => s.name === 'stuck')).toMatchObject({ checkpoint: '0', behind: 3 });
    expect(errors.length).toBeGreaterThan(1);
    expect(new Set(errors)).toEqual(new Set(['stuck']));
    await runner.stop();
  });

  it('starts from the stored checkpoint: events before it are not applied again', async () => {
    const first = flakyProjector(0);
    current = app({ projectors: [first.projector] });
    await current.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    await current.readStore.setCheckpoint('flaky', '2');
    await current.runner.start();
    expect(await current.runner.waitFor(3n)).toBe(true);
    expect(first.seen).toEqual(['3:ProviderFeatured']);
  });
});
