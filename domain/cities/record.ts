/** The city record's shape and its pure readings (no data: the list lives in city.ts). */
import type { StateCode } from '../shared/reference/states';
import type { Region } from './regions';

/**
 * A city record (spec, "City record"), as generated into data/us-cities.json by
 * scripts/generate-cities.ts. Field names follow the spec's record (nearby_areas).
 */
export interface City {
  /** Display name as GeoNames spells it, accents included ('Kīhei'). */
  city: string;
  state: StateCode;
  region: Region;
  latitude: number;
  longitude: number;
  population: number;
  /** Comma-separated names of up to five larger places within 50 miles; may be ''. */
  nearby_areas: string;
  slug: string;
}

/** The nearby areas of a city as a list of names. */
export function nearbyAreaNames(city: City): string[] {
  return city.nearby_areas
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
