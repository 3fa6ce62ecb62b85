import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSsrTestServer, type SsrTestServer } from '../../../api/ssr/test-server';
import { assetsFromViteManifest } from '../../../api/ssr/assets';
import { inlineScriptHashes } from '../../../api/ssr/page-answer';
import { NO_STORE, PUBLIC_PAGE_CACHE, pageCacheControl } from '../../../api/ssr/cache-control';
import { inMemoryApiClient } from '../../support/web-fixtures';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('page Cache-Control', () => {
  it.each([
    ['/', 200, PUBLIC_PAGE_CACHE],
    ['/calculator', 200, PUBLIC_PAGE_CACHE],
    ['/no-such-page', 404, NO_STORE],
    ['/', 500, NO_STORE],
    ['/admin', 200, NO_STORE],
    ['/admin/providers', 200, NO_STORE],
    ['/simple-admin/login', 200, NO_STORE],
    ['/administrators-guide', 200, PUBLIC_PAGE_CACHE],
  ])('%s answered %i gets %s', (path, status, expected) => {
    expect(pageCacheControl(path, status)).toBe(expected);
  });
});

describe('production assets from the client build manifest', () => {
  it('links the entry script, every stylesheet and preloads the static imports', () => {
    const assets = assetsFromViteManifest({
      'web/entry-client.tsx': {
        file: 'assets/entry-client-abc.js',
        css: ['assets/entry-client-abc.css'],
        imports: ['_vendor.js'],
        isEntry: true,
      },
      '_vendor.js': { file: 'assets/vendor-def.js', css: ['assets/vendor-def.css'] },
    });

    expect(assets).toEqual({
      scripts: ['/assets/entry-client-abc.js'],
      styles: ['/assets/entry-client-abc.css', '/assets/vendor-def.css'],
      preloads: ['/assets/vendor-def.js'],
      routes: {},
      // Imported once the page has painted (web/lib/after-first-paint.ts), not linked.
      scriptsAfterFirstPaint: true,
    });
  });

  it('gives each route its own split chunks and their imports the entry does not bring', () => {
    const assets = assetsFromViteManifest({
      'web/entry-client.tsx': {
        file: 'assets/entry.js',
        imports: ['_vendor.js'],
        dynamicImports: [
          'web/routes/about.tsx?tsr-split=component',
          'web/routes/blog/index.tsx?tsr-split=component',
          'web/routes/blog/index.tsx?tsr-split=errorComponent',
        ],
        isEntry: true,
      },
      '_vendor.js': { file: 'assets/vendor.js' },
      '_card.js': { file: 'assets/card.js', css: ['assets/card.css'] },
      'web/routes/about.tsx?tsr-split=component': {
        file: 'assets/about.js',
        imports: ['_vendor.js', '_card.js'],
        isDynamicEntry: true,
      },
      'web/routes/blog/index.tsx?tsr-split=component': {
        file: 'assets/blog.js',
        imports: ['_vendor.js'],
        isDynamicEntry: true,
      },
      'web/routes/blog/index.tsx?tsr-split=errorComponent': {
        file: 'assets/blog-error.js',
        isDynamicEntry: true,
      },
    });

    expect(assets.routes).toEqual({
      '/about': { preloads: ['/assets/about.js', '/assets/card.js'], styles: ['/assets/card.css'] },
      // The error part loads only when an error shows.
      '/blog/': { preloads: ['/assets/blog.js'], styles: [] },
    });
  });

  it('fails clearly when the client has not been built', () => {
    expect(() => assetsFromViteManifest({})).toThrow(/run "vite build" first/);
  });
});

describe('SSR host in development mode', () => {
  let server: SsrTestServer;

  beforeAll(async () => {
    server = await startSsrTestServer({
      mode: 'development',
      api: inMemoryApiClient(),
      projectRoot,
      hmr: false,
      siteUrl: 'https://vial.example',
      // Stands in for the security middleware: the page's CSP from its script hashes.
      beforeRender: [
        (_req, res, next) => {
          res.locals.securityHeadersFor = (sources) => [
            ['Content-Security-Policy', `script-src 'self' ${sources.join(' ')}`],
          ];
          next();
        },
      ],
    });
    // The first render compiles the route chunks through Vite: done here, within this hook's
    // time, not within the first test's.
    await (await fetch(`${server.url}/`)).text();
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('renders the home page with public caching and its inline scripts allowed by hash', async () => {
    const response = await fetch(`${server.url}/`);
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE);
    expect(html).toContain('Evergreen Health');
    expect(html).toContain('src="/web/entry-client.tsx"');
    expect(html).not.toContain('nonce=');
    const csp = response.headers.get('content-security-policy') ?? '';
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(csp).toContain(hash);
    expect(html).toContain('<link rel="canonical" href="https://vial.example/"');
  });

  it('answers an unknown path with 404 and no-store', async () => {
    const response = await fetch(`${server.url}/nowhere`);

    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe(NO_STORE);
    expect(await response.text()).toContain('Oops! Page not found');
  });

  it('leaves /api requests and non-GET requests to the next handler', async () => {
    const api = await fetch(`${server.url}/api/providers/featured`);
    const post = await fetch(`${server.url}/`, { method: 'POST' });

    // Express's final handler: nothing here renders them.
    expect(api.status).toBe(404);
    expect(await api.text()).toContain('Cannot GET /api/providers/featured');
    expect(post.status).toBe(404);
    expect(await post.text()).toContain('Cannot POST /');
  });
});
