/** Every public address of the cities capability, for the sitemap. */
import { allCities } from './city';
import { CITIES_INDEX_PATH, cityPath, statePath } from './paths';
import { STATE_CODES } from '../shared/reference/states';

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
