/**
 * Every city and state page as a search engine meets it: each of the 400 city pages and the
 * 50 state pages answers 200 over HTTP, server-rendered, and its JSON-LD parses (LocalBusiness
 * and BreadcrumbList on city pages); an unknown city answers 404, noindex, with suggestions.
 * The public JSON reads answer the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCities, cityPageUrls } from '../../../domain/cities';
import { STATE_CODES } from '../../../domain/shared/reference/states';
import { CITY_PATHS, type CityPageView } from '../../../api/cities/contracts';
import { startTestServer, type TestServer } from '../../support/http-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ ssrPages: true, prefix: 'vial-cities-' });
  const result = await server.backend.bus.dispatch(
    {
      type: 'ListProvider',
      details: {
        name: 'Ohio Only Health',
        websiteUrl: 'https://ohio-only.example',
        states: ['OH'],
        medications: ['Semaglutide'],
        featured: true,
      },
    },
    { actor: { kind: 'system', id: 'test' }, correlationId: 'cities' },
  );
  if (!(await server.backend.waitForProjections(result.position))) {
    throw new Error('read models did not catch up after ListProvider');
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** The JSON-LD blocks of a page, parsed (JSON.parse throws on a broken one). */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

const typesOf = (html: string) => jsonLd(html).map((data) => data['@type']);

describe('the pages of every city and state', () => {
  it('lists 1 index, 50 state and 400 city addresses for the sitemap', () => {
    const urls = cityPageUrls();
    expect(urls).toHaveLength(451);
    expect(new Set(urls).size).toBe(451);
    expect(urls[0]).toBe('/near');
  });

  it('answers every city page with 200, its title and LocalBusiness + BreadcrumbList JSON-LD', async () => {
    const failures: string[] = [];
    for (const city of allCities()) {
      const response = await fetch(`${server.base}/near/${city.slug}`);
      const html = await response.text();
      const types = response.status === 200 ? typesOf(html) : [];
      if (
        response.status !== 200 ||
        !types.includes('LocalBusiness') ||
        !types.includes('BreadcrumbList') ||
        !html.includes(
          `near ${city.city.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}, ${city.state}`,
        )
      ) {
        failures.push(`${city.slug}: ${response.status} ${types.join(',')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('answers every state page with 200 and a BreadcrumbList', async () => {
    const failures: string[] = [];
    for (const code of STATE_CODES) {
      const response = await fetch(`${server.base}/near/state/${code.toLowerCase()}`);
      const html = await response.text();
      if (response.status !== 200 || !typesOf(html).includes('BreadcrumbList')) {
        failures.push(`${code}: ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers the index of cities with every city linked', async () => {
    const response = await fetch(`${server.base}/near`);
    const html = await response.text();
    expect(response.status).toBe(200);
    for (const city of allCities()) expect(html).toContain(`href="/near/${city.slug}"`);
  });
});

describe('a city page ranks only the providers serving its state', () => {
  it('shows the Ohio provider in Columbus, not in Dallas, where it says nobody serves Texas', async () => {
    const columbus = await (await fetch(`${server.base}/near/columbus-oh`)).text();
    expect(columbus).toContain('Ohio Only Health');
    // React separates text parts with comments; the visitor reads them as one sentence.
    const dallas = (await (await fetch(`${server.base}/near/dallas-tx`)).text()).replace(
      /<!-- -->/g,
      '',
    );
    expect(dallas).not.toContain('Ohio Only Health');
    expect(dallas).toContain('None of the providers we list serves Texas yet.');
    // ...and points to the nearest state that is served, the only one here: Ohio.
    expect(dallas).toContain('href="/near/state/oh"');
  });

  it('says about treatment only what the record says: Semaglutide, no visit type entered, no fixed claims', async () => {
    const columbus = (await (await fetch(`${server.base}/near/columbus-oh`)).text()).replace(
      /<!-- -->/g,
      '',
    );
    expect(columbus).toContain('Semaglutide: the provider');
    expect(columbus).not.toContain('Tirzepatide: ');
    expect(columbus).toContain('No visit type entered yet.');
    expect(columbus).toContain(
      '1 has no care facts entered yet, which counts as unknown, not as no',
    );
    for (const claim of ['No insurance required', 'Licensed providers', 'Home delivery']) {
      expect(columbus).not.toContain(claim);
    }
  });

  it('answers the JSON read of a city with its state ranking', async () => {
    const response = await fetch(`${server.base}${CITY_PATHS.city('columbus-oh')}`);
    const page = (await response.json()) as CityPageView;
    expect(response.status).toBe(200);
    expect(page.basis).toBe('featured');
    expect(page.providers.map((p) => [p.name, p.rank, p.badgeText])).toEqual([
      ['Ohio Only Health', 1, 'Best Overall'],
    ]);
    expect(page.treatment).toMatchObject({
      providers: 1,
      medications: [{ medication: 'Semaglutide', providers: 1 }],
      forms: [],
      visits: [],
    });
  });
});

describe('bad addresses get a clear answer', () => {
  it('an unknown city: 404, City not found, noindex, no canonical, the closest names', async () => {
    const response = await fetch(`${server.base}/near/colombus-oh`);
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain('City not found');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('href="/near/columbus-oh"');
  });

  it.each([
    ['/near/state/zz', 404, 'State not found'],
    // A malformed escape is refused before routing (api/http/request-hygiene.ts).
    ['/near/%E0%A4%A', 400, ''],
    [`/near/${'a'.repeat(3000)}`, 404, 'City not found'],
  ])('%s answers %i', async (path, status, text) => {
    const response = await fetch(`${server.base}${path}`);
    expect(response.status).toBe(status);
    if (text) expect(await response.text()).toContain(text);
  });

  it.each([
    [CITY_PATHS.city('nowhere-zz'), 404, { error: 'City not found' }],
    [CITY_PATHS.state('zz'), 404, { error: 'State not found' }],
    [CITY_PATHS.suggestions('x'.repeat(500)), 200, []],
  ])('GET %s answers %i', async (path, status, body) => {
    const response = await fetch(`${server.base}${path}`);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(body);
  });

  it('a mixed-case state moves to its lowercase address', async () => {
    const response = await fetch(`${server.base}/near/state/OH`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toMatch(/\/near\/state\/oh$/);
  });
});
