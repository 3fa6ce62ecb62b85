/**
 * The ReadStore contract: every adapter (memory + mingo, MongoDB) must pass this one suite,
 * so projectors and query functions behave the same on both profiles.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Document, ReadStore } from '../../../projections/read-store/port';
import { StaleLeaseError } from '../../../projections/lease/port';
import type { IndexDeclaration } from '../../../projections/read-store/port';

export interface ReadStoreFixture {
  store: ReadStore;
  /** Remove everything the test wrote and release connections. */
  dispose(): Promise<void>;
}

interface ProviderDoc extends Document {
  name: string;
  featured?: boolean;
  score: number;
  states: string[];
  price: { monthly: number; currency: string };
  medications: { kind: string; form: string }[];
}

const providers: ProviderDoc[] = [
  {
    _id: 'p1',
    name: 'Hims',
    featured: true,
    score: 8.5,
    states: ['CA', 'NY'],
    price: { monthly: 199, currency: 'USD' },
    medications: [{ kind: 'semaglutide', form: 'injection' }],
  },
  {
    _id: 'p2',
    name: 'Ro',
    featured: false,
    score: 9.1,
    states: ['TX'],
    price: { monthly: 299, currency: 'USD' },
    medications: [
      { kind: 'tirzepatide', form: 'injection' },
      { kind: 'semaglutide', form: 'oral' },
    ],
  },
  {
    _id: 'p3',
    name: 'henry meds',
    featured: true,
    score: 7.2,
    states: ['CA'],
    price: { monthly: 149, currency: 'USD' },
    medications: [{ kind: 'semaglutide', form: 'injection' }],
  },
  {
    _id: 'p4',
    name: 'Mochi Health',
    score: 6,
    states: [],
    price: { monthly: 99, currency: 'USD' },
    medications: [],
  },
];

const ids = (docs: Document[]) => docs.map((d) => d._id);

