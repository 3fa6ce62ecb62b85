import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeptReadStore } from '../../../projections/read-store/kept';
import { describeReadStoreContract } from './read-store.contract';

describeReadStoreContract('kept (memory written through to SQLite)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vial-kept-'));
  const store = await KeptReadStore.open({ path: path.join(dir, 'kept.sqlite'), collections: '*' });
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('kept collections survive a restart', () => {
  it('given writes of every kind, when the store is opened again, then the kept collections hold the same documents and the others are empty', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-kept-'));
    const file = path.join(dir, 'kept.sqlite');
    try {
      const first = await KeptReadStore.open({ path: file, collections: ['snapshots'] });
      const snapshots = first.collection('snapshots');
      await snapshots.upsert({ _id: 'a', n: 1 });
      await snapshots.upsert({ _id: 'b', n: 2 });
      await snapshots.bulkWrite([
        { kind: 'upsert', doc: { _id: 'c', n: 3 } },
        { kind: 'update', filter: { _id: 'a' }, update: { $inc: { n: 10 } } },
      ]);
      await snapshots.delete({ _id: 'b' });
      await first.collection('not_kept').upsert({ _id: 'x' });
      await first.close();

      const second = await KeptReadStore.open({ path: file, collections: ['snapshots'] });
      expect(await second.collection('snapshots').find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', n: 11 },
        { _id: 'c', n: 3 },
      ]);
      expect(await second.collection('not_kept').count()).toBe(0);
      await second.drop('snapshots');
      await second.close();

      const third = await KeptReadStore.open({ path: file, collections: ['snapshots'] });
      expect(await third.collection('snapshots').count()).toBe(0);
      await third.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
