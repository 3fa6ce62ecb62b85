/** Every public address of the cities capability (for the sitemap) and their breadcrumbs. */
import type { City } from './city';
import { allCities } from './city';
import { cityPath } from './seo';
import { statePath } from './states';
import { stateName, STATE_CODES, type StateCode } from '../shared/reference/states';

export const CITIES_INDEX_PATH = '/near';

/**
 * The paths of the city index, the 50 state pages and the 400 city pages, in that order.
 * Pure: the sitemap prefixes them with the public origin.
 */
export function cityPageUrls(): string[] {
  return [
    CITIES_INDEX_PATH,
    ...STATE_CODES.map((code) => statePath(code)),
    ...allCities().map((city) => cityPath(city)),
  ];
}

export interface Crumb {
  name: string;
  path: string;
}

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

/** schema.org BreadcrumbList of absolute URLs on `siteUrl`. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], siteUrl: string) {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}
