/**
 * The home page's list controls never trust a URL value: any string a visitor can put in
 * ?sort= or ?medication= (object keys included) reads as "absent", and the list is the default
 * one; a known value in any case reads as that value.
 */
import { describe, expect, it } from 'vitest';
import {
  parseMedicationFilter,
  parseProviderListSort,
  providerListView,
  sortProviderCards,
  type ListableProvider,
  type ProviderListSort,
} from '../../../domain/providers/list-view';

const cards: ListableProvider[] = [
  {
    _id: 'b',
    rank: 2,
    medications: ['Semaglutide'],
    states: ['CA'],
    startingPrice: { monthly: 99 },
  },
  { _id: 'a', rank: 1, medications: ['Tirzepatide'], states: ['CA', 'TX'], startingPrice: null },
];

const HOSTILE = ['zzz', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', ''];

describe('hostile list parameters', () => {
  it.each(HOSTILE)('%j reads as no sort and as no medication filter', (value) => {
    expect(parseProviderListSort(value)).toBeUndefined();
    expect(parseMedicationFilter(value)).toBeUndefined();
  });

  it.each(HOSTILE)('Given %j reaches the sort anyway, the list is in ranking order', (value) => {
    // A value the type forbids, as a URL could carry it past a missed parse.
    const sort = value as ProviderListSort;
    expect(sortProviderCards(cards, sort).map((c) => c._id)).toEqual(['a', 'b']);
    expect(providerListView(cards, { sort, medication: value }).map((c) => c._id)).toEqual([
      'a',
      'b',
    ]);
  });

  it.each([
    ['PRICE', 'price'],
    [' Price ', 'price'],
    ['STATES', 'states'],
  ])('?sort=%j reads as %j', (raw, expected) => {
    expect(parseProviderListSort(raw)).toBe(expected);
  });
});
