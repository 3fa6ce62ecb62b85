/**
 * The on-disk collections hand whole filters to SQLite when every key is an equality, `$ne`
 * or string range on `_id` or a declared field (projections/read-store/on-disk.ts): counts,
 * skips and limits are then SQLite's. Each case is checked against the memory store, the
 * reference of the read-store semantics, on documents with the awkward values: a field
 * missing, null, a number where strings are expected, both booleans.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptReadStore } from '../../../projections/read-store/kept';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import type { Document, Filter } from '../../../projections/read-store/port';

const docs: Document[] = Array.from({ length: 60 }, (_, i) => ({
  _id: `s${String(i).padStart(3, '0')}`,
  email: `p${i}@example.com`,
  sortKey: String(1000 + i),
  ...(i % 3 === 0 ? { active: true } : i % 3 === 1 ? { active: false } : {}),
  ...(i % 4 === 0 ? {} : { weeklyIssue: i % 4 !== 1 }),
  ...(i % 5 === 0
    ? {}
    : i % 5 === 1
      ? { inactiveAt: null }
      : i % 5 === 2
        ? { inactiveAt: 7 }
        : { inactiveAt: `2026-0${(i % 9) + 1}-01` }),
}));

const INDEXES = [
  { fields: { email: 1 }, unique: true },
  { fields: { sortKey: 1 } },
  { fields: { active: 1, sortKey: 1 } },
  { fields: { weeklyIssue: 1 } },
  { fields: { inactiveAt: 1 } },
] as const;

const CASES: Array<[string, Filter]> = [
  ['nothing', {}],
  ['active', { active: true }],
  ['inactive', { active: false }],
  ['$eq true', { active: { $eq: true } }],
  ['weekly issue not false (missing counts)', { weeklyIssue: { $ne: false } }],
  ['recipients', { active: true, weeklyIssue: { $ne: false } }],
  ['not true', { active: { $ne: true } }],
  ['one address', { email: 'p7@example.com' }],
  ['not one address', { email: { $ne: 'p7@example.com' } }],
  ['string range (a number is not in it)', { inactiveAt: { $lt: '2026-05-01' } }],
  ['string range above', { inactiveAt: { $gt: '2026-03-01' } }],
  ['closed range', { inactiveAt: { $gte: '2026-02-01', $lte: '2026-06-01' } }],
  ['keyset after a cursor', { active: true, sortKey: { $gt: '1020' } }],
  ['an id', { _id: 's010' }],
  ['ids in a range', { _id: { $gte: 's010', $lt: 's020' } }],
  ['undeclared field (tested in memory)', { email: { $regex: 'p1' } }],
  ['mixed: declared and a regex', { active: true, email: { $regex: '5' } }],
];

describe('on-disk filters handed to SQLite match the memory store', () => {
  let dir: string;
  let disk: KeptReadStore;
  const memory = new MemoryReadStore();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vial-on-disk-exact-'));
    disk = await KeptReadStore.open({
      path: path.join(dir, 'kept.sqlite'),
      collections: [],
      onDisk: { path: path.join(dir, 'read-models.sqlite'), collections: ['subs'] },
    });
    await disk.ensureIndexes('subs', INDEXES);
    await memory.ensureIndexes('subs', INDEXES);
    for (const store of [disk, memory]) {
      await store.collection('subs').bulkWrite(docs.map((doc) => ({ kind: 'upsert', doc })));
    }
  });

  afterAll(async () => {
    await disk.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(CASES)(
    'given %s, the count and every page newest and oldest first are the same',
    async (_name, filter) => {
      const [onDisk, inMemory] = [disk.collection('subs'), memory.collection('subs')];
      expect(await onDisk.count(filter)).toBe(await inMemory.count(filter));
      for (const direction of [1, -1] as const) {
        for (const [skip, limit] of [
          [0, 5],
          [3, 4],
          [0, 1000],
          [58, 5],
          [100, 5],
        ] as const) {
          const options = { sort: { sortKey: direction }, skip, limit };
          const ids = async (c: typeof onDisk) => (await c.find(filter, options)).map((d) => d._id);
          expect(await ids(onDisk), `${direction} ${skip}+${limit}`).toEqual(await ids(inMemory));
        }
      }
      const unsorted = async (c: typeof onDisk) => (await c.find(filter)).map((d) => d._id).sort();
      expect(await unsorted(onDisk)).toEqual(await unsorted(inMemory));
    },
  );
});
