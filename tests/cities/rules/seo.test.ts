import { describe, expect, it } from 'vitest';
import type { City } from '../../../domain/cities/city';
import { allCities } from '../../../domain/cities/city';
import {
  CITY_STRUCTURED_DATA_DEFAULTS,
  cityGeoMeta,
  cityPageCopy,
  cityPath,
  cityStructuredData,
} from '../../../domain/cities/seo';

const dallas: City = {
  city: 'Dallas',
  state: 'TX',
  region: 'Southwest',
  latitude: 32.78306,
  longitude: -96.80667,
  population: 1300092,
  nearby_areas: 'Fort Worth, Arlington, Plano, Garland, Irving',
  slug: 'dallas-tx',
};
const laredo: City = { ...dallas, city: 'Laredo', nearby_areas: '', slug: 'laredo-tx' };
const PAGE_URL = 'https://example.test/near/dallas-tx';

describe('cityPageCopy', () => {
  it("titles the page 'Top GLP-1 Weight Loss Providers near {city}, {state}'", () => {
    expect(cityPageCopy(dallas).title).toBe('Top GLP-1 Weight Loss Providers near Dallas, TX');
  });

  it("says 'Serving {city}, {state} and {nearby areas}'", () => {
    expect(cityPageCopy(dallas).servingLine).toBe(
      'Serving Dallas, TX and Fort Worth, Arlington, Plano, Garland, Irving',
    );
  });

  it('falls back to "nearby areas" when no place is within 50 miles', () => {
    expect(cityPageCopy(laredo).servingLine).toBe('Serving Laredo, TX and nearby areas');
  });

  it('sets the canonical /near/{slug}', () => {
    expect(cityPageCopy(dallas).canonicalPath).toBe('/near/dallas-tx');
    expect(cityPath(dallas)).toBe('/near/dallas-tx');
  });

  it('describes the city and gives keywords naming it', () => {
    const copy = cityPageCopy(dallas);
    expect(copy.description).toContain('Dallas, TX');
    expect(copy.description).toContain('Texas');
    expect(copy.intro).toContain('Dallas, TX');
    expect(copy.keywords.split(', ')).toEqual(
      expect.arrayContaining(['semaglutide Dallas', 'tirzepatide Dallas']),
    );
  });

  it('keeps every title of the list within the ~60-character cap', () => {
    for (const c of allCities()) {
      expect(cityPageCopy(c).title.length, c.slug).toBeLessThanOrEqual(60);
    }
  });
});

describe('cityStructuredData', () => {
  const data = cityStructuredData(dallas, PAGE_URL);

  it('is schema.org local-business data for the page', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      url: PAGE_URL,
      name: 'Top GLP-1 Weight Loss Providers near Dallas, TX',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Dallas',
        addressRegion: 'TX',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 32.78306, longitude: -96.80667 },
    });
  });

  it("carries the spec's price range '$$'", () => {
    expect(data.priceRange).toBe('$$');
  });

  it("publishes no AggregateRating without entered ratings (never the spec's invented 4.8 / 15000)", () => {
    expect(data).not.toHaveProperty('aggregateRating');
    expect(JSON.stringify(data)).not.toContain('15000');
    expect(
      cityStructuredData(dallas, PAGE_URL, { ratingValue: 4.5, reviewCount: 0 }),
    ).not.toHaveProperty('aggregateRating');
  });

  it('publishes the rating computed from entered ratings, with its real count', () => {
    expect(
      cityStructuredData(dallas, PAGE_URL, { ratingValue: 4.4, reviewCount: 1250 }).aggregateRating,
    ).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.4,
      reviewCount: 1250,
      bestRating: 5,
      worstRating: 0,
    });
  });

  it('is open 24 hours every day', () => {
    expect(data.openingHoursSpecification).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '00:00',
      closes: '23:59',
    });
  });

  it('serves a 50-mile circle around the city (80,467 m)', () => {
    expect(data.areaServed).toEqual({
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', latitude: 32.78306, longitude: -96.80667 },
      geoRadius: 80467,
    });
  });

  it('names the defaults in one place', () => {
    expect(CITY_STRUCTURED_DATA_DEFAULTS).toMatchObject({
      priceRange: '$$',
      serviceRadiusMiles: 50,
      country: 'US',
    });
  });

  it('survives JSON serialisation unchanged (it goes into a script tag)', () => {
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});

describe('cityGeoMeta', () => {
  it('gives geo.region, geo.placename, geo.position and ICBM', () => {
    expect(cityGeoMeta(dallas)).toEqual([
      { name: 'geo.region', content: 'US-TX' },
      { name: 'geo.placename', content: 'Dallas, TX' },
      { name: 'geo.position', content: '32.78306;-96.80667' },
      { name: 'ICBM', content: '32.78306, -96.80667' },
    ]);
  });
});
