/**
 * The home page's list controls, the compare selection and the provider page addresses, as rule
 * tables: sorting (each sort, ties, missing values), the medication filter, parsing the URL,
 * validating a comparison, slugs.
 */
import { describe, expect, it } from 'vitest';
import {
  compareCountMessage,
  compareSlugs,
  parseCompareSelection,
  unionDoseLabels,
  unknownProvidersMessage,
} from '../../../domain/providers/compare';
import {
  filterByMedication,
  inRankingOrder,
  parseMedicationFilter,
  parseProviderListSort,
  providerListView,
  sortProviderCards,
  type ListableProvider,
} from '../../../domain/providers/list-view';
import {
  comparePath,
  providerPath,
  providerSlug,
  resolveSlug,
} from '../../../domain/providers/slug';
import { lowestTitrationCost } from '../../../domain/providers/titration';
import { FULL_PRICES } from '../../support/provider-fixture';

const card = (
  id: string,
  rank: number,
  fields: Partial<Omit<ListableProvider, '_id' | 'rank'>> = {},
): ListableProvider => ({
  _id: id,
  rank,
  medications: [],
  states: [],
  startingPrice: null,
  threeMonthCost: null,
  ...fields,
});

// a: ranked 1st, dearest; b: cheapest, fewest states; c: no price; d: most states, card stored
// before threeMonthCost existed (field absent).
const CARDS: ListableProvider[] = [
  card('a', 1, {
    medications: ['Semaglutide'],
    states: ['OH', 'TX'],
    startingPrice: { monthly: 299 },
    threeMonthCost: { total: 1200 },
  }),
  card('b', 2, {
    medications: ['Tirzepatide'],
    states: ['OH'],
    startingPrice: { monthly: 149 },
    threeMonthCost: { total: 900 },
  }),
  card('c', 3, { medications: ['Semaglutide', 'Tirzepatide'], states: ['OH', 'TX', 'CA'] }),
  {
    _id: 'd',
    rank: 4,
    medications: ['Liraglutide'],
    states: ['OH', 'TX', 'CA', 'NY', 'NY'],
    startingPrice: { monthly: 149 },
  },
];

const ids = (cards: readonly ListableProvider[]) => cards.map((c) => c._id);

describe('sorting the home page list', () => {
  it.each([
    ['default (undefined): the ranking order', undefined, ['a', 'b', 'c', 'd']],
    ['score: the ranking order', 'score', ['a', 'b', 'c', 'd']],
    ['price: lowest first, ties by rank, no price last', 'price', ['b', 'd', 'a', 'c']],
    [
      'titration: lowest 3-month cost first, not computable last',
      'titration',
      ['b', 'a', 'c', 'd'],
    ],
    ['states: most distinct states first (repeats count once)', 'states', ['d', 'c', 'a', 'b']],
  ] as const)('%s', (_case, sort, expected) => {
    expect(ids(sortProviderCards(CARDS, sort))).toEqual(expected);
  });

  it('does not change the list it is given', () => {
    const before = ids(CARDS);
    sortProviderCards(CARDS, 'price');
    expect(ids(CARDS)).toEqual(before);
  });

  // A list in the ranking's order is paged by the store; any other sort is sorted whole first.
  it.each([
    [undefined, true],
    ['score', true],
    ['price', false],
    ['titration', false],
    ['states', false],
  ] as const)('sort %s is the ranking order: %s', (sort, expected) => {
    expect(inRankingOrder(sort)).toBe(expected);
    if (expected) expect(ids(sortProviderCards(CARDS, sort))).toEqual(ids(CARDS));
  });
});

describe('the medication filter', () => {
  it.each([
    ['none: every card', undefined, ['a', 'b', 'c', 'd']],
    ['semaglutide', 'semaglutide', ['a', 'c']],
    ['tirzepatide', 'tirzepatide', ['b', 'c']],
    ['liraglutide', 'liraglutide', ['d']],
    ['nobody offers it: empty', 'dulaglutide', []],
    ['unknown value: ignored', 'aspirin', ['a', 'b', 'c', 'd']],
  ])('%s', (_case, filter, expected) => {
    expect(ids(filterByMedication(CARDS, filter))).toEqual(expected);
  });

  it('filters, then sorts', () => {
    expect(ids(providerListView(CARDS, { medication: 'semaglutide', sort: 'states' }))).toEqual([
      'c',
      'a',
    ]);
  });
});

