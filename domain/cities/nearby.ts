import type { LatLong } from './geo';
import { haversineMiles } from './geo';

/** A populated place that can be named as a nearby area. */
export interface Place extends LatLong {
  name: string;
  population: number;
}

export const NEARBY_RADIUS_MILES = 50;
export const NEARBY_AREAS_MAX = 5;

/**
 * The places named in 'Serving {city}, {state} and {nearby areas}': other places within
 * 50 miles, the most populous first (ties: the nearer, then by name). Population order rather
 * than pure distance because the line is read by people choosing a provider: the nearest
 * places are often enclaves and census-designated pockets (Dallas's nearest are Highland Park
 * and University Park), while Fort Worth, Arlington and Plano are the names a reader knows.
 * A place sharing the city's own name (Kansas City KS for Kansas City MO) is left out, since
 * the plain name would read as the city itself; repeated names are listed once.
 */
export function nearbyAreas(
  origin: Place,
  candidates: readonly Place[],
  options: { radiusMiles?: number; max?: number } = {},
): string[] {
  const radius = options.radiusMiles ?? NEARBY_RADIUS_MILES;
  const max = options.max ?? NEARBY_AREAS_MAX;
  const ownName = origin.name.toLowerCase();
  const inRange = candidates
    .filter((place) => place.name.toLowerCase() !== ownName)
    .map((place) => ({ place, miles: haversineMiles(origin, place) }))
    .filter(({ miles }) => miles <= radius)
    .sort(
      (a, b) =>
        b.place.population - a.place.population ||
        a.miles - b.miles ||
        byCodePoint(a.place.name, b.place.name),
    );
  const names: string[] = [];
  for (const { place } of inRange) {
    if (names.length >= max) break;
    if (!names.includes(place.name)) names.push(place.name);
  }
  return names;
}

/** Locale-independent, so a generated file is the same on every machine. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The record's text form: names joined by ', '. */
export function formatNearbyAreas(names: readonly string[]): string {
  return names.join(', ');
}
