import { describe, expect, it } from 'vitest';
import { allCities, citiesByState, cityBySlug, nearbyAreaNames } from '../../../domain/cities/city';

describe('cityBySlug', () => {
  it.each([
    ['austin-tx', 'Austin', 'TX'],
    ['new-york-city-ny', 'New York City', 'NY'],
    ['arlington-tx', 'Arlington', 'TX'],
    ['arlington-va', 'Arlington', 'VA'],
    ['kansas-city-ks', 'Kansas City', 'KS'],
    ['lees-summit-mo', "Lee's Summit", 'MO'],
    ['Austin-TX', 'Austin', 'TX'],
    [' austin-tx ', 'Austin', 'TX'],
  ])('%j is %s, %s', (slug, city, state) => {
    expect(cityBySlug(slug)).toMatchObject({ city, state });
  });

  it.each(['', 'austin', 'austin-ca', 'atlantis-xx', 'washington-dc', '../austin-tx'])(
    'finds no city for %j',
    (slug) => {
      expect(cityBySlug(slug)).toBeUndefined();
    },
  );

  it('finds every city of the list by its own slug', () => {
    for (const c of allCities()) expect(cityBySlug(c.slug)).toBe(c);
  });
});

describe('citiesByState', () => {
  it('gives the cities of a state, most populous first', () => {
    const texas = citiesByState('TX');
    expect(texas[0]?.city).toBe('Houston');
    expect(texas.every((c) => c.state === 'TX')).toBe(true);
    expect(texas.map((c) => c.city)).toEqual(expect.arrayContaining(['Dallas', 'Austin']));
    const populations = texas.map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('accepts a lowercase code', () => {
    expect(citiesByState('vt').map((c) => c.city)).toEqual(['Burlington']);
  });

  it.each(['DC', 'PR', '', 'Texas'])('gives nothing for %j', (code) => {
    expect(citiesByState(code)).toEqual([]);
  });

  it('adds up to the whole list over the 50 states', () => {
    const states = new Set(allCities().map((c) => c.state));
    const total = [...states].reduce((sum, s) => sum + citiesByState(s).length, 0);
    expect(total).toBe(allCities().length);
  });
});

describe('nearbyAreaNames', () => {
  const dallas = cityBySlug('dallas-tx')!;

  it.each([
    ['Fort Worth, Arlington, Plano', ['Fort Worth', 'Arlington', 'Plano']],
    [' Fort Worth ,Arlington ', ['Fort Worth', 'Arlington']],
    ['Fort Worth', ['Fort Worth']],
    ['', []],
    [' , ', []],
  ])('%j -> %j', (text, names) => {
    expect(nearbyAreaNames({ ...dallas, nearby_areas: text })).toEqual(names);
  });
});
