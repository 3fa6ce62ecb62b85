import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeptReadStore } from '../../../projections/read-store/kept';
import { describeReadStoreContract } from './read-store.contract';

describeReadStoreContract('on disk (collections in SQLite, not in memory)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vial-on-disk-'));
  const store = await KeptReadStore.open({
    path: path.join(dir, 'kept.sqlite'),
    collections: [],
    onDisk: { path: path.join(dir, 'read-models.sqlite'), collections: '*' },
  });
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('collections on disk', () => {
  const open = (dir: string) =>
    KeptReadStore.open({
      path: path.join(dir, 'kept.sqlite'),
      collections: [],
      onDisk: { path: path.join(dir, 'read-models.sqlite'), collections: ['log'] },
    });

  it('given declared indexes, when a page is read newest first with filters and a cursor, then it matches the whole sort of the matches', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-on-disk-'));
    const store = await open(dir);
    try {
      const log = store.collection('log__rebuild');
      const docs = Array.from({ length: 300 }, (_, i) => ({
        _id: `e${i}`,
        sortKey: String(i).padStart(5, '0'),
        subject: { kind: i % 3 === 0 ? 'provider' : 'admin', id: `s${i % 7}` },
      }));
      await log.bulkWrite(docs.map((doc) => ({ kind: 'upsert' as const, doc })));
      await store.ensureIndexes('log__rebuild', [
        { fields: { sortKey: -1 } },
        { fields: { 'subject.id': 1, sortKey: -1 } },
      ]);
      await store.rename('log__rebuild', 'log');
      // A second rebuild's indexes do not clash with the swapped-in collection's.
      await store.ensureIndexes('log__rebuild', [{ fields: { sortKey: -1 } }]);
      const live = store.collection('log');
      const filter = { 'subject.id': 's3', 'subject.kind': 'admin', sortKey: { $lt: '00200' } };
      const expected = docs
        .filter((d) => d.subject.id === 's3' && d.subject.kind === 'admin' && d.sortKey < '00200')
        .sort((a, b) => (a.sortKey < b.sortKey ? 1 : -1));
      const page = await live.find(filter, { sort: { sortKey: -1 }, limit: 5, skip: 2 });
      expect(page.map((d) => d._id)).toEqual(expected.slice(2, 7).map((d) => d._id));
      expect(await live.count(filter)).toBe(expected.length);
      expect(await store.collection('other').count()).toBe(0);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given a previous run, when the store is opened again, then the collections on disk are empty (they are rebuilt from the events)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-on-disk-'));
    try {
      const first = await open(dir);
      await first.collection('log').upsert({ _id: 'a' });
      expect(await first.collection('log').count()).toBe(1);
      await first.close();
      const second = await open(dir);
      expect(await second.collection('log').count()).toBe(0);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
