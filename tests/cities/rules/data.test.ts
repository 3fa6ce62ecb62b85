/**
 * The committed data/us-cities.json, checked as the spec's "City record" list: these tests
 * fail if a regeneration (or a hand edit) breaks a rule the city pages rely on.
 */
import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../../../domain/shared/reference/states';
import { allCities, nearbyAreaNames } from '../../../domain/cities/city';
import { REGIONS, REGION_BY_STATE } from '../../../domain/cities/regions';
import { CITY_SLUG_PATTERN, citySlug } from '../../../domain/cities/slug';
import { haversineMiles } from '../../../domain/cities/geo';
import { NEARBY_AREAS_MAX, NEARBY_RADIUS_MILES } from '../../../domain/cities/nearby';

const cities = allCities();
const find = (city: string, state: string) => {
  const found = cities.find((c) => c.city === city && c.state === state);
  if (!found) throw new Error(`${city}, ${state} missing from the list`);
  return found;
};

describe('the city list', () => {
  it('holds several hundred cities', () => {
    expect(cities.length).toBeGreaterThanOrEqual(300);
  });

  it('has every one of the 50 states, and nothing else', () => {
    expect(new Set(cities.map((c) => c.state))).toEqual(new Set(STATE_CODES));
  });

  it('has the largest city of small states', () => {
    for (const [city, state] of [
      ['Burlington', 'VT'],
      ['Cheyenne', 'WY'],
      ['Wilmington', 'DE'],
      ['Anchorage', 'AK'],
      ['Honolulu', 'HI'],
    ] as const) {
      expect(find(city, state).slug).toBe(citySlug(city, state));
    }
  });

  it('is sorted by population, largest first', () => {
    const populations = cities.map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(cities[0]?.city).toBe('New York City');
  });

  it('has plausible coordinates and populations', () => {
    for (const c of cities) {
      // The 50 states lie between Hawaii's and Alaska's latitudes, west of Maine.
      expect(c.latitude, c.slug).toBeGreaterThan(18);
      expect(c.latitude, c.slug).toBeLessThan(72);
      expect(c.longitude, c.slug).toBeGreaterThan(-180);
      expect(c.longitude, c.slug).toBeLessThan(-66);
      expect(Number.isInteger(c.population) && c.population > 0, c.slug).toBe(true);
    }
  });
});

describe('slugs', () => {
  it('are unique', () => {
    const slugs = cities.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('are well formed and derived from the city and state', () => {
    for (const c of cities) {
      expect(c.slug).toMatch(CITY_SLUG_PATTERN);
      // A duplicate keeps the base slug and adds -2, -3 ...
      expect(c.slug.replace(/-\d+$/, '')).toBe(citySlug(c.city, c.state));
    }
  });

  it('number duplicates in population order', () => {
    const firstIndex = new Map<string, number>();
    cities.forEach((c, i) => {
      const base = citySlug(c.city, c.state);
      if (c.slug === base) firstIndex.set(base, i);
    });
    cities.forEach((c, i) => {
      const base = citySlug(c.city, c.state);
      if (c.slug !== base) expect(firstIndex.get(base) ?? Infinity).toBeLessThan(i);
    });
  });
});

describe('regions', () => {
  it('are one of the nine and the one of the state', () => {
    for (const c of cities) {
      expect(REGIONS).toContain(c.region);
      expect(c.region, c.slug).toBe(REGION_BY_STATE[c.state]);
    }
  });
});

describe('nearby areas', () => {
  it('name at most five places, never the city itself', () => {
    for (const c of cities) {
      const names = nearbyAreaNames(c);
      expect(names.length, c.slug).toBeLessThanOrEqual(NEARBY_AREAS_MAX);
      expect(names, c.slug).not.toContain(c.city);
      expect(new Set(names).size, c.slug).toBe(names.length);
    }
  });

  it('lie within 50 miles wherever the named place is in the list, in the same state', () => {
    // Same state only: a bare name may be another state's namesake (San Marcos TX, near
    // San Antonio, is not in the list; San Marcos CA is). Cross-state areas go unchecked here;
    // the radius itself is specified in nearby.test.ts.
    let checked = 0;
    for (const c of cities) {
      for (const name of nearbyAreaNames(c)) {
        const namesake = cities.find((other) => other.city === name && other.state === c.state);
        if (!namesake) continue;
        expect(haversineMiles(c, namesake), `${name} near ${c.slug}`).toBeLessThanOrEqual(
          NEARBY_RADIUS_MILES,
        );
        checked += 1;
      }
    }
    // Guards against the check passing vacuously.
    expect(checked).toBeGreaterThan(500);
  });

  it.each([
    ['Dallas', 'TX', ['Fort Worth', 'Arlington']],
    ['Fort Worth', 'TX', ['Dallas', 'Arlington']],
    ['Los Angeles', 'CA', ['Long Beach']],
    ['Austin', 'TX', ['Round Rock']],
    ['Arlington', 'VA', ['Washington D.C.', 'Alexandria']],
    ['Burlington', 'VT', ['South Burlington']],
  ])('%s, %s lists %j', (city, state, expected) => {
    const names = nearbyAreaNames(find(city, state));
    for (const name of expected) expect(names).toContain(name);
  });

  it('keeps places over 50 miles away out (Dallas does not list Austin or Houston)', () => {
    const names = nearbyAreaNames(find('Dallas', 'TX'));
    expect(names).not.toContain('Austin');
    expect(names).not.toContain('Houston');
  });
});