describe('reading the list parameters from the URL', () => {
  it.each([
    ['price', 'price'],
    [' Titration ', 'titration'],
    ['states', 'states'],
    ['score', 'score'],
    ['cheapest', undefined],
    [3, undefined],
    [undefined, undefined],
  ])('sort %j -> %j', (raw, expected) => {
    expect(parseProviderListSort(raw)).toBe(expected);
  });

  it.each([
    ['tirzepatide', 'tirzepatide'],
    ['Tirzepatide', 'tirzepatide'],
    ['Other GLP-1 medications', 'other-glp-1-medications'],
    ['other-glp-1-medications', 'other-glp-1-medications'],
    ['ozempic', undefined],
    [['semaglutide'], undefined],
  ])('medication %j -> %j', (raw, expected) => {
    expect(parseMedicationFilter(raw)).toBe(expected);
  });
});

describe('the 3-month cost the titration sort reads', () => {
  it.each([
    ['no prices', {}, null],
    [
      'semaglutide ladder priced: 199 + 249 + 299 + 349',
      { semaglutide: FULL_PRICES.semaglutide },
      1096,
    ],
    ['both priced: the lower of the two', FULL_PRICES, 1096],
    ['a ladder dose missing: not computable', { semaglutide: { '0.25mg': 199 } }, null],
    ['tirzepatide only', { tirzepatide: FULL_PRICES.tirzepatide }, 249 + 299 + 349 + 399],
  ])('%s', (_case, prices, total) => {
    expect(lowestTitrationCost(prices, 3)?.total ?? null).toBe(total);
  });
});

describe('choosing providers to compare', () => {
  it.each([
    ['comma form', 'a,b,c', ['a', 'b', 'c']],
    ['repeated form (a plain GET form)', ['a', 'b'], ['a', 'b']],
    ['mixed, blanks and repeats dropped', ['a,b', '', 'a', ' B '], ['a', 'b']],
    ['names become slugs', 'Acme Health,Zed', ['acme-health', 'zed']],
    ['a number the router parsed', 123, ['123']],
    ['nothing', undefined, []],
    ['an object is ignored', { a: 1 }, []],
  ])('%s', (_case, raw, slugs) => {
    expect(compareSlugs(raw)).toEqual(slugs);
  });

  it.each([
    [0, false, 'too_few', 'Choose two to four providers to compare.'],
    [1, false, 'too_few', 'Choose at least 2 providers to compare: only 1 was chosen.'],
    [2, true, null, null],
    [3, true, null, null],
    [4, true, null, null],
    [5, false, 'too_many', 'Choose at most 4 providers to compare: 5 were chosen.'],
  ])('%i providers: ok %s', (count, ok, code, message) => {
    const raw = Array.from({ length: count }, (_, i) => `p${i}`).join(',');
    const selection = parseCompareSelection(raw);
    expect(selection.ok).toBe(ok);
    if (!selection.ok) {
      expect(selection.code).toBe(code);
      expect(selection.message).toBe(message);
    }
    expect(compareCountMessage(count)).toBe(message);
  });

  it.each([
    [['nope'], 'No listed provider at "nope".'],
    [['nope', 'gone'], 'No listed providers at "nope" and "gone".'],
    [['a', 'b', 'c'], 'No listed providers at "a", "b" and "c".'],
  ])('unknown %j: %s', (slugs, message) => {
    expect(unknownProvidersMessage(slugs)).toBe(message);
  });

  it('lists each dose once, ascending, across the compared tables', () => {
    expect(unionDoseLabels([['1mg', '0.25mg'], ['0.25 mg', '2.4mg', 'Starter pack'], []])).toEqual([
      '0.25mg',
      '1mg',
      '2.4mg',
      'Starter pack',
    ]);
  });
});

describe('provider page addresses', () => {
  it.each([
    ['Hims & Hers', 'hims-hers'],
    ['  Acme  Health  ', 'acme-health'],
    ['Éclair Clinic', 'eclair-clinic'],
    ['Ro', 'ro'],
    ['***', 'provider'],
  ])('%j -> %j', (name, slug) => {
    expect(providerSlug(name)).toBe(slug);
  });

  it('builds page and compare paths', () => {
    expect(providerPath('Acme Health')).toBe('/providers/acme-health');
    expect(comparePath(['a', 'b'])).toBe('/compare?providers=a,b');
    expect(comparePath(['a', 'b'], 'OH')).toBe('/compare?providers=a,b&state=OH');
  });

  it('resolves a slug two names share to the provider listed first', () => {
    const records = [
      { id: 'late', name: 'Acme Health', createdAt: '2025-02-01T00:00:00.000Z' },
      { id: 'early', name: 'ACME health', createdAt: '2025-01-01T00:00:00.000Z' },
      { id: 'other', name: 'Zed', createdAt: '2024-01-01T00:00:00.000Z' },
    ];
    expect(resolveSlug(records, 'acme-health')?.id).toBe('early');
    expect(resolveSlug(records, 'nobody')).toBeNull();
  });
});
