/** US cities reference data and the rules of the city landing pages (/near/{citySlug}). */
export type { City } from './city';
export { allCities, cityBySlug, citiesByState, nearbyAreaNames } from './city';
export type { Region } from './regions';
export { REGIONS, REGION_BY_STATE, isRegion, regionOfState } from './regions';
export type { LatLong } from './geo';
export { EARTH_RADIUS_MILES, METERS_PER_MILE, haversineMiles, milesToMeters } from './geo';
export { CITY_SLUG_PATTERN, assignCitySlugs, citySlug, slugify } from './slug';
export type { Place } from './nearby';
export type { NearbyAreaLink } from './links';
export { nearbyAreaLinks } from './links';
export { NEARBY_AREAS_MAX, NEARBY_RADIUS_MILES, formatNearbyAreas, nearbyAreas } from './nearby';
export type { CityPageCopy, CityRating, MetaTag } from './seo';
export {
  CITY_SERVICE_RADIUS_MILES,
  CITY_STRUCTURED_DATA_DEFAULTS,
  NEARBY_AREAS_FALLBACK,
  cityGeoMeta,
  cityPageCopy,
  cityPath,
  cityStructuredData,
} from './seo';
export { SUGGESTIONS_MAX, closestCities, editDistance } from './suggest';
export type { StatePageCopy } from './states';
export {
  NEAREST_STATES_MAX,
  citiesGroupedByState,
  nearestStates,
  stateCentre,
  statePageCopy,
} from './states';
export type { Crumb } from './paths';
export { CITIES_INDEX_PATH, breadcrumbJsonLd, cityBreadcrumbs, statePath } from './paths';
export { cityPageUrls } from './urls';
export type { EnteredRating } from './rating';
export { cityRating } from './rating';
export type { CityTreatment, KnownVisitType, TreatmentInput } from './treatment';
export { cityTreatment } from './treatment';
export { parseStateCode } from './parse-state';
export type { ZipLookup } from './zip';
export { ZIP_MESSAGES, stateOfZip } from './zip';
