/**
 * Query parameters a visitor (or a scanner) makes up never break a page: for every public page
 * that declares search parameters, an unknown value of each (object keys included) ends, after
 * at most the router's redirect to the address without it, in a 200 showing the page's default;
 * never the error page, never a 5xx. A known value in capitals is the same as in lower case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareFirstStart } from '../../../api/first-start';
import { PROVIDER_PATHS } from '../../../api/providers/contracts';
import { providerSlug } from '../../../domain/providers/slug';
import { startTestServer, type TestServer } from '../../support/http-server';

let server: TestServer;
let compareBase = '/compare';

beforeAll(async () => {
  server = await startTestServer({
    ssrPages: true,
    pageCache: true,
    prefix: 'vial-hostile-search-',
    env: { SEED_DEMO: 'true' },
  });
  // The demo providers, listed and projected before any page is asked for.
  await prepareFirstStart(server.backend);
  const head = await server.backend.eventStore.headPosition();
  if (!(await server.backend.waitForProjections(head.toString()))) {
    throw new Error('read models did not catch up after the demo seed');
  }
  const featured = (await (await fetch(server.base + PROVIDER_PATHS.featured)).json()) as {
    name: string;
  }[];
  if (featured.length < 2) throw new Error('the demo seed listed fewer than two providers');
  const slugs = featured.slice(0, 2).map((p) => providerSlug(p.name));
  compareBase = `/compare?providers=${slugs.join(',')}`;
  // Compile the routes through Vite within this hook's time.
  await (await fetch(`${server.base}/`)).text();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const HOSTILE = ['zzz', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '%00', '[]'];

/** Each public page and the parameters its validateSearch declares. */
const PAGES: [path: string, params: string[]][] = [
  ['/', ['sort', 'medication', 'state', 'newsletter']],
  ['/blog', ['page']],
  ['/calculator', ['tab', 'units', 'dose', 'weight']],
  ['/contact', ['status', 'fields']],
  ['/add-provider', ['status', 'fields']],
  ['/search', ['q']],
  ['/reddit-posts', ['q', 'subreddit']],
  ['/compare', ['state']],
];

const ROWS = PAGES.flatMap(([path, params]) =>
  params.flatMap((param) => HOSTILE.map((value) => [path, param, value] as const)),
);

/** The providers the home page lists, in order. */
function listedProviders(html: string): string[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1] ?? '');
}

async function get(pathAndQuery: string) {
  const response = await fetch(server.base + pathAndQuery);
  return { response, html: await response.text() };
}

describe('hostile query values', () => {
  it.each(ROWS)('%s?%s=%s renders the page with its default', async (path, param, value) => {
    // Given a page address with a made-up value of one of its parameters
    const base = path === '/compare' ? compareBase : path;
    const joiner = base.includes('?') ? '&' : '?';
    const url = `${base}${joiner}${param}=${encodeURIComponent(value)}`;

    // When it is asked for (following the router's redirect, if any)
    const { response, html } = await get(url);

    // Then it is the page, 200, not the error page
    expect(response.status).toBe(200);
    expect(html).not.toContain('Something went wrong');
    // And the home page lists what it lists by default
    if (path === '/') {
      const { html: plain } = await get('/');
      expect(listedProviders(plain).length).toBeGreaterThan(1);
      expect(listedProviders(html)).toEqual(listedProviders(plain));
    }
  });

  it('reads ?sort=PRICE as ?sort=price, on the server as in the browser', async () => {
    const upper = await get('/?sort=PRICE');
    const lower = await get('/?sort=price');

    expect(upper.response.status).toBe(200);
    expect(new URL(upper.response.url).search).toBe('?sort=price');
    expect(listedProviders(upper.html)).toEqual(listedProviders(lower.html));
    expect(listedProviders(lower.html).length).toBeGreaterThan(1);
  });

  it.each([
    ['/?sort=zzz', '/'],
    ['/?sort=constructor&medication=tirzepatide', '/?medication=tirzepatide'],
    ['/?sort=PRICE', '/?sort=price'],
  ])('%s is a permanent redirect to %s, kept by no cache', async (from, to) => {
    const response = await fetch(server.base + from, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location') ?? '', server.base).href).toBe(
      server.base + to,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
