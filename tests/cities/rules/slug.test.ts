import { describe, expect, it } from 'vitest';
import { CITY_SLUG_PATTERN, assignCitySlugs, citySlug, slugify } from '../../../domain/cities/slug';

describe('citySlug: city name and state, lowercased and hyphenated', () => {
  it.each([
    ['Austin', 'TX', 'austin-tx'],
    ['New York City', 'NY', 'new-york-city-ny'],
    ['St. Louis', 'MO', 'st-louis-mo'],
    ['Winston-Salem', 'NC', 'winston-salem-nc'],
    ["Coeur d'Alene", 'ID', 'coeur-dalene-id'],
    ["Lee's Summit", 'MO', 'lees-summit-mo'],
    ['Cañon City', 'CO', 'canon-city-co'],
    ['Española', 'NM', 'espanola-nm'],
    ['Kīhei', 'HI', 'kihei-hi'],
    ['‘Ewa Beach', 'HI', 'ewa-beach-hi'],
    ['Kapa‘a', 'HI', 'kapaa-hi'],
    ['  Lexington-Fayette  ', 'KY', 'lexington-fayette-ky'],
    ['San Buenaventura (Ventura)', 'CA', 'san-buenaventura-ventura-ca'],
  ])('%s, %s -> %s', (city, state, expected) => {
    expect(citySlug(city, state)).toBe(expected);
    expect(expected).toMatch(CITY_SLUG_PATTERN);
  });

  it('leaves nothing when there is nothing to keep', () => {
    expect(slugify(' -- ’ ')).toBe('');
  });
});

describe('assignCitySlugs: duplicates get -2, -3 in the order given', () => {
  it('keeps the base slug for the first city and numbers the later ones', () => {
    const slugs = assignCitySlugs([
      { city: 'Springfield', state: 'IL' },
      { city: 'Springfield', state: 'MO' },
      { city: 'Springfield', state: 'IL' },
      { city: 'Springfield', state: 'IL' },
      { city: 'Springfield', state: 'MO' },
    ]);
    expect(slugs).toEqual([
      'springfield-il',
      'springfield-mo',
      'springfield-il-2',
      'springfield-il-3',
      'springfield-mo-2',
    ]);
  });

  it('treats names that fold to the same slug as duplicates', () => {
    expect(
      assignCitySlugs([
        { city: 'Cañon City', state: 'CO' },
        { city: 'Canon City', state: 'CO' },
      ]),
    ).toEqual(['canon-city-co', 'canon-city-co-2']);
  });

  it('gives an empty list for no cities', () => {
    expect(assignCitySlugs([])).toEqual([]);
  });
});

describe('CITY_SLUG_PATTERN', () => {
  it.each(['austin-tx', 'new-york-city-ny', 'springfield-il-2', 'springfield-il-12'])(
    'accepts %s',
    (slug) => expect(slug).toMatch(CITY_SLUG_PATTERN),
  );

  it.each([
    'Austin-TX',
    'austin',
    'austin-texas',
    'austin--tx',
    '-austin-tx',
    'austin-tx-',
    'austin-tx-1',
    'austin-tx-02',
    'austín-tx',
    'austin tx',
  ])('rejects %s', (slug) => expect(slug).not.toMatch(CITY_SLUG_PATTERN));
});
