/**
 * The shared layout as a visitor meets it (spec section 2, "Shared layout"): the current page
 * marked in the top bar, the mobile menu, the footer's four columns, the scroll-to-top button,
 * and the five skeletons the home page shows while its providers load in the browser.
 */
import { expect, test, type Page } from '@playwright/test';
import { copyrightLine } from '../../../web/lib/site';

/** Opens a page and waits until React has hydrated the top bar, so clicks go through the app. */
async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => {
    const header = document.querySelector('header');
    return header !== null && Object.keys(header).some((key) => key.startsWith('__react'));
  });
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('top bar', () => {
  test('marks the current page, and only it', async ({ page }) => {
    /** The labels of the top-bar links marked as the current page. */
    const current = () =>
      mainNav(page)
        .locator('ul a[aria-current="page"]')
        .evaluateAll((links) => links.map((a) => a.textContent?.trim()));
    await openHydrated(page, '/');
    await expect.poll(current).toEqual(['Home']);

    await mainNav(page).getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(page).toHaveURL(/\/calculator$/);
    await expect.poll(current).toEqual(['Calculator']);
  });

  test('stays at the top of the window while the page scrolls', async ({ page }) => {
    await openHydrated(page, '/');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const top = await page.locator('header').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBe(0);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens and closes with its button, Escape and a chosen link', async ({ page }) => {
    await openHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Contact', exact: true })).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await close.getAttribute('aria-controls')}`);
    for (const label of ['Home', 'Calculator', 'About', 'Contact']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Calculator', exact: true }).click();
    await expect(page).toHaveURL(/\/calculator$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('footer', () => {
  test('has the brand column and the Tools, Company and Legal columns, the disclosure and the copyright', async ({
    page,
  }) => {
    await openHydrated(page, '/');
    const footer = page.locator('footer');
    const columns: Record<string, string[]> = {
      Tools: [
        'Dosage Calculator',
        'BMI Calculator',
        'Cost Calculator',
        'All-in cost ranking',
        'Compare providers',
        'City pages',
      ],
      Company: [
        'About',
        'Contact Us',
        'Blog',
        'Newsletter archive',
        'Reddit discussions',
        'Add your provider',
      ],
      Legal: ['Privacy Policy', 'Terms of Use', 'Cookie Policy', 'Support'],
    };
    for (const [title, links] of Object.entries(columns)) {
      const column = footer.getByRole('navigation', { name: title });
      await expect(column.getByRole('heading', { name: title })).toBeVisible();
      await expect(column.getByRole('link')).toHaveText(links);
    }
    await expect(footer).toContainText('Affiliate disclosure: we may earn a commission');
    await expect(footer).toContainText(copyrightLine());
  });
});

test.describe('scroll to top', () => {
  test('appears past 300 px of scrolling and brings the visitor back to the top', async ({
    page,
  }) => {
    await openHydrated(page, '/');
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await expect(button).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(200);
    await expect(button).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });
});

test.describe('home page loading in the browser', () => {
  test('shows five skeletons until the providers arrive, then the ranked list', async ({
    page,
  }) => {
    // The calculator does not load providers: going home from it loads them in the browser.
    await openHydrated(page, '/calculator');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/providers/featured', async (route) => {
      await released;
      await route.continue();
    });

    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    const loading = page.getByLabel('Loading providers');
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    await expect(loading.locator(':scope > *')).toHaveCount(5);

    release();
    await expect(loading).toHaveCount(0);
    const ranked = page.getByRole('list', { name: 'Featured providers, best first' });
    await expect(ranked.getByRole('listitem').first()).toContainText('Best Overall');
  });
});

test.describe('loading order', () => {
  test('the page paints before its JavaScript is requested, then hydrates', async ({ page }) => {
    await openHydrated(page, '/');
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entry: performance
        .getEntriesByType('resource')
        .find((r) => /\/assets\/entry-client-[^/]+\.js$/.test(r.name))?.startTime,
    }));
    expect(timing.paint).toBeDefined();
    expect(timing.entry).toBeDefined();
    expect(timing.entry as number).toBeGreaterThanOrEqual(timing.paint as number);
  });
});
