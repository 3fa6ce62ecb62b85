/** The rules of the city and state pages: suggestions, nearest states, links, URLs, rating. */
import { describe, expect, it } from 'vitest';
import {
  cityBySlug,
  cityPageUrls,
  cityRating,
  closestCities,
  editDistance,
  nearbyAreaLinks,
  nearestStates,
  parseStateCode,
  statePageCopy,
} from '../../../domain/cities';
import { breadcrumbJsonLd, cityBreadcrumbs } from '../../../domain/cities/paths';

describe('editDistance', () => {
  it.each([
    ['dallas', 'dallas', 0],
    ['dalas', 'dallas', 1],
    ['dalals', 'dallas', 1],
    ['boston', 'austin', 3],
    ['', 'abc', 3],
  ])('%s -> %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });

  it('stops past the limit', () => {
    expect(editDistance('aaaaaaaa', 'bbbbbbbb', 2)).toBe(3);
  });
});

describe('closestCities (unknown slug suggestions)', () => {
  it.each([
    ['dalas-tx', 'dallas-tx'],
    ['dallas', 'dallas-tx'],
    ['colombus-oh', 'columbus-oh'],
    ['San Fransisco', 'san-francisco-ca'],
    ['seatle', 'seattle-wa'],
    ['san-fra', 'san-francisco-ca'],
  ])('%s suggests %s first', (term, slug) => {
    expect(closestCities(term)[0]?.slug).toBe(slug);
  });

  it.each([[''], ['---'], ['zzzzzzzzzzzz'], ['x'.repeat(81)]])('%j suggests nothing', (term) => {
    expect(closestCities(term)).toEqual([]);
  });

  it('suggests at most three', () => {
    expect(closestCities('springfield').length).toBeLessThanOrEqual(3);
  });
});

describe('nearestStates', () => {
  it('names the nearest served states, the state itself excluded', () => {
    expect(nearestStates('AK', ['WA', 'FL', 'OR', 'AK', 'ME'])).toEqual(['WA', 'OR', 'ME']);
    expect(nearestStates('OH', ['OH'])).toEqual([]);
  });
});

describe('parseStateCode', () => {
  it.each([
    ['OH', 'OH'],
    [' oh ', 'OH'],
    ['ZZ', undefined],
    ['DC', undefined],
    [42, undefined],
    [undefined, undefined],
  ])('%j -> %j', (input, expected) => {
    expect(parseStateCode(input)).toBe(expected);
  });
});

describe('nearby areas link to their own pages', () => {
  it('links the nearby cities the list has, and only those', () => {
    const dallas = cityBySlug('dallas-tx');
    if (!dallas) throw new Error('Dallas is in the list');
    const links = nearbyAreaLinks(dallas);
    expect(links.find((l) => l.name === 'Fort Worth')).toEqual({
      name: 'Fort Worth',
      path: '/near/fort-worth-tx',
    });
    for (const link of links) {
      if (link.path) expect(cityBySlug(link.path.replace('/near/', ''))?.city).toBe(link.name);
    }
  });
});

describe('addresses and breadcrumbs', () => {
  it('lists the index, every state and every city once', () => {
    const urls = cityPageUrls();
    expect(urls.filter((u) => u.startsWith('/near/state/'))).toHaveLength(50);
    expect(urls).toContain('/near/dallas-tx');
    expect(urls).toContain('/near/state/oh');
  });

  it('builds Home > State > City as absolute URLs', () => {
    const dallas = cityBySlug('dallas-tx');
    if (!dallas) throw new Error('Dallas is in the list');
    expect(breadcrumbJsonLd(cityBreadcrumbs(dallas), 'https://v.example/')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://v.example/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Texas',
          item: 'https://v.example/near/state/tx',
        },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Dallas',
          item: 'https://v.example/near/dallas-tx',
        },
      ],
    });
  });

  it("titles a state page the way people search: 'GLP-1 Weight Loss Providers in Ohio'", () => {
    expect(statePageCopy('OH').title).toBe('GLP-1 Weight Loss Providers in Ohio');
  });
});

describe('cityRating', () => {
  it.each([
    ['no entries', [], null],
    ['a rating without a count', [{ rating: 4.5, count: null }], null],
    ['a count without a rating', [{ rating: null, count: 100 }], null],
    ['a zero count', [{ rating: 4.5, count: 0 }], null],
    [
      'count-weighted mean and the real total',
      [
        { rating: 4.0, count: 100 },
        { rating: 5.0, count: 300 },
        { rating: 1.0, count: null },
      ],
      { ratingValue: 4.8, reviewCount: 400 },
    ],
  ])('%s', (_case, entered, expected) => {
    expect(cityRating(entered)).toEqual(expected);
  });
});
