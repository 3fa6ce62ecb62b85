/**
 * What a city landing page (/near/{citySlug}) says about itself: copy, JSON-LD and geo meta
 * tags (spec, "City landing page" and "Structured-data defaults (city pages)").
 *
 * {state} is the two-letter code, not the full name: the city record stores the code (spec,
 * "City record"), 'Dallas, TX' is how US addresses and searches name a city, and with the code
 * every title of the list stays within the spec's ~60-character cap (longest: 59), where full
 * names would push many past it ('... near San Francisco, California' is 62).
 */
import type { City } from './record';
import { nearbyAreaNames } from './record';
import { cityPath } from './paths';
import { milesToMeters } from './geo';
import { stateName } from '../shared/reference/states';

export const CITY_SERVICE_RADIUS_MILES = 50;

/**
 * The spec's structured-data defaults for city pages, less its default rating (4.8 from 15000
 * reviews): nobody measured that number, and publishing it as AggregateRating would be a
 * fabricated review signal. A rating is published only when computed from ratings the
 * administrators entered (see CityRating).
 */
export const CITY_STRUCTURED_DATA_DEFAULTS = {
  priceRange: '$$',
  serviceRadiusMiles: CITY_SERVICE_RADIUS_MILES,
  country: 'US',
  opens: '00:00',
  closes: '23:59',
} as const;

const EVERY_DAY = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** Used in the serving line when a city has no larger place within 50 miles. */
export const NEARBY_AREAS_FALLBACK = 'nearby areas';

export interface CityPageCopy {
  /** 'Top GLP-1 Weight Loss Providers near {city}, {state}' */
  title: string;
  intro: string;
  /** 'Serving {city}, {state} and {nearby areas}' */
  servingLine: string;
  description: string;
  /** Comma-separated, ready for <meta name="keywords">. */
  keywords: string;
  /** '/near/{slug}' */
  canonicalPath: string;
}

export { cityPath };

export function cityPageCopy(city: City): CityPageCopy {
  const place = `${city.city}, ${city.state}`;
  const nearby = nearbyAreaNames(city);
  return {
    title: `Top GLP-1 Weight Loss Providers near ${place}`,
    intro:
      `Compare online GLP-1 weight loss providers that serve ${place}. Semaglutide and ` +
      `tirzepatide programs with telemedicine visits and home delivery, ranked by Vial Score.`,
    servingLine: `Serving ${place} and ${nearby.length > 0 ? nearby.join(', ') : NEARBY_AREAS_FALLBACK}`,
    description:
      `Compare GLP-1 weight loss providers near ${place}: semaglutide and tirzepatide ` +
      `prices, Vial Scores, telemedicine and home delivery in ${stateName(city.state)}.`,
    keywords: [
      `GLP-1 providers ${city.city}`,
      `semaglutide ${city.city}`,
      `tirzepatide ${city.city}`,
      `weight loss ${city.city} ${city.state}`,
      `online weight loss medication ${stateName(city.state)}`,
      'telemedicine weight loss',
    ].join(', '),
    canonicalPath: cityPath(city),
  };
}

/**
 * A rating computed from what administrators entered (each ranked provider's editorial rating
 * out of 5 and its entered vote count), with the real count. Null when there is none.
 */
export interface CityRating {
  ratingValue: number;
  reviewCount: number;
}

/**
 * JSON-LD (schema.org LocalBusiness) for a city page: the spec's defaults (price range '$$',
 * open 24 hours every day, 50-mile service radius, country US). geoRadius is a number of
 * meters, schema.org's reading of a bare number. AggregateRating only from `rating`.
 */
export function cityStructuredData(
  city: City,
  pageUrl: string,
  rating: CityRating | null = null,
): Record<string, unknown> {
  const d = CITY_STRUCTURED_DATA_DEFAULTS;
  const copy = cityPageCopy(city);
  const point = { '@type': 'GeoCoordinates', latitude: city.latitude, longitude: city.longitude };
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${pageUrl}#business`,
    name: copy.title,
    description: copy.description,
    url: pageUrl,
    priceRange: d.priceRange,
    address: {
      '@type': 'PostalAddress',
      addressLocality: city.city,
      addressRegion: city.state,
      addressCountry: d.country,
    },
    geo: point,
    areaServed: {
      '@type': 'GeoCircle',
      geoMidpoint: point,
      geoRadius: Math.round(milesToMeters(d.serviceRadiusMiles)),
    },
    ...(rating && rating.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.ratingValue,
            reviewCount: rating.reviewCount,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {}),
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: [...EVERY_DAY],
      opens: d.opens,
      closes: d.closes,
    },
  };
}

export interface MetaTag {
  name: string;
  content: string;
}

/** Geo meta tags, shaped for a router's head() meta list: geo.region, placename, position, ICBM. */
export function cityGeoMeta(city: City): MetaTag[] {
  return [
    { name: 'geo.region', content: `US-${city.state}` },
    { name: 'geo.placename', content: `${city.city}, ${city.state}` },
    { name: 'geo.position', content: `${city.latitude};${city.longitude}` },
    { name: 'ICBM', content: `${city.latitude}, ${city.longitude}` },
  ];
}
