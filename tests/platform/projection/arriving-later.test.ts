/**
 * A memory collection whose documents arrive later (MemoryReadStore.arriveLater, used by a
 * start from a snapshot for the back office's read models): every use of it waits for them and
 * sees them all, the first use starts the load, the load runs once, a snapshot's capture is
 * refused before they are in, and a failed load is told to every use rather than serving the
 * collection empty.
 */
import { describe, expect, it } from 'vitest';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import type { Document } from '../../../projections/read-store/port';

const docs: Document[] = [
  { _id: 'a', email: 'a@example.com', active: true },
  { _id: 'b', email: 'b@example.com', active: false },
];

/** A store with 'later' arriving from a load that counts its calls and waits for `release`. */
function storeWithArrival(load: () => Promise<Document[]> = async () => docs) {
  const store = new MemoryReadStore();
  let loads = 0;
  store.arriveLater('later', () => {
    loads++;
    return load();
  });
  return { store, loads: () => loads };
}

describe('a collection whose documents arrive later', () => {
  const uses: Array<{
    use: string;
    run: (store: MemoryReadStore) => Promise<unknown>;
    then: unknown;
  }> = [
    { use: 'find', run: (s) => s.collection('later').find({}, { sort: { _id: 1 } }), then: docs },
    { use: 'findOne', run: (s) => s.collection('later').findOne({ _id: 'b' }), then: docs[1] },
    { use: 'count', run: (s) => s.collection('later').count({ active: true }), then: 1 },
  ];
  for (const { use, run, then } of uses) {
    it(`answers ${use} with the arrived documents, starting their load`, async () => {
      // Given a collection whose documents have not been loaded
      const { store, loads } = storeWithArrival();
      expect(loads()).toBe(0);
      // When it is read, Then the read waits for them and sees them all
      expect(await run(store)).toEqual(then);
      expect(loads()).toBe(1);
    });
  }

  it('applies a write made before they arrived on top of them', async () => {
    const { store } = storeWithArrival();
    await store.collection('later').upsert({ _id: 'c', email: 'c@example.com', active: true });
    await store.collection('later').update({ _id: 'a' }, { $set: { active: false } });
    expect(await store.collection('later').count({ active: false })).toBe(2);
    expect(await store.collection('later').count()).toBe(3);
  });

  it('loads them once, however many ask at the same time', async () => {
    let release!: () => void;
    const { store, loads } = storeWithArrival(
      () => new Promise((resolve) => (release = () => resolve(docs))),
    );
    const asked = [store.collection('later').count(), store.collection('later').find({})];
    const all = store.loadArriving();
    release();
    expect(await Promise.all(asked)).toEqual([2, docs]);
    await all;
    expect(loads()).toBe(1);
  });

  it('refuses a capture before they arrived, and captures them whole after loadArriving', async () => {
    const { store } = storeWithArrival();
    expect(() => store.capture(['later'], [])).toThrow(/before the documents of later arrived/);
    await store.loadArriving();
    expect(store.capture(['later'], []).documents.get('later')).toEqual(docs);
  });

  it('drops and renames them only once they arrived', async () => {
    const { store } = storeWithArrival();
    await store.rename('later', 'renamed');
    expect(await store.collection('renamed').count()).toBe(2);
    const { store: other } = storeWithArrival();
    await other.drop('later');
    expect(await other.collection('later').count()).toBe(0);
  });

  it('tells a failed load to every use instead of answering with nothing', async () => {
    const { store } = storeWithArrival(async () => {
      throw new Error('the snapshot could not be parsed');
    });
    await expect(store.collection('later').find({})).rejects.toThrow(/could not be parsed/);
    await expect(store.collection('later').count()).rejects.toThrow(/could not be parsed/);
    await expect(store.loadArriving()).rejects.toThrow(/could not be parsed/);
  });

  it('leaves the other collections as they were, without waiting', async () => {
    const { store, loads } = storeWithArrival();
    await store.collection('other').upsert({ _id: 'x' });
    expect(await store.collection('other').find({})).toEqual([{ _id: 'x' }]);
    expect(loads()).toBe(0);
  });
});
