/**
 * The back office's own chrome (issue 27, "Its own chrome"): every admin screen, at 1280 px
 * and at 390 px, is drawn without the public site's header, search box, footer or
 * scroll-to-top button, with the product's name, the environment badge, the account menu and
 * the section navigation, and axe finds nothing. The screens are read from the rendered
 * navigation, so a new section is swept without editing this file. On a phone the navigation
 * sits behind a Menu button (aria-expanded; Escape closes it and the focus goes back). The skip
 * link leads to the page's main heading, so the keyboard reaches a screen's first field in a
 * few presses instead of passing 13 section links. The login page shows no public header.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** Opens `url` and waits until the screen has drawn its own heading and its data. */
async function openScreen(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page, 'main');
  await expect(mainHeading(page)).toBeVisible();
  await expect(mainHeading(page)).not.toHaveText('Checking authentication...');
  await page.waitForLoadState('networkidle');
}

/** Nothing of the public site: its header (navigation, search box), footer, scroll-to-top. */
async function expectNoPublicChrome(page: Page, where: string) {
  await expect
    .soft(page.locator('header a[href="/calculator"], footer a[href="/calculator"]'), where)
    .toHaveCount(0);
  await expect.soft(page.getByRole('navigation', { name: 'Main' }), where).toHaveCount(0);
  await expect.soft(page.getByRole('contentinfo'), where).toHaveCount(0);
  await expect.soft(page.getByRole('banner').getByRole('searchbox'), where).toHaveCount(0);
  // The public button appears once a page is scrolled down: scrolled, it is still absent.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.soft(page.getByRole('button', { name: 'Scroll to top' }), where).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The screens the navigation's list of sections links to, in its order. */
async function navigationTargets(page: Page): Promise<string[]> {
  const links = adminNav(page).getByRole('list').getByRole('link');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((a) => a.getAttribute('href') ?? ''),
  );
  expect(hrefs.length).toBeGreaterThan(1);
  for (const href of hrefs) expect(href).toMatch(/^\/admin\//);
  return hrefs;
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at 1280 px every admin screen in the side navigation has the back office chrome only, and axe finds nothing', async ({
  openAdmin,
  admin,
}) => {
  test.slow();
  const page = await openAdmin('/admin/dashboard', 1280);
  await expect(menuButton(page)).toBeHidden();
  const screens = await navigationTargets(page);

  // The header: the product's name, the environment the e2e server runs in (production,
  // embedded profile), 'View site', who is signed in.
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: /VialCompare/ })).toHaveAttribute(
    'href',
    '/admin/dashboard',
  );
  await expect(banner).toContainText('Production, embedded profile');
  await expect(banner.getByRole('link', { name: 'View site' })).toHaveAttribute('href', '/');
  await expect(page.getByText(`Signed in as ${admin.email}`)).toBeVisible();

  for (const url of screens) {
    await openScreen(page, url);
    await expect(adminNav(page).getByRole('link', { name: /./ }).first()).toBeVisible();
    await expect
      .soft(adminNav(page).locator(`a[href="${url}"]`), `${url} is the current page`)
      .toHaveAttribute('aria-current', 'page');
    await expectNoPublicChrome(page, url);
    expect.soft(await axeViolations(page), `axe on ${url} at 1280 px`).toEqual([]);
  }

  // The account menu: a menu button; Escape closes it and the focus is back on it.
  await openScreen(page, '/admin/dashboard');
  const account = page.getByRole('button', { name: `Signed in as ${admin.email}` });
  await account.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  // To the screen with the password form.
  await expect(menu.getByRole('menuitem', { name: 'Change password' })).toHaveAttribute(
    'href',
    /^\/admin\/(?:account|users)$/,
  );
  expect(await axeViolations(page), 'axe with the account menu open').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();
});

