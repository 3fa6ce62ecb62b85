/** Great-circle distances. Mean Earth radius (IUGG), as most distance tables use. */
export const EARTH_RADIUS_MILES = 3958.7613;
export const METERS_PER_MILE = 1609.344;

export interface LatLong {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Haversine distance in statute miles between two points given in decimal degrees. */
export function haversineMiles(a: LatLong, b: LatLong): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLong = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLong / 2) ** 2;
  // min() guards against h creeping past 1 by rounding for antipodal points.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function milesToMeters(miles: number): number {
  return miles * METERS_PER_MILE;
}
