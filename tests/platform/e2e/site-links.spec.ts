/**
 * No orphan pages: every public route in web/routes is reachable from the home page within
 * three clicks through ordinary links (as a visitor or a crawler follows them), the header
 * offers Blog and Providers on wide screens and in the phone menu, the footer links the pages
 * a visitor looks for at the foot of a page, and the sitemap lists every indexable page.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../support/e2e/admin';

const routesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/routes');

/** Route patterns of the public pages, from the route files ('/blog/$slug' → /^\/blog\/[^/]+$/). */
function publicRoutes(): { name: string; pattern: RegExp }[] {
  const files = (readdirSync(routesDir, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.tsx'));
  return (
    files
      .filter((file) => !file.startsWith('admin/') && file !== '__root.tsx')
      // Pages reached only from a mail's signed link (and their thank-you pages): never linked.
      .filter((file) => !/^(unsubscribe|preferences|price-alerts)/.test(file))
      .map((file) => {
        const name = `/${file.replace(/\.tsx$/, '').replace(/\./g, '/')}`
          .replace(/\/index$/, '')
          .replace(/^$/, '/');
        const source = name
          .split('/')
          .map((part) => (part.startsWith('$') ? '[^/]+' : part.replace(/[-]/g, '\\-')))
          .join('/');
        return { name: name || '/', pattern: new RegExp(`^${source || '/'}$`) };
      })
  );
}

const HREF = /<a\b[^>]*?\bhref="([^"#]*)(?:#[^"]*)?"/g;

/** Same-origin links of a page: pathname plus query, HTML entities of '&' undone. */
function linksOf(html: string, base: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(HREF)) {
    const raw = (match[1] ?? '').replace(/&amp;/g, '&');
    if (raw === '') continue;
    const url = new URL(raw, base);
    if (url.origin !== new URL(base).origin) continue;
    found.push(`${url.pathname}${url.search}`);
  }
  return found;
}

/** Breadth-first from '/', at most `maxDepth` clicks; a few pages per route are opened. */
async function crawl(request: APIRequestContext, base: string, maxDepth: number) {
  const routes = publicRoutes();
  const routeOf = (url: string) => routes.find((r) => r.pattern.test(url.split('?')[0] ?? ''));
  const reached = new Map<string, { depth: number; url: string }>();
  const opened = new Map<string, number>();
  const seen = new Set<string>(['/']);
  let frontier = ['/'];
  reached.set('/', { depth: 0, url: '/' });
  for (let depth = 0; depth < maxDepth; depth += 1) {
    const next: string[] = [];
    for (const url of frontier) {
      const route = routeOf(url);
      if (!route) continue; // /admin, /api, /go/... are not pages to crawl
      if ((opened.get(route.name) ?? 0) >= 2) continue;
      opened.set(route.name, (opened.get(route.name) ?? 0) + 1);
      const response = await request.get(url);
      if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue;
      for (const link of linksOf(await response.text(), base)) {
        const target = routeOf(link);
        if (target && !reached.has(target.name)) {
          reached.set(target.name, { depth: depth + 1, url: link });
        }
        if (!seen.has(link)) {
          seen.add(link);
          next.push(link);
        }
      }
    }
    frontier = next;
  }
  return { routes, reached };
}

test('every public page is reachable from the home page within three clicks, and indexable pages are in the sitemap', async ({
  browser,
  admin,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  // A published post, so /blog/{slug} has a page to reach (the demo content has none).
  const office = await browser.newContext({ storageState: admin.storageState });
  const session = await office.request.get('/api/admin/session');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken, Origin: new URL(base).origin };
  const unique = Date.now().toString(36);
  const created = await office.request.post('/api/admin/blog/posts', {
    headers,
    data: {
      title: `Site links check ${unique}`,
      content: '<p>A post for the link check.</p>',
      excerpt: 'A post for the link check.',
      authorName: 'Dana Editor',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect(
    (await office.request.post(`/api/admin/blog/posts/${id}/publish`, { headers })).status(),
  ).toBe(200);
  await office.close();

  const { routes: all, reached } = await crawl(request, base, 3);
  // A sent newsletter issue needs a mail server, which this server has not: the archive's
  // links and sitemap entries are covered by tests/newsletter/http/issue-routes.test.ts.
  const routes = all.filter((r) => r.name !== '/newsletter/$slug');
  const missing = routes.map((r) => r.name).filter((name) => !reached.has(name));
  expect(missing, `not reachable within 3 clicks of /`).toEqual([]);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  );
  expect(listed).toContain('/reddit-posts');
  // Every page meant for search engines (not /search, nor /compare, which are noindex).
  const noindex = new Set(['/search', '/compare']);
  const unlisted = routes
    .filter((r) => !noindex.has(r.name))
    .filter((r) => !listed.some((p) => r.pattern.test(p)))
    .map((r) => r.name);
  expect(unlisted, 'public pages missing from /sitemap.xml').toEqual([]);
});

test.describe('header links', () => {
  test('wide screens show Blog and Providers in the top bar', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Providers', 'Calculator', 'Blog', 'About', 'Contact']) {
      await expect(main.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
  });

  test('the phone menu lists Blog and Providers too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.waitForFunction(() => {
      const header = document.querySelector('header');
      return header !== null && Object.keys(header).some((key) => key.startsWith('__react'));
    });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const close = page.getByRole('button', { name: 'Close menu' });
    const menu = page.locator(`#${await close.getAttribute('aria-controls')}`);
    for (const label of ['Home', 'Providers', 'Calculator', 'Blog', 'About', 'Contact']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(menu).toBeHidden();
  });
});

test('the footer links the tools, the pages a visitor looks for, and the legal pages', async ({
  page,
}) => {
  await page.goto('/about');
  const footer = page.locator('footer');
  const expected: Record<string, string> = {
    'Compare providers': '/#providers',
    'Cost Calculator': '/calculator?tab=cost',
    'City pages': '/near',
    'Reddit discussions': '/reddit-posts',
    'Add your provider': '/add-provider',
    'Terms of Use': '/terms-of-use',
    Blog: '/blog',
    'Newsletter archive': '/newsletter',
  };
  for (const [label, href] of Object.entries(expected)) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'href',
      href,
    );
  }
});
