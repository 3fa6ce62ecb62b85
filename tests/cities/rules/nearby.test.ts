import { describe, expect, it } from 'vitest';
import type { Place } from '../../../domain/cities/nearby';
import { formatNearbyAreas, nearbyAreas } from '../../../domain/cities/nearby';

// One degree of latitude is about 69.09 miles, so offsets in miles are easy to place.
const MILES_PER_DEGREE_LAT = 69.09;
const place = (name: string, population: number, milesNorth: number): Place => ({
  name,
  population,
  latitude: 30 + milesNorth / MILES_PER_DEGREE_LAT,
  longitude: -97,
});

const origin = place('Origin', 500_000, 0);

describe('nearbyAreas', () => {
  it('names only places within 50 miles', () => {
    const names = nearbyAreas(origin, [
      place('Near', 20_000, 10),
      place('Edge', 20_000, 49.9),
      place('Beyond', 900_000, 50.5),
    ]);
    expect(names).toEqual(['Near', 'Edge']);
  });

  it('lists the most populous first, the nearer first on a tie', () => {
    const names = nearbyAreas(origin, [
      place('Small', 12_000, 2),
      place('Big', 300_000, 40),
      place('Mid far', 50_000, 30),
      place('Mid near', 50_000, 5),
    ]);
    expect(names).toEqual(['Big', 'Mid near', 'Mid far', 'Small']);
  });

  it('stops at five names', () => {
    const many = Array.from({ length: 8 }, (_, i) => place(`Town ${i + 1}`, 90_000 - i * 1_000, i));
    expect(nearbyAreas(origin, many)).toEqual(['Town 1', 'Town 2', 'Town 3', 'Town 4', 'Town 5']);
  });

  it('leaves out places sharing the city name and lists a repeated name once', () => {
    const names = nearbyAreas(origin, [
      place('Origin', 150_000, 3),
      place('Twin', 40_000, 5),
      place('Twin', 30_000, 6),
    ]);
    expect(names).toEqual(['Twin']);
  });

  it('is empty when nothing is within reach', () => {
    expect(nearbyAreas(origin, [])).toEqual([]);
    expect(nearbyAreas(origin, [place('Far', 1_000_000, 200)])).toEqual([]);
  });

  it('takes another radius and limit when asked', () => {
    const names = nearbyAreas(origin, [place('A', 3, 5), place('B', 2, 15), place('C', 1, 8)], {
      radiusMiles: 10,
      max: 1,
    });
    expect(names).toEqual(['A']);
  });
});

describe('formatNearbyAreas', () => {
  it.each([
    [[], ''],
    [['Fort Worth'], 'Fort Worth'],
    [['Fort Worth', 'Arlington', 'Plano'], 'Fort Worth, Arlington, Plano'],
  ])('%j -> %j', (names, text) => {
    expect(formatNearbyAreas(names)).toBe(text);
  });
});
