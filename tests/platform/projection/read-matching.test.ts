/**
 * What a read depends on (projections/read-matching.ts): the kind of read a query is recorded
 * as, and whether a written document (as it was before and is after) changes its answer. The
 * page cache drops a page by this rule, so a price change of one provider keeps the others'
 * pages.
 */
import { describe, expect, it } from 'vitest';
import {
  changeTouches,
  parseRead,
  readOf,
  type CollectionRead,
} from '../../../projections/read-matching';
import type { Document, Filter, FindOptions } from '../../../projections/read-store/port';

describe('the kind of read a query is recorded as', () => {
  it.each<[string, Filter | undefined, FindOptions | 'count' | undefined, CollectionRead]>([
    [
      'findOne by _id',
      { _id: 'p1' },
      undefined,
      { collection: 'c', kind: 'keyed', equalities: { _id: 'p1' } },
    ],
    [
      'several equalities (a post by slug, published)',
      { slug: 'a', published: true },
      undefined,
      { collection: 'c', kind: 'keyed', equalities: { published: true, slug: 'a' } },
    ],
    [
      'an equality with a sort and a limit',
      { state: 'TX' },
      { sort: { rank: 1 }, limit: 10 },
      { collection: 'c', kind: 'keyed', equalities: { state: 'TX' } },
    ],
    [
      'an equality to null',
      { draft: null },
      undefined,
      { collection: 'c', kind: 'keyed', equalities: { draft: null } },
    ],
    ['no filter', undefined, undefined, { collection: 'c', kind: 'whole' }],
    ['an empty filter', {}, { sort: { rank: 1 } }, { collection: 'c', kind: 'whole' }],
    ['an operator', { draft: { $ne: true } }, undefined, { collection: 'c', kind: 'whole' }],
    ['a dotted path', { 'subject.id': 'x' }, undefined, { collection: 'c', kind: 'whole' }],
    ['an array value', { states: ['TX'] }, undefined, { collection: 'c', kind: 'whole' }],
    ['an $or', { $or: [{ a: 1 }, { b: 2 }] }, undefined, { collection: 'c', kind: 'whole' }],
    [
      'an inclusion projection: its fields, the filter’s and the sort’s',
      { draft: { $ne: true } },
      { projection: { name: 1, 'vialScore.outOf10': 1 }, sort: { createdAt: 1 } },
      {
        collection: 'c',
        kind: 'fields',
        fields: ['_id', 'createdAt', 'draft', 'name', 'vialScore'],
      },
    ],
    [
      'only _id kept',
      {},
      { projection: { _id: 1 } },
      { collection: 'c', kind: 'fields', fields: ['_id'] },
    ],
    [
      'an exclusion projection',
      {},
      { projection: { tokenHash: 0 } },
      { collection: 'c', kind: 'whole' },
    ],
    [
      'a projection with a filter whose fields cannot be told',
      { $where: 'true' },
      { projection: { name: 1 } },
      { collection: 'c', kind: 'whole' },
    ],
    [
      'a count with an operator: the filter’s fields',
      { removedAt: { $gte: '2026' } },
      'count',
      { collection: 'c', kind: 'fields', fields: ['_id', 'removedAt'] },
    ],
    [
      'a count of everything: documents coming and going',
      {},
      'count',
      { collection: 'c', kind: 'fields', fields: ['_id'] },
    ],
    [
      'a count with equalities',
      { active: true },
      'count',
      { collection: 'c', kind: 'keyed', equalities: { active: true } },
    ],
  ])('%s', (_name, filter, options, expected) => {
    expect(parseRead(readOf('c', filter, options))).toEqual(expected);
  });

  it('records equal filters in any order as one read', () => {
    expect(readOf('c', { a: 1, b: 'x' })).toBe(readOf('c', { b: 'x', a: 1 }));
    expect(readOf('c', { a: 1 })).not.toBe(readOf('c', { a: '1' }));
  });
});

const doc = (fields: Record<string, unknown>): Document => ({ _id: 'd1', ...fields });
const keyed = (equalities: Record<string, string | number | boolean | null>): CollectionRead => ({
  collection: 'c',
  kind: 'keyed',
  equalities,
});

