/**
 * The addresses of the city pages and their breadcrumbs. Kept apart from the city list
 * (city.ts), so pages that only link do not carry the list.
 */
import type { City } from './record';
import { stateName, type StateCode } from '../shared/reference/states';

export const CITIES_INDEX_PATH = '/near';

/** '/near/{slug}' */
export function cityPath(city: Pick<City, 'slug'>): string {
  return `/near/${city.slug}`;
}

/** '/near/state/oh': the code lowercased, like every path of the site. */
export function statePath(code: StateCode): string {
  return `/near/state/${code.toLowerCase()}`;
}

export { breadcrumbJsonLd, type Crumb } from '../shared/breadcrumbs';
import type { Crumb } from '../shared/breadcrumbs';

/** Home > State > City (a state page ends at the state). */
export function cityBreadcrumbs(place: City | StateCode): Crumb[] {
  const state = typeof place === 'string' ? place : place.state;
  const crumbs: Crumb[] = [
    { name: 'Home', path: '/' },
    { name: stateName(state), path: statePath(state) },
  ];
  if (typeof place !== 'string') crumbs.push({ name: place.city, path: cityPath(place) });
  return crumbs;
}
