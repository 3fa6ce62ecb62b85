/**
 * readModelStatus (projections/status.ts), what the Operations screen shows: the log's last
 * position, each read model's checkpoint and the events after it, counted as /readyz counts
 * them (up to LAG_COUNT_LIMIT), and the newest snapshot where the profile keeps them.
 */
import { describe, expect, it } from 'vitest';
import { LAG_COUNT_LIMIT } from '../../../projections/runner';
import { readModelStatus } from '../../../projections/status';

/** A log of `head` events numbered 1..head (SQLite's positions), counted as its adapter does. */
const logOf = (head: number) => ({
  headPosition: async () => BigInt(head),
  countAfter: async (after: bigint, max: number) =>
    Math.min(max, Math.max(0, head - Number(after))),
});
const checkpoints = (values: Record<string, string | null>) => ({
  getCheckpoints: async (names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, values[name] ?? null])),
});

describe('the read models against the log', () => {
  it.each([
    ['one that applied the last event', '12', 0],
    ['one 3 events behind', '9', 3],
    ['one that applied nothing yet', null, 12],
  ])('%s', async (_case, checkpoint, behind) => {
    const status = await readModelStatus(checkpoints({ ranking: checkpoint }), logOf(12), [
      'ranking',
    ]);
    expect(status).toEqual({
      head: '12',
      countedUpTo: LAG_COUNT_LIMIT,
      readModels: [{ name: 'ranking', position: checkpoint, behind }],
    });
  });

  it('stops counting at the limit, which the status names', async () => {
    const status = await readModelStatus(checkpoints({}), logOf(LAG_COUNT_LIMIT + 5), ['audit']);
    expect(status.readModels[0]?.behind).toBe(LAG_COUNT_LIMIT);
    expect(status.countedUpTo).toBe(LAG_COUNT_LIMIT);
  });

  it('keeps the projectors’ order, and names the snapshot only where snapshots are kept', async () => {
    const store = checkpoints({ a: '2', b: '1' });
    const kept = await readModelStatus(store, logOf(2), ['b', 'a'], async () => null);
    expect(kept.readModels.map((m) => m.name)).toEqual(['b', 'a']);
    expect(kept.snapshot).toBeNull();
    const none = await readModelStatus(store, logOf(2), ['b', 'a']);
    expect('snapshot' in none).toBe(false);
  });

  it('counts once per distinct checkpoint (EventStoreDB counts by reading the events)', async () => {
    const counted: bigint[] = [];
    const log = logOf(9);
    const status = await readModelStatus(
      checkpoints({ a: '9', b: '9', c: '4', d: '9' }),
      { ...log, countAfter: (after, max) => (counted.push(after), log.countAfter(after, max)) },
      ['a', 'b', 'c', 'd'],
    );
    expect(status.readModels.map((m) => m.behind)).toEqual([0, 0, 5, 0]);
    expect(counted.sort()).toEqual([4n, 9n]);
  });
});