describe('whether a written document changes a read', () => {
  it.each<[string, CollectionRead, Document | null, Document | null, boolean]>([
    // keyed: the filter matches the document before or after
    ['keyed, matches before and after', keyed({ _id: 'd1' }), doc({ p: 1 }), doc({ p: 2 }), true],
    ['keyed, another document', keyed({ _id: 'd2' }), doc({ p: 1 }), doc({ p: 2 }), false],
    [
      'keyed, matches before only (moved out)',
      keyed({ s: 'TX' }),
      doc({ s: 'TX' }),
      doc({ s: 'CA' }),
      true,
    ],
    [
      'keyed, matches after only (moved in)',
      keyed({ s: 'CA' }),
      doc({ s: 'TX' }),
      doc({ s: 'CA' }),
      true,
    ],
    ['keyed, matches neither', keyed({ s: 'IL' }), doc({ s: 'TX' }), doc({ s: 'CA' }), false],
    ['keyed, inserted (no before)', keyed({ slug: 'a' }), null, doc({ slug: 'a' }), true],
    ['keyed, inserted elsewhere', keyed({ slug: 'b' }), null, doc({ slug: 'a' }), false],
    ['keyed, deleted (no after)', keyed({ slug: 'a' }), doc({ slug: 'a' }), null, true],
    [
      'keyed, every equality must hold',
      keyed({ slug: 'a', published: true }),
      doc({ slug: 'a', published: false }),
      doc({ slug: 'a', published: false, t: 2 }),
      false,
    ],
    [
      'keyed, all hold after',
      keyed({ slug: 'a', published: true }),
      doc({ slug: 'a', published: false }),
      doc({ slug: 'a', published: true }),
      true,
    ],
    [
      'keyed, an array field holding the value',
      keyed({ states: 'TX' }),
      doc({ states: ['CA', 'TX'] }),
      doc({ states: ['CA', 'TX'], p: 2 }),
      true,
    ],
    [
      'keyed, an array field without it',
      keyed({ states: 'IL' }),
      doc({ states: ['CA', 'TX'] }),
      doc({ states: ['CA'] }),
      false,
    ],
    [
      'keyed, an array field that gains it',
      keyed({ states: 'IL' }),
      doc({ states: ['CA'] }),
      doc({ states: ['CA', 'IL'] }),
      true,
    ],
    ['keyed, null matches a missing field', keyed({ draft: null }), doc({}), doc({ p: 1 }), true],
    [
      'keyed, null does not match a value',
      keyed({ draft: null }),
      doc({ draft: true }),
      doc({ draft: true, p: 1 }),
      false,
    ],
    [
      'keyed, a number is not its string',
      keyed({ n: 1 }),
      doc({ n: '1' }),
      doc({ n: '1', p: 2 }),
      false,
    ],
    ['keyed, no document before nor after', keyed({ _id: 'd1' }), null, null, false],
    // fields: one of them differs, or the document came or went
    [
      'fields, one of them differs',
      { collection: 'c', kind: 'fields', fields: ['_id', 'name'] },
      doc({ name: 'A', p: 1 }),
      doc({ name: 'B', p: 1 }),
      true,
    ],
    [
      'fields, only others differ',
      { collection: 'c', kind: 'fields', fields: ['_id', 'name'] },
      doc({ name: 'A', p: 1 }),
      doc({ name: 'A', p: 2 }),
      false,
    ],
    [
      'fields, nested values compared deeply',
      { collection: 'c', kind: 'fields', fields: ['score'] },
      doc({ score: { v: 1 } }),
      doc({ score: { v: 1 } }),
      false,
    ],
    [
      'fields, inserted',
      { collection: 'c', kind: 'fields', fields: ['_id'] },
      null,
      doc({ name: 'A' }),
      true,
    ],
    [
      'fields, deleted',
      { collection: 'c', kind: 'fields', fields: ['_id'] },
      doc({ name: 'A' }),
      null,
      true,
    ],
    // whole: any document of the collection
    ['whole, any document', { collection: 'c', kind: 'whole' }, doc({ p: 1 }), doc({ p: 2 }), true],
    [
      'whole, another collection',
      { collection: 'other', kind: 'whole' },
      doc({ p: 1 }),
      doc({ p: 2 }),
      false,
    ],
    [
      'keyed, another collection',
      { collection: 'other', kind: 'keyed', equalities: { _id: 'd1' } },
      doc({ p: 1 }),
      doc({ p: 2 }),
      false,
    ],
  ])('%s', (_name, read, before, after, touches) => {
    expect(changeTouches(read, { collection: 'c', before, after })).toBe(touches);
  });
});
