/**
 * Which documents a piece of work's writes changed (projections/runner/written.ts): what the
 * runner tells the page cache after each live event. Each write through the recording store
 * is told with the document as it was before the work and as it is after; what cannot be told
 * document by document (too many, a drop) is told as its whole collection; nothing is recorded
 * outside `recordingWrites`.
 */
import { describe, expect, it } from 'vitest';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import type { Collection, ReadStore } from '../../../projections/read-store/port';
import {
  DESCRIBED_LIMIT,
  recordingStore,
  recordingWrites,
  type WrittenChanges,
} from '../../../projections/runner/written';

async function given(): Promise<{ store: ReadStore; docs: Collection }> {
  const inner = new MemoryReadStore();
  await inner.collection('c').bulkWrite([
    { kind: 'upsert', doc: { _id: 'a', state: 'TX', n: 1 } },
    { kind: 'upsert', doc: { _id: 'b', state: 'TX', n: 2 } },
    { kind: 'upsert', doc: { _id: 'c', state: 'CA', n: 3 } },
  ]);
  const store = recordingStore(inner);
  return { store, docs: store.collection('c') };
}

/** The told documents as `_id: before -> after` lines (n only), sorted. */
const told = (changes: WrittenChanges) =>
  changes.documents
    .map(
      ({ collection, before, after }) =>
        `${collection}/${before?._id ?? after?._id}: ${before?.n ?? '-'} -> ${after?.n ?? '-'}`,
    )
    .sort();

describe('the documents a piece of work wrote, as they were and are', () => {
  it.each<[string, (docs: Collection) => Promise<unknown>, string[]]>([
    [
      'an upsert replacing one',
      (d) => d.upsert({ _id: 'a', state: 'TX', n: 10 }),
      ['c/a: 1 -> 10'],
    ],
    ['an upsert inserting one', (d) => d.upsert({ _id: 'z', n: 9 }), ['c/z: - -> 9']],
    ['an upsert leaving it as it was', (d) => d.upsert({ _id: 'a', state: 'TX', n: 1 }), []],
    [
      'an update by a filter',
      (d) => d.update({ state: 'TX' }, { $inc: { n: 100 } }),
      ['c/a: 1 -> 101', 'c/b: 2 -> 102'],
    ],
    ['an update matching nothing', (d) => d.update({ state: 'IL' }, { $set: { n: 0 } }), []],
    ['a delete', (d) => d.delete({ state: 'CA' }), ['c/c: 3 -> -']],
    [
      'a bulk write (handOver) of upserts, an update and a delete',
      (d) =>
        d.bulkWrite(
          [
            { kind: 'upsert', doc: { _id: 'z', state: 'IL', n: 7 } },
            { kind: 'update', filter: { state: 'IL' }, update: { $set: { n: 8 } } },
            { kind: 'delete', filter: { _id: 'b' } },
          ],
          { handOver: true },
        ),
      ['c/b: 2 -> -', 'c/z: - -> 8'],
    ],
    [
      'one document written twice: its first before, its last after',
      async (d) => {
        await d.upsert({ _id: 'a', state: 'TX', n: 5 });
        await d.update({ _id: 'a' }, { $set: { n: 6 } });
      },
      ['c/a: 1 -> 6'],
    ],
    [
      'one document changed and changed back: not told',
      async (d) => {
        await d.update({ _id: 'a' }, { $set: { n: 5 } });
        await d.update({ _id: 'a' }, { $set: { n: 1 } });
      },
      [],
    ],
  ])('%s', async (_name, write, expected) => {
    const { docs } = await given();
    const changes = await recordingWrites(async () => void (await write(docs)));
    expect(told(changes)).toEqual(expected);
    expect(changes.collections).toEqual([]);
  });

  it('tells the documents before and after in full', async () => {
    const { docs } = await given();
    const changes = await recordingWrites(() => docs.upsert({ _id: 'a', state: 'CA', n: 1 }));
    expect(changes.documents).toEqual([
      {
        collection: 'c',
        before: { _id: 'a', state: 'TX', n: 1 },
        after: { _id: 'a', state: 'CA', n: 1 },
      },
    ]);
  });

  it(`tells the collection whole when a write matches more than ${DESCRIBED_LIMIT} documents`, async () => {
    const { store, docs } = await given();
    const many = Array.from({ length: DESCRIBED_LIMIT + 1 }, (_, i) => ({
      kind: 'upsert' as const,
      doc: { _id: `m${i}`, state: 'NY', n: i },
    }));
    await docs.bulkWrite(many);
    const changes = await recordingWrites(async () => {
      await docs.update({ state: 'NY' }, { $set: { n: 0 } });
      await store.collection('d').upsert({ _id: 'x', n: 1 });
    });
    expect(changes.collections).toEqual(['c']);
    expect(told(changes)).toEqual(['d/x: - -> 1']);
  });

  it(`tells the collection whole when more than ${DESCRIBED_LIMIT} documents are upserted`, async () => {
    const { docs } = await given();
    const changes = await recordingWrites(async () => {
      for (let i = 0; i <= DESCRIBED_LIMIT; i++) await docs.upsert({ _id: `m${i}`, n: i });
    });
    expect(changes).toEqual({ collections: ['c'], documents: [] });
  });

  it('tells a collection dropped or renamed meanwhile whole', async () => {
    const { store, docs } = await given();
    const changes = await recordingWrites(async () => {
      await docs.upsert({ _id: 'a', n: 2 });
      await store.drop('c');
      await store.rename('d', 'e');
    });
    expect([...changes.collections].sort()).toEqual(['c', 'd', 'e']);
    expect(changes.documents).toEqual([]);
  });

  it('records nothing outside recordingWrites, and each recording only its own writes', async () => {
    const { docs } = await given();
    await docs.upsert({ _id: 'a', n: 50 });
    const [first, second] = await Promise.all([
      recordingWrites(() => docs.upsert({ _id: 'x', n: 1 })),
      recordingWrites(() => docs.upsert({ _id: 'y', n: 2 })),
    ]);
    expect(told(first)).toEqual(['c/x: - -> 1']);
    expect(told(second)).toEqual(['c/y: - -> 2']);
  });
});

describe('a write the work did not wait for', () => {
  it('is told on its own (its collection), not lost', async () => {
    const { docs } = await given();
    const late: string[] = [];
    let write: Promise<void> = Promise.resolve();
    const changes = await recordingWrites(
      async () => {
        write = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() =>
          docs.upsert({ _id: 'a', n: 9 }),
        );
      },
      (collection) => late.push(collection),
    );
    await write;
    expect(changes).toEqual({ collections: [], documents: [] });
    expect(late).toEqual(['c']);
  });
});