test('at 390 px the sections are behind a Menu button, every screen fits and axe finds nothing', async ({
  openAdmin,
}) => {
  test.slow();
  const page = await openAdmin('/admin/keywords', 390);
  await expect(mainHeading(page)).toBeVisible();

  // Closed: the header only. Opened: the sections, under the header.
  const toggle = menuButton(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(adminNav(page)).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const screens = await navigationTargets(page);
  expect(await axeViolations(page), 'axe with the sections open at 390 px').toEqual([]);
  expect(await horizontalOverflow(page), 'overflow with the sections open').toBeLessThanOrEqual(0);
  // 'View site' has no room in the phone's header: it is after the sections.
  await expect(adminNav(page).getByRole('link', { name: 'View site' })).toBeVisible();

  // Escape closes it and the focus goes back to the button.
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(adminNav(page)).toBeHidden();
  await expect(toggle).toBeFocused();

  // The keyboard alone: Enter opens, Tab enters the sections, Enter on one goes there, and the
  // menu closes with the focus back on its button.
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  const firstSection = adminNav(page).getByRole('list').getByRole('link').first();
  await expect(firstSection).toBeFocused();
  const firstUrl = await firstSection.getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${firstUrl}$`));
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  for (const url of screens) {
    await openScreen(page, url);
    await expect(toggle).toBeVisible();
    await expectNoPublicChrome(page, `${url} at 390 px`);
    expect
      .soft(await horizontalOverflow(page), `horizontal scroll on ${url} at 390 px`)
      .toBeLessThanOrEqual(0);
    expect.soft(await axeViolations(page), `axe on ${url} at 390 px`).toEqual([]);
  }
});

test('on /admin/keywords the skip link leads to the heading and the first field is a few Tabs on', async ({
  openAdmin,
}) => {
  const page = await openAdmin('/admin/keywords', 1280);
  await expect(page.getByRole('heading', { name: 'Trending keywords', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // From the top of the page: the skip link is the first stop.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Trending keywords', level: 1 })).toBeFocused();

  // Past the 13 section links: the form's first field within three presses.
  const keyword = page.getByRole('textbox', { name: 'Keyword' });
  let presses = 0;
  while (presses < 3 && !(await keyword.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  await expect(keyword).toBeFocused();
});

test('the login page shows the product name, no public header or footer, and its skip link works', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await waitForHydration(page, 'form');
  await expect(page.getByRole('heading', { name: 'Admin login', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('VialCompare');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  await expectNoPublicChrome(page, '/admin/login');
  expect(await axeViolations(page), 'axe on /admin/login at 390 px').toEqual([]);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Admin login', level: 1 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await context.close();
});

test('at 390 px the dashboard’s counts sit two abreast, each a link to its screen, and the audit log’s two days share a row', async ({
  openAdmin,
}) => {
  const page = await openAdmin('/admin/dashboard', 390);
  const counts = page.getByRole('region', { name: 'Counts' }).getByRole('listitem');
  await expect(counts.first()).toBeVisible();
  const [first, second] = [await counts.nth(0).boundingBox(), await counts.nth(1).boundingBox()];
  expect(first && second && Math.abs(first.y - second.y)).toBe(0);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);
  await expect(counts.first().getByRole('link')).toHaveAttribute('href', '/admin/providers');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await openScreen(page, '/admin/audit');
  const from = await page.getByLabel('From (day)').boundingBox();
  const to = await page.getByLabel('To (day, included)').boundingBox();
  expect(from && to && Math.abs(from.y - to.y)).toBe(0);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test('at 700 px the audit log’s table scrolls inside its frame, not the page', async ({
  openAdmin,
}) => {
  const page = await openAdmin('/admin/audit', 700);
  await expect(page.getByRole('table')).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await expect(
    page
      .getByRole('button', { name: 'Export CSV' })
      .or(page.getByRole('link', { name: 'Export CSV' })),
  ).toBeInViewport();
});

test('at 320 px the header keeps one row: the glyph, the environment, the account and Menu', async ({
  openAdmin,
}) => {
  const page = await openAdmin('/admin/dashboard', 320);
  const header = page.locator('header').first();
  const box = await header.boundingBox();
  const menu = await menuButton(page).boundingBox();
  expect(box && menu && box.height).toBeLessThanOrEqual(64);
  expect(menu!.y).toBeLessThan(box!.y + box!.height);
  // The product's name is still the brand link's name, for screen readers.
  await expect(header.getByRole('link', { name: /VialCompare back office/ })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});
