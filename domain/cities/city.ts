import cityRecords from '../../data/us-cities.json';
import type { City } from './record';

export type { City } from './record';
export { nearbyAreaNames } from './record';

// The JSON's inferred type widens state and region to string; the generator writes them from
// the typed maps, and tests/cities/rules checks every record against the unions.
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
