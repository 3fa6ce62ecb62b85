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

describeReadStoreContract(
  'kept on disk only (a durable SQLite file, nothing in memory)',
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-kept-large-'));
    const store = await KeptReadStore.open({
      path: path.join(dir, 'kept.sqlite'),
      collections: [],
      keptOnDisk: { path: path.join(dir, 'kept-large.sqlite'), collections: '*' },
    });
    return {
      store,
      dispose: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
);

describe('collections kept on disk only', () => {
  const open = (dir: string) =>
    KeptReadStore.open({
      path: path.join(dir, 'kept.sqlite'),
      collections: ['plans', 'deliveries'],
      keptOnDisk: { path: path.join(dir, 'kept-large.sqlite'), collections: ['deliveries'] },
    });

  it('given deliveries written, when the store is opened again, then they are all there and read by id', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-kept-large-'));
    try {
      const first = await open(dir);
      const rows = Array.from({ length: 500 }, (_, i) => ({
        kind: 'upsert' as const,
        doc: {
          _id: `issue:${String(i).padStart(3, '0')}`,
          status: i % 5 === 0 ? 'bounced' : 'sent',
        },
      }));
      await first.collection('deliveries').bulkWrite(rows);
      await first.collection('deliveries').upsert({ _id: 'issue:500', status: 'failed' });
      await first.close();

      const second = await open(dir);
      const deliveries = second.collection('deliveries');
      expect(await deliveries.count()).toBe(501);
      expect(await deliveries.count({ status: 'bounced' })).toBe(100);
      expect(
        (await deliveries.find({ _id: { $in: ['issue:005', 'issue:500', 'nobody'] } }))
          .map((d) => d._id)
          .sort(),
      ).toEqual(['issue:005', 'issue:500']);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given rows an earlier version kept in the memory file, when the store opens, then they move to the durable file once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vial-kept-large-'));
    try {
      // The earlier version: every sending collection written through to kept.sqlite.
      const before = await KeptReadStore.open({
        path: path.join(dir, 'kept.sqlite'),
        collections: ['plans', 'deliveries'],
      });
      await before.collection('deliveries').upsert({ _id: 'issue:1', status: 'sent' });
      await before.collection('plans').upsert({ _id: 'plan:1', done: false });
      await before.close();

      const after = await open(dir);
      expect(await after.collection('deliveries').find({})).toEqual([
        { _id: 'issue:1', status: 'sent' },
      ]);
      expect(await after.collection('plans').count()).toBe(1);
      await after.close();
      // Moved, not copied: a second start finds it once, in the durable file.
      const again = await open(dir);
      expect(await again.collection('deliveries').count()).toBe(1);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
