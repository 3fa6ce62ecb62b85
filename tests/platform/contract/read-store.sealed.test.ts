/**
 * Read models with personal fields sealed on disk (projections/read-store/sealed.ts): the
 * whole read-store contract holds with two of its fields sealed, the sealed values are never
 * in the file's bytes, and a document whose key is destroyed reads as absent and is not
 * written again.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeptReadStore } from '../../../projections/read-store/kept';
import { withSealedCollections } from '../../../projections/read-store/sealed';
import { testDocumentSealer } from '../../support/document-sealer';
import { describeReadStoreContract } from './read-store.contract';

async function openSealed(fields: readonly string[], collections: readonly string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vial-sealed-'));
  const inner = await KeptReadStore.open({
    path: path.join(dir, 'kept.sqlite'),
    collections: [],
    onDisk: { path: path.join(dir, 'read-models.sqlite'), collections: '*' },
  });
  const { sealer, destroy } = testDocumentSealer();
  const store = withSealedCollections(
    inner,
    new Map(collections.map((name) => [name, { fields, sealer }])),
  );
  return {
    dir,
    store,
    destroy,
    bytes: () => Buffer.concat(readdirSync(dir).map((name) => readFileSync(path.join(dir, name)))),
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describeReadStoreContract('on disk with the name and states of providers sealed', async () => {
  const opened = await openSealed(
    ['name', 'states'],
    ['providers', 'providers_rebuild', 'providers_old'],
  );
  return { store: opened.store, dispose: opened.dispose };
});

describe('a sealed read model', () => {
  let opened: Awaited<ReturnType<typeof openSealed>>;
  beforeEach(async () => {
    opened = await openSealed(['email', 'state'], ['subscriptions']);
    await opened.store.ensureIndexes('subscriptions', [
      { fields: { email: 1 }, unique: true },
      { fields: { sortKey: 1 } },
    ]);
  });
  afterEach(() => opened.dispose());

  const doc = (i: number) => ({
    _id: `s${i}`,
    email: `person${i}@example.com`,
    state: i % 2 === 0 ? 'TX' : 'CA',
    active: i % 3 !== 0,
    sortKey: String(100 + i),
  });

  it('given subscribers written, when the files are read as bytes, then no address or state is in them', async () => {
    const subscriptions = opened.store.collection('subscriptions');
    await subscriptions.bulkWrite(
      Array.from({ length: 20 }, (_, i) => ({ kind: 'upsert' as const, doc: doc(i) })),
    );
    await subscriptions.update({ _id: 's1' }, { $set: { state: 'NY' } });
    const bytes = opened.bytes();
    for (let i = 0; i < 20; i++) expect(bytes.includes(`person${i}@example.com`)).toBe(false);
    expect(bytes.includes('"NY"')).toBe(false);
    expect(await subscriptions.findOne({ _id: 's1' })).toMatchObject({
      email: 'person1@example.com',
      state: 'NY',
    });
  });

  it('given a filter on a sealed field with a sort and a page, then the answer is the same as in the clear', async () => {
    const subscriptions = opened.store.collection('subscriptions');
    await subscriptions.bulkWrite(
      Array.from({ length: 30 }, (_, i) => ({ kind: 'upsert' as const, doc: doc(i) })),
    );
    const found = await subscriptions.find(
      { email: { $regex: 'person1' }, active: true },
      { sort: { sortKey: -1 }, skip: 1, limit: 3 },
    );
    // person1, 10..19 active (i % 3 !== 0): 19, 17, 16, 14, 13, 11, 10, 1 → skip 1, take 3.
    expect(found.map((d) => d._id)).toEqual(['s17', 's16', 's14']);
    expect(await subscriptions.count({ email: { $regex: 'person1' }, active: true })).toBe(8);
    expect(await subscriptions.count({ active: true })).toBe(20);
    expect(
      await subscriptions.find(
        { active: false },
        { sort: { sortKey: 1 }, projection: { _id: 1, sortKey: 1 } },
      ),
    ).toEqual(
      [0, 3, 6, 9, 12, 15, 18, 21, 24, 27].map((i) => ({ _id: `s${i}`, sortKey: String(100 + i) })),
    );
  });

  it('given a document whose key is destroyed, then it reads as absent and is not written again', async () => {
    const subscriptions = opened.store.collection('subscriptions');
    await subscriptions.bulkWrite([0, 1, 2].map((i) => ({ kind: 'upsert' as const, doc: doc(i) })));
    opened.destroy('s1');
    expect(await subscriptions.findOne({ _id: 's1' })).toBeNull();
    expect((await subscriptions.find({})).map((d) => d._id).sort()).toEqual(['s0', 's2']);
    await subscriptions.upsert(doc(1));
    expect(await subscriptions.findOne({ _id: 's1' })).toBeNull();
  });

  it('given an update of clear fields only or of a sealed one, then both apply and the other fields stay', async () => {
    const subscriptions = opened.store.collection('subscriptions');
    await subscriptions.upsert(doc(4));
    await subscriptions.update({ _id: 's4' }, { $addToSet: { bouncedAt: '7' } });
    await subscriptions.update({ _id: 's4' }, { $addToSet: { bouncedAt: '7' } });
    await subscriptions.update({ _id: 's4' }, { $unset: { state: '' }, $set: { active: false } });
    expect(await subscriptions.findOne({ _id: 's4' })).toEqual({
      _id: 's4',
      email: 'person4@example.com',
      active: false,
      sortKey: '104',
      bouncedAt: ['7'],
    });
    expect(await subscriptions.delete({ email: 'person4@example.com' })).toBe(1);
    expect(await subscriptions.count()).toBe(0);
  });
});
