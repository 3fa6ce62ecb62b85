import cityRecords from '../../data/us-cities.json';
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

// The JSON's inferred type widens state and region to string; the generator writes them from
// the typed maps, and tests/unit/cities checks every record against the unions.
const CITIES: readonly City[] = cityRecords as City[];

const bySlug = new Map<string, City>(CITIES.map((c) => [c.slug, c]));

/** Every city, most populous first. */
export function allCities(): readonly City[] {
  return CITIES;
}

/** The city of a /near/{citySlug} address; case-insensitive; undefined when unknown. */
export function cityBySlug(slug: string): City | undefined {
  return bySlug.get(slug.trim().toLowerCase());
}

/** Cities of one state (two-letter code, case-insensitive), most populous first. */
export function citiesByState(code: string): readonly City[] {
  const upper = code.trim().toUpperCase();
  return CITIES.filter((c) => c.state === upper);
}

/** The nearby areas of a city as a list of names. */
export function nearbyAreaNames(city: City): string[] {
  return city.nearby_areas
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
