import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_MILES, haversineMiles, milesToMeters } from '../../../domain/cities/geo';

const point = (latitude: number, longitude: number) => ({ latitude, longitude });

describe('haversineMiles', () => {
  // Published figures are ellipsoidal; a sphere is within about half a percent of them.
  it.each([
    ['the same point', point(32.78306, -96.80667), point(32.78306, -96.80667), 0, 1e-9],
    ['one degree of longitude on the equator', point(0, 0), point(0, 1), 69.09, 0.01],
    [
      'pole to pole (half a great circle)',
      point(90, 0),
      point(-90, 0),
      Math.PI * EARTH_RADIUS_MILES,
      1e-6,
    ],
    ['antipodes on the equator', point(0, 0), point(0, 180), Math.PI * EARTH_RADIUS_MILES, 1e-6],
    [
      'JFK to LAX (published 2,475 mi)',
      point(40.6413, -73.7781),
      point(33.9416, -118.4085),
      2475,
      15,
    ],
    ['London to Paris (published 214 mi)', point(51.5074, -0.1278), point(48.8566, 2.3522), 214, 2],
    [
      'Dallas to Fort Worth city centres (about 30 mi)',
      point(32.78306, -96.80667),
      point(32.72541, -97.32085),
      30,
      1.5,
    ],
  ])('%s', (_case, a, b, expectedMiles, toleranceMiles) => {
    expect(Math.abs(haversineMiles(a, b) - expectedMiles)).toBeLessThanOrEqual(toleranceMiles);
  });

  it('is symmetric', () => {
    const austin = point(30.26715, -97.74306);
    const denver = point(39.73915, -104.9847);
    expect(haversineMiles(austin, denver)).toBe(haversineMiles(denver, austin));
  });

  it('crosses the antimeridian the short way', () => {
    expect(haversineMiles(point(0, 179.5), point(0, -179.5))).toBeCloseTo(69.09, 1);
  });
});

describe('milesToMeters', () => {
  it.each([
    [0, 0],
    [1, 1609.344],
    [50, 80467.2],
  ])('%d mi is %d m', (miles, meters) => {
    expect(milesToMeters(miles)).toBeCloseTo(meters, 6);
  });
});
