/**
 * Pages when something goes wrong, over HTTP through the SSR host with a real page cache:
 * - a route loader whose read fails shows the site's error page (heading, explanation, a retry
 *   link to the same address, a link home), answered 500, noindex, no-store, logged as one JSON
 *   line, and is never kept: the next request renders again;
 * - an unknown path is 'Page not found' in its title, noindex;
 * - data holding characters a script cannot carry (NUL, BEL, ESC, U+202E, U+2028, lone
 *   surrogates, '</script>') never reaches an inline script raw, and still arrives intact (a
 *   lone surrogate as U+FFFD: UTF-8 cannot encode it).
 */
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../api/contracts/http';
import { PROVIDER_PATHS } from '../../../api/providers/contracts';
import { pageOf } from '../../../domain/shared/paging';
import { SITE_CONTENT_PATHS } from '../../../api/site-content/contracts';
import { createLogger } from '../../../workers/bootstrap/logger';
import { NO_STORE } from '../../../api/ssr/cache-control';
import { createPageCache, type PageCache } from '../../../api/ssr/page-cache';
import { startSsrTestServer, type SsrTestServer } from '../../../api/ssr/test-server';
import { ApiError } from '../../../web/lib/http-client';
import { providerFixtures } from '../../support/web-fixtures';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Every character class an inline script must not carry raw, and the way out of a script. */
const HOSTILE = 'a\u0000b\u0007c\u001bd\u202ee\u2028f\u2029g\ud800h\udc00i</script>j\rk';

let failing = false;
/** Featured cards the page cannot render (a card without its Vial Score). */
let brokenCards = false;
/** SEO overrides the page's head cannot read (not a list): the layout itself fails. */
let brokenOverrides = false;
/** The featured providers' read fails (the page shows an empty list, by the spec). */
let featuredDown = false;
let featuredReads = 0;
let providerListReads = 0;
const logLines: string[] = [];
const api: ApiClient = {
  async get<T>(path: string): Promise<T> {
    if (path === PROVIDER_PATHS.index()) {
      providerListReads++;
      if (failing) throw new Error('read model unavailable');
      return { links: [], paging: pageOf(0, 100, 1) } as T;
    }
    if (path === SITE_CONTENT_PATHS.all) return { 'home.hero.title': HOSTILE } as T;
    if (path === SITE_CONTENT_PATHS.seoOverrides)
      return (brokenOverrides ? { not: 'a list' } : []) as T;
    // The home page's top N of the featured ranking (issue 28).
    if (path.split('?')[0] === PROVIDER_PATHS.ranking()) {
      featuredReads++;
      if (featuredDown) throw new Error('read model unavailable');
      const providers = brokenCards
        ? [{ ...providerFixtures[0], vialScore: null }]
        : [{ ...providerFixtures[0], name: `Evergreen ${HOSTILE}` }];
      return { providers, paging: pageOf(1, 10, 1) } as T;
    }
    throw new ApiError(404, `No answer for GET ${path}`);
  },
};

let server: SsrTestServer;
let cache: PageCache;