export function describeReadStoreContract(
  name: string,
  factory: () => Promise<ReadStoreFixture>,
  skipReason?: string,
): void {
  if (skipReason) console.warn(`ReadStore contract (${name}) skipped: ${skipReason}`);

  describe.skipIf(Boolean(skipReason))(`ReadStore contract: ${name}`, () => {
    let fixture: ReadStoreFixture;
    let store: ReadStore;
    const providerCol = () => store.collection<ProviderDoc>('providers');

    beforeEach(async () => {
      fixture = await factory();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.dispose();
    });

    async function seed() {
      await providerCol().bulkWrite(providers.map((doc) => ({ kind: 'upsert', doc })));
    }

    describe('filters', () => {
      beforeEach(seed);

      it.each<[string, Record<string, unknown>, string[]]>([
        ['everything for an empty filter', {}, ['p1', 'p2', 'p3', 'p4']],
        ['equality', { featured: true }, ['p1', 'p3']],
        ['$ne also matches a missing field', { featured: { $ne: true } }, ['p2', 'p4']],
        ['$exists: false', { featured: { $exists: false } }, ['p4']],
        ['$in', { _id: { $in: ['p2', 'p4', 'nope'] } }, ['p2', 'p4']],
        ['$nin', { name: { $nin: ['Ro', 'Hims'] } }, ['p3', 'p4']],
        ['$gt / $lte on numbers', { score: { $gt: 7, $lte: 9 } }, ['p1', 'p3']],
        ['$regex with $options i', { name: { $regex: '^h', $options: 'i' } }, ['p1', 'p3']],
        ['$regex is case-sensitive without options', { name: { $regex: '^h' } }, ['p3']],
        ['$or', { $or: [{ score: { $gt: 9 } }, { name: 'Mochi Health' }] }, ['p2', 'p4']],
        ['$and', { $and: [{ featured: true }, { score: { $lt: 8 } }] }, ['p3']],
        ['a nested field by dot path', { 'price.monthly': { $lt: 150 } }, ['p3', 'p4']],
        ['an array containing a value', { states: 'CA' }, ['p1', 'p3']],
        ['an array containing any of $in', { states: { $in: ['NY', 'TX'] } }, ['p1', 'p2']],
        ['an array with $all', { states: { $all: ['CA', 'NY'] } }, ['p1']],
        ['an empty array by $size', { states: { $size: 0 } }, ['p4']],
        [
          'an array of objects with $elemMatch',
          { medications: { $elemMatch: { kind: 'semaglutide', form: 'oral' } } },
          ['p2'],
        ],
        ['a field inside an array of objects', { 'medications.kind': 'tirzepatide' }, ['p2']],
        ['nothing when no document matches', { name: 'Nobody' }, []],
        ['$lt on strings (code point order)', { name: { $lt: 'Mochi' } }, ['p1']],
        ['$gte and $lt together on numbers', { score: { $gte: 7.2, $lt: 9 } }, ['p1', 'p3']],
        ['a range on a nested field', { 'price.monthly': { $gt: 99, $lte: 149 } }, ['p3']],
        [
          'equality on a nested field with a missing parent',
          { 'price.currency': 'USD', featured: true },
          ['p1', 'p3'],
        ],
        ['a range never matches another type', { name: { $gt: 5 } }, []],
      ])('find: %s', async (_case, filter, expected) => {
        const found = await providerCol().find(filter, { sort: { _id: 1 } });
        expect(ids(found)).toEqual(expected);
        expect(await providerCol().count(filter)).toBe(expected.length);
      });

      it('findOne returns the match, or null when there is none', async () => {
        expect(await providerCol().findOne({ _id: 'p2' })).toEqual(providers[1]);
        expect(
          (await providerCol().findOne({ name: { $regex: 'mochi', $options: 'i' } }))?._id,
        ).toBe('p4');
        expect(await providerCol().findOne({ _id: 'nope' })).toBeNull();
      });

      it('returns whole documents, nested fields included', async () => {
        expect(await providerCol().find({}, { sort: { _id: 1 } })).toEqual(providers);
      });
    });

    describe('sort, skip, limit, projection', () => {
      beforeEach(seed);

      it('sorts ascending and descending', async () => {
        expect(ids(await providerCol().find({}, { sort: { score: -1 } }))).toEqual([
          'p2',
          'p1',
          'p3',
          'p4',
        ]);
        expect(ids(await providerCol().find({}, { sort: { 'price.monthly': 1 } }))).toEqual([
          'p4',
          'p3',
          'p1',
          'p2',
        ]);
      });

      it('sorts by several keys in order, a missing field lowest', async () => {
        const found = await providerCol().find({}, { sort: { featured: -1, score: 1 } });
        expect(ids(found)).toEqual(['p3', 'p1', 'p2', 'p4']);
      });

      it('sorts an array field by its smallest element ascending, its largest descending', async () => {
        const up = await providerCol().find({}, { sort: { states: 1, _id: 1 } });
        expect(ids(up)).toEqual(['p4', 'p1', 'p3', 'p2']);
        const down = await providerCol().find({}, { sort: { states: -1, _id: 1 } });
        expect(ids(down)).toEqual(['p2', 'p1', 'p3', 'p4']);
      });

      it('compares strings by code point, as MongoDB without collation', async () => {
        const found = await providerCol().find({ featured: true }, { sort: { name: 1 } });
        expect(ids(found)).toEqual(['p1', 'p3']);
      });

      it('applies the sort before skip and limit', async () => {
        const page = await providerCol().find({}, { sort: { score: -1 }, skip: 1, limit: 2 });
        expect(ids(page)).toEqual(['p1', 'p3']);
        expect(ids(await providerCol().find({}, { sort: { score: 1 }, limit: 1 }))).toEqual(['p4']);
        expect(await providerCol().find({}, { sort: { score: 1 }, skip: 10 })).toEqual([]);
      });

      it('pages a large collection in the same order as the whole sort', async () => {
        const many = store.collection('many');
        const docs = Array.from({ length: 200 }, (_, i) => ({
          _id: `d${String(i).padStart(3, '0')}`,
          group: (i * 7) % 13,
        }));
        await many.bulkWrite(docs.map((doc) => ({ kind: 'upsert' as const, doc })));
        const sort = { group: -1, _id: 1 } as const;
        const whole = ids(await many.find({}, { sort }));
        for (const [skip, limit] of [
          [0, 5],
          [5, 5],
          [37, 10],
          [195, 10],
        ] as const) {
          expect(ids(await many.find({}, { sort, skip, limit }))).toEqual(
            whole.slice(skip, skip + limit),
          );
        }
      });

      it('includes only the projected fields, and _id', async () => {
        const found = await providerCol().find(
          { _id: 'p1' },
          { projection: { name: 1, 'price.monthly': 1 } },
        );
        expect(found).toEqual([{ _id: 'p1', name: 'Hims', price: { monthly: 199 } }]);
      });

      it('excludes the fields projected out', async () => {
        const found = await providerCol().find(
          { _id: 'p4' },
          { projection: { medications: 0, states: 0, price: 0 } },
        );
        expect(found).toEqual([{ _id: 'p4', name: 'Mochi Health', score: 6 }]);
      });

      it('projects paths through an array of objects', async () => {
        const included = await providerCol().find(
          { _id: 'p2' },
          { projection: { _id: 0, 'medications.kind': 1, 'price.currency': 1 } },
        );
        expect(included).toEqual([
          {
            medications: [{ kind: 'tirzepatide' }, { kind: 'semaglutide' }],
            price: { currency: 'USD' },
          },
        ]);
        const excluded = await providerCol().find(
          { _id: 'p2' },
          { projection: { 'medications.form': 0, states: 0, price: 0, score: 0, featured: 0 } },
        );
        expect(excluded).toEqual([
          {
            _id: 'p2',
            name: 'Ro',
            medications: [{ kind: 'tirzepatide' }, { kind: 'semaglutide' }],
          },
        ]);
      });

      it.each([
        [0, 2],
        [1, 5],
        [3, 2],
        [0, 0],
      ])(
        'slices a top-level array ($slice [%i, %i]), every other field kept',
        async (skip, limit) => {
          const [whole] = await providerCol().find({ _id: 'p1' });
          const [sliced] = await providerCol().find(
            { _id: 'p1' },
            { projection: { states: { $slice: [skip, limit] } } },
          );
          const states = (whole?.states as string[]).slice(skip, skip + limit);
          expect(sliced).toEqual({ ...whole, states });
        },
      );

      it('slices beside excluded and included fields', async () => {
        const [excluded] = await providerCol().find(
          { _id: 'p1' },
          { projection: { price: 0, medications: 0, states: { $slice: [0, 1] } } },
        );
        expect(Object.keys(excluded ?? {}).sort()).toEqual([
          '_id',
          'featured',
          'name',
          'score',
          'states',
        ]);
        expect(excluded?.states).toHaveLength(1);
        const [included] = await providerCol().find(
          { _id: 'p1' },
          { projection: { name: 1, states: { $slice: [1, 1] } } },
        );
        expect(included).toEqual({ _id: 'p1', name: 'Hims', states: ['NY'] });
      });

      it('projects, sorts and pages together', async () => {
        const found = await providerCol().find(
          { featured: true },
          { sort: { score: -1 }, limit: 1, projection: { name: 1 } },
        );
        expect(found).toEqual([{ _id: 'p1', name: 'Hims' }]);
      });
    });

    describe('copies, not references', () => {
      it('a document changed after upsert does not change the stored one', async () => {
        const doc = structuredClone(providers[0]!);
        await providerCol().upsert(doc);
        doc.name = 'changed';
        doc.states.push('WA');
        doc.price.monthly = 1;
        expect(await providerCol().findOne({ _id: 'p1' })).toEqual(providers[0]);
      });

      it('a returned document changed by the caller does not change the stored one', async () => {
        await seed();
        const [found] = await providerCol().find({ _id: 'p1' });
        found!.states.push('WA');
        found!.price.monthly = 1;
        const one = await providerCol().findOne({ _id: 'p1' });
        one!.medications.length = 0;
        const sorted = await providerCol().find({}, { sort: { score: 1 } });
        sorted.forEach((d) => (d.name = 'x'));
        expect(await providerCol().findOne({ _id: 'p1' })).toEqual(providers[0]);
        expect(ids(await providerCol().find({ name: 'x' }))).toEqual([]);
      });

      it('a value given to $set or $push and changed later does not change the stored one', async () => {
        await seed();
        const extra = { kind: 'liraglutide', form: 'injection' };
        const price = { monthly: 10, currency: 'USD' };
        await providerCol().update(
          { _id: 'p4' },
          { $push: { medications: extra }, $set: { price } },
        );
        extra.kind = 'changed';
        price.monthly = 0;
        const stored = await providerCol().findOne({ _id: 'p4' });
        expect(stored?.medications).toEqual([{ kind: 'liraglutide', form: 'injection' }]);
        expect(stored?.price).toEqual({ monthly: 10, currency: 'USD' });
      });
    });

    describe('writes', () => {
      it('upsert inserts, then replaces the whole document with the same _id', async () => {
        await providerCol().upsert(providers[0]!);
        const replacement = { _id: 'p1', name: 'Hims & Hers', score: 8, states: ['CA'] };
        await store.collection('providers').upsert(replacement);
        expect(await store.collection('providers').findOne({ _id: 'p1' })).toEqual(replacement);
        expect(await providerCol().count()).toBe(1);
      });

      it('update applies $set (dot paths), $unset and $inc to every match and returns the count', async () => {
        await seed();
        const matched = await providerCol().update(
          { featured: true },
          {
            $set: { 'price.monthly': 100, badge: 'Featured' },
            $unset: { states: '' },
            $inc: { score: 1 },
          },
        );
        expect(matched).toBe(2);
        const p1 = await store.collection('providers').findOne({ _id: 'p1' });
        expect(p1).toEqual({
          _id: 'p1',
          name: 'Hims',
          featured: true,
          score: 9.5,
          price: { monthly: 100, currency: 'USD' },
          medications: providers[0]!.medications,
          badge: 'Featured',
        });
        expect((await providerCol().findOne({ _id: 'p2' }))?.states).toEqual(['TX']);
      });

      it('$inc creates a missing field, $set creates missing parents', async () => {
        await store.collection('counts').upsert({ _id: 'c' });
        await store
          .collection('counts')
          .update({ _id: 'c' }, { $inc: { views: 2 }, $set: { 'a.b.c': 1 } });
        expect(await store.collection('counts').findOne({ _id: 'c' })).toEqual({
          _id: 'c',
          views: 2,
          a: { b: { c: 1 } },
        });
      });

      it('$push appends, $addToSet adds only what is absent, $pull removes matches', async () => {
        await seed();
        await providerCol().update({ _id: 'p1' }, { $push: { states: 'WA' } });
        await providerCol().update({ _id: 'p1' }, { $addToSet: { states: 'CA' } });
        await providerCol().update({ _id: 'p1' }, { $addToSet: { states: 'OR' } });
        await providerCol().update({ _id: 'p1' }, { $push: { states: { $each: ['FL', 'GA'] } } });
        await providerCol().update({ _id: 'p1' }, { $pull: { states: { $in: ['NY', 'GA'] } } });
        await providerCol().update({ _id: 'p2' }, { $pull: { medications: { form: 'oral' } } });
        expect((await providerCol().findOne({ _id: 'p1' }))?.states).toEqual([
          'CA',
          'WA',
          'OR',
          'FL',
        ]);
        expect((await providerCol().findOne({ _id: 'p2' }))?.medications).toEqual([
          { kind: 'tirzepatide', form: 'injection' },
        ]);
      });

      it('update counts matches even when nothing changes, and never inserts', async () => {
        await seed();
        expect(await providerCol().update({ _id: 'p1' }, { $set: { name: 'Hims' } })).toBe(1);
        expect(await providerCol().update({ _id: 'nope' }, { $set: { name: 'x' } })).toBe(0);
        expect(await store.collection('absent').update({}, { $set: { name: 'x' } })).toBe(0);
        expect(await providerCol().count()).toBe(4);
      });

      it('update rejects a replacement document without operators', async () => {
        await seed();
        await expect(providerCol().update({ _id: 'p1' }, { name: 'x' })).rejects.toThrow();
        expect(await providerCol().findOne({ _id: 'p1' })).toEqual(providers[0]);
      });

      it('delete removes every match and returns how many', async () => {
        await seed();
        expect(await providerCol().delete({ featured: true })).toBe(2);
        expect(ids(await providerCol().find({}, { sort: { _id: 1 } }))).toEqual(['p2', 'p4']);
        expect(await providerCol().delete({ _id: 'nope' })).toBe(0);
        expect(await store.collection('absent').delete({})).toBe(0);
      });

      it('bulkWrite applies operations in order', async () => {
        await providerCol().bulkWrite([
          { kind: 'upsert', doc: providers[0]! },
          { kind: 'update', filter: { _id: 'p1' }, update: { $inc: { score: 1 } } },
          { kind: 'upsert', doc: providers[1]! },
          { kind: 'delete', filter: { _id: 'p1' } },
          { kind: 'upsert', doc: { ...providers[0]!, name: 'Hims again' } },
          { kind: 'update', filter: { _id: 'p1' }, update: { $set: { featured: false } } },
        ]);
        expect(await providerCol().find({}, { sort: { _id: 1 } })).toEqual([
          { ...providers[0]!, name: 'Hims again', featured: false },
          providers[1],
        ]);
      });

      it('bulkWrite accepts an empty list', async () => {
        await providerCol().bulkWrite([]);
        expect(await providerCol().count()).toBe(0);
      });
    });

    describe('collections', () => {
      it('are independent of each other', async () => {
        await store.collection('a').upsert({ _id: '1', v: 'a' });
        await store.collection('b').upsert({ _id: '1', v: 'b' });
        expect(await store.collection('a').findOne({ _id: '1' })).toEqual({ _id: '1', v: 'a' });
        expect(await store.collection('b').findOne({ _id: '1' })).toEqual({ _id: '1', v: 'b' });
      });

      it('an absent collection reads as empty', async () => {
        expect(await store.collection('absent').find()).toEqual([]);
        expect(await store.collection('absent').findOne({})).toBeNull();
        expect(await store.collection('absent').count()).toBe(0);
      });

      it('drop removes a collection, and an absent one without error', async () => {
        await seed();
        const handle = providerCol();
        await store.drop('providers');
        expect(await handle.count()).toBe(0);
        await store.drop('providers');
        await store.drop('never-existed');
        await handle.upsert(providers[0]!);
        expect(await providerCol().count()).toBe(1);
      });

      it('rename replaces the target with the source, and the source disappears', async () => {
        await seed();
        await store.collection('providers_rebuild').upsert({ _id: 'new', name: 'Rebuilt' });
        const live = providerCol();
        await store.rename('providers_rebuild', 'providers');
        expect(await live.find()).toEqual([{ _id: 'new', name: 'Rebuilt' }]);
        expect(await store.collection('providers_rebuild').count()).toBe(0);
      });

      it('rename to a name that does not exist yet moves the collection', async () => {
        await seed();
        await store.rename('providers', 'providers_old');
        expect(await store.collection('providers_old').count()).toBe(4);
        expect(await providerCol().count()).toBe(0);
      });

      it('rename of an absent (empty) source leaves the target empty', async () => {
        await seed();
        await store.rename('providers_rebuild', 'providers');
        expect(await providerCol().count()).toBe(0);
      });
    });

    describe('index declarations', () => {
      it('creates declared indexes idempotently; queries answer the same', async () => {
        await seed();
        const indexes: IndexDeclaration[] = [{ fields: { featured: 1 } }, { fields: { name: 1 } }];
        await store.ensureIndexes('providers', indexes);
        await store.ensureIndexes('providers', indexes);
        expect(await providerCol().count()).toBe(4);
      });
    });

    describe('checkpoints', () => {
      it('is null before any, then the last position set, per projection', async () => {
        expect(await store.getCheckpoint('rankings')).toBeNull();
        await store.setCheckpoint('rankings', '41');
        await store.setCheckpoint('rankings', '42');
        await store.setCheckpoint('audit', '7');
        expect(await store.getCheckpoint('rankings')).toBe('42');
        expect(await store.getCheckpoint('audit')).toBe('7');
      });

      it('answers several projections in one query, null where none is stored', async () => {
        await store.setCheckpoint('rankings', '42');
        await store.setCheckpoint('audit', '7');
        expect(await store.getCheckpoints(['audit', 'rankings', 'dashboard'])).toEqual({
          audit: '7',
          rankings: '42',
          dashboard: null,
        });
        expect(await store.getCheckpoints([])).toEqual({});
      });

      it('keeps positions beyond 2^53 exactly', async () => {
        await store.setCheckpoint('rankings', '18446744073709551615');
        expect(await store.getCheckpoint('rankings')).toBe('18446744073709551615');
      });

      it('with a fencing token: refuses an older token than the stored one (item 10)', async () => {
        await store.setCheckpoint('rankings', '10', 3);
        await store.setCheckpoint('rankings', '11', 3);
        await expect(store.setCheckpoint('rankings', '9', 2)).rejects.toBeInstanceOf(
          StaleLeaseError,
        );
        expect(await store.getCheckpoint('rankings')).toBe('11');
        await store.setCheckpoint('rankings', '12', 4);
        expect(await store.getCheckpoint('rankings')).toBe('12');
      });

      it('a claim stores a newer token without moving the position; the old holder is refused', async () => {
        await store.setCheckpoint('rankings', '20', 1);
        await store.claimCheckpoint('rankings', 2);
        expect(await store.getCheckpoint('rankings')).toBe('20');
        await expect(store.setCheckpoint('rankings', '21', 1)).rejects.toBeInstanceOf(
          StaleLeaseError,
        );
        await expect(store.claimCheckpoint('rankings', 1)).rejects.toBeInstanceOf(StaleLeaseError);
        await store.setCheckpoint('rankings', '21', 2);
        expect(await store.getCheckpoint('rankings')).toBe('21');
        // A claim on a projection never written creates no position.
        await store.claimCheckpoint('audit', 5);
        expect(await store.getCheckpoint('audit')).toBeNull();
      });

      it('are not a collection projectors see, and survive dropping read models', async () => {
        await store.setCheckpoint('rankings', '5');
        await store.drop('providers');
        expect(await store.getCheckpoint('rankings')).toBe('5');
      });
    });
  });
}
