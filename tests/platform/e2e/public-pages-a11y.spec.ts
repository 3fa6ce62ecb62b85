/**
 * A sweep of every public page type, as a visitor on a phone (390 px) and on a desktop
 * (1280 px): once hydrated, axe finds nothing and the page does not scroll sideways. Each
 * page's own journeys test what it does; this catches what falls between them, such as two
 * search boxes on one page both unnamed, or a table named like the section it sits in.
 */
import { axeViolations } from '../../support/e2e/axe';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitForHydration } from '../../support/e2e/admin';

/** Every public page type; a provider's pages are those of providers listed when it runs. */
function pagesOf([first, second]: string[]): string[] {
  return [
    '/',
    '/providers',
    `/providers/${first}`,
    `/providers/${first}/changes`,
    '/compare',
    `/compare?providers=${first},${second}`,
    '/cost',
    '/calculator',
    '/near',
    '/near/state/oh',
    '/near/columbus-oh',
    '/blog',
    '/newsletter',
    '/vial-score',
    '/reddit-posts',
    '/search?q=semaglutide',
    '/glp1-ai',
    '/trending-keywords',
    '/add-provider',
    '/contact',
    '/about',
  ];
}

/**
 * Two listed providers' slugs, read off /providers: other journeys on this server list, rename
 * and remove providers, so no demo provider is assumed.
 */
async function listedSlugs(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get('/providers')).text();
  const slugs = [...html.matchAll(/href="\/providers\/([a-z0-9-]+)"/g)].map((m) => m[1] ?? '');
  const distinct = [...new Set(slugs)];
  expect(distinct.length, 'providers listed on /providers').toBeGreaterThanOrEqual(2);
  return distinct;
}

for (const width of [390, 1280]) {
  test(`at ${width} px every public page type is axe-clean and fits the screen`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const pages = pagesOf(await listedSlugs(request));
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    for (const url of pages) {
      const response = await page.goto(url);
      expect.soft(response?.status(), `${url} answers 200`).toBe(200);
      await waitForHydration(page, 'header');
      expect.soft(await axeViolations(page), `axe on ${url} at ${width} px`).toEqual([]);
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect.soft(sideways, `${url} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
}