beforeAll(async () => {
  cache = createPageCache({ caughtUp: async () => true });
  server = await startSsrTestServer({
    mode: 'development',
    api,
    projectRoot,
    hmr: false,
    siteUrl: 'https://vial.example',
    pageCache: cache,
    logger: createLogger({ level: 'info', write: (line) => logLines.push(line) }),
  });
  // The first render compiles the route chunks through Vite: done within this hook's time.
  await (await fetch(`${server.url}/providers`)).text();
  cache.clear();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('a page whose loader fails', () => {
  it('is the site error page, 500, noindex, no-store, logged once as JSON and never kept', async () => {
    // Given the provider list's read fails
    failing = true;
    const readsBefore = providerListReads;
    logLines.length = 0;

    // When /providers is asked for twice
    const first = await fetch(`${server.url}/providers`);
    const html = await first.text();
    const second = await fetch(`${server.url}/providers`);
    await second.text();

    // Then both are the site's error page, answered 500, not indexed, not stored anywhere
    for (const response of [first, second]) {
      expect(response.status).toBe(500);
      expect(response.headers.get('cache-control')).toBe(NO_STORE);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
    }
    expect(html).toContain('Something went wrong');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toMatch(/<title>Something went wrong[^<]*<\/title>/);
    expect(html).toMatch(/<a[^>]*href="\/providers"[^>]*>Try again<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>[^<]*[Hh]ome[^<]*<\/a>/);
    // the site's layout around it
    expect(html).toContain('id="main"');
    // and the second request was rendered again, not answered from the page cache
    expect(providerListReads - readsBefore).toBeGreaterThanOrEqual(2);
    expect(cache.size).toBe(0);
    // and every log line is one JSON object
    for (const line of logLines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(logLines.every((line) => !line.includes('\n'))).toBe(true);

    // When the read works again, Then the page is back with 200
    failing = false;
    const healed = await fetch(`${server.url}/providers`);
    expect(healed.status).toBe(200);
  });
});

describe('a page whose component fails while rendering', () => {
  it('is answered 500, noindex, no-store, never kept, logged as one JSON line', async () => {
    // Given featured providers the card component cannot render
    brokenCards = true;
    logLines.length = 0;
    cache.clear();
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    try {
      // When the home page is asked for
      const response = await fetch(`${server.url}/`);
      await response.text();

      // Then it is not a cacheable 200
      expect(response.status).toBe(500);
      expect(response.headers.get('cache-control')).toBe(NO_STORE);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(cache.size).toBe(0);
      // And the failure is one JSON line with its stack, nothing printed as plain text
      expect(printed).not.toHaveBeenCalled();
      const failures = logLines
        .map((line) => JSON.parse(line) as { msg: string; err?: { stack?: string } })
        .filter((entry) => entry.msg === 'page render failed');
      expect(failures.length).toBeGreaterThan(0);
      expect(failures[0]?.err?.stack).toMatch(/\n\s+at /);
      expect(logLines.every((line) => !line.includes('\n'))).toBe(true);
    } finally {
      printed.mockRestore();
      brokenCards = false;
    }
  });
});

describe('a page whose layout fails', () => {
  it('is the error page on its own, 500, noindex, no-store, never kept', async () => {
    // Given SEO overrides the head cannot read
    brokenOverrides = true;
    cache.clear();
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // When a page is asked for
      const response = await fetch(`${server.url}/about?x=1`);
      const html = await response.text();

      // Then it is the site's error page, with its stylesheet, not a JSON error
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe(NO_STORE);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(html).toMatch(/<title>Something went wrong \| VialCompare<\/title>/);
      expect(html).toMatch(/<a[^>]*href="\/about"[^>]*>Try again<\/a>/);
      expect(html).toContain('<link rel="stylesheet"');
      // the error document alone: the layout that failed is not in it
      expect(html).not.toContain('<script');
      expect(cache.size).toBe(0);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
      brokenOverrides = false;
    }
  });
});

describe('a page rendered while one of its reads failed', () => {
  it('is shown (200) but never kept: the next visitor gets a fresh render', async () => {
    // Given the featured providers cannot be read
    featuredDown = true;
    cache.clear();
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const before = featuredReads;

      // When the home page is asked for twice
      const first = await fetch(`${server.url}/`);
      await first.text();
      const second = await fetch(`${server.url}/`);
      await second.text();

      // Then it is shown without its list, not cached anywhere, and read again the second time
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe(NO_STORE);
      expect(cache.size).toBe(0);
      expect(featuredReads - before).toBeGreaterThanOrEqual(2);
    } finally {
      printed.mockRestore();
      featuredDown = false;
    }
  });
});

describe('an unknown path', () => {
  it("has the not-found page's own title and noindex", async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    const html = await response.text();

    expect(response.status).toBe(404);
    expect(html).toMatch(/<title>Page not found \| VialCompare<\/title>/);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });
});

/** The text of every inline <script> (no src) of a page, with its type. */
function inlineScripts(html: string): { type: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc\s*=/i.test(m[1] ?? ''))
    .map((m) => ({ type: /\btype="([^"]+)"/.exec(m[1] ?? '')?.[1] ?? '', text: m[2] ?? '' }));
}

// eslint-disable-next-line no-control-regex -- the characters under test
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\ud800-\udfff]/;

describe('stored values with characters a script cannot carry', () => {
  it('reach the inline scripts escaped, and arrive intact', async () => {
    // Given site content and a provider name holding them (seeded past command validation)
    failing = false;

    // When the home page is rendered
    const response = await fetch(`${server.url}/`);
    const html = await response.text();
    expect(response.status).toBe(200);

    // Then no inline script carries one raw, and every executable one still compiles
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const { type, text } of scripts) {
      expect(RAW.test(text), `raw control character in <script type="${type}">`).toBe(false);
      if (type === '' || type === 'module') expect(() => new vm.Script(text)).not.toThrow();
      if (type === 'application/ld+json') expect(() => JSON.parse(text) as unknown).not.toThrow();
    }

    // And the hydration data round-trips: run the router's inline scripts, read the value back
    const executable = scripts.filter((s) => s.type === '').map((s) => s.text);
    const dehydrated = executable.join('\n');
    expect(dehydrated).toContain('home.hero.title');
    const context = vm.createContext({ document: { currentScript: null } });
    vm.runInContext('var self = globalThis; var window = globalThis;', context);
    for (const text of executable) {
      try {
        vm.runInContext(text, context);
      } catch {
        // Scripts that need a real DOM (React's streaming helpers) are not what is checked.
      }
    }
    const found = vm.runInContext(
      `(() => { const seen = new Set(); const walk = (v) => { if (v === null || typeof v !== 'object' || seen.has(v)) return undefined; seen.add(v); if (Object.hasOwn(v, 'home.hero.title')) return v['home.hero.title']; for (const k of Object.keys(v)) { const r = walk(v[k]); if (r !== undefined) return r; } return undefined; }; return walk(globalThis.$R ?? globalThis.__TSR_SSR__ ?? globalThis); })()`,
      context,
    ) as unknown;
    // A lone surrogate is not text: no UTF-8 page can carry it, so it arrives as U+FFFD (the
    // router's stream encodes the page before the host sees it); everything else is intact.
    expect(found).toBe(HOSTILE.replace(/[\ud800-\udfff]/g, '\ufffd'));
  });
});
