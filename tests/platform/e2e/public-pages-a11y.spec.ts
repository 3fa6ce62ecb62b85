/**
 * A sweep of every public page type, as a visitor on a phone (390 px) and on a desktop
 * (1280 px): once hydrated, axe finds nothing and the page does not scroll sideways. Each
 * page's own journeys test what it does; this catches what falls between them, such as two
 * search boxes on one page both unnamed, or a table named like the section it sits in.
 */
import { axeViolations } from '../../support/e2e/axe';
import { expect, test, waitForHydration } from '../../support/e2e/admin';

const PAGES = [
  '/',
  '/providers',
  '/providers/example-telehealth-co',
  '/providers/example-telehealth-co/changes',
  '/compare',
  '/compare?providers=example-telehealth-co,demo-weight-care',
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

for (const width of [390, 1280]) {
  test(`at ${width} px every public page type is axe-clean and fits the screen`, async ({
    browser,
  }) => {
    test.slow();
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    for (const url of PAGES) {
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
