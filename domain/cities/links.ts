/** Internal links between neighbouring cities (kept apart from nearby.ts, which the generator runs). */
import type { City } from './city';
import { allCities, nearbyAreaNames } from './city';
import { haversineMiles } from './geo';
import { NEARBY_RADIUS_MILES } from './nearby';
import { cityPath } from './paths';

export interface NearbyAreaLink {
  name: string;
  /** '/near/{slug}' of the listed city of that name nearest this one (within 50 miles), or null. */
  path: string | null;
}

/**
 * The nearby areas of a city, each linked to its own page where the list has one: the city of
 * that name nearest this one, in any state, if it is within the nearby radius.
 */
export function nearbyAreaLinks(city: City): NearbyAreaLink[] {
  return nearbyAreaNames(city).map((name) => {
    let best: { other: City; miles: number } | null = null;
    for (const other of allCities()) {
      if (other.city !== name || other.slug === city.slug) continue;
      const miles = haversineMiles(city, other);
      if (miles <= NEARBY_RADIUS_MILES && (!best || miles < best.miles)) best = { other, miles };
    }
    return { name, path: best ? cityPath(best.other) : null };
  });
}
