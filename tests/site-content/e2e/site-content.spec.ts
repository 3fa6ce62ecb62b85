/**
 * Editable site content and SEO overrides, as an administrator and a visitor meet them: the
 * hero title changed in the back office is on / at once for a visitor; an invalid JSON array
 * for a list key is refused with a message naming the key; an SEO override changes /blog's
 * title; axe finds nothing on the new screens, at 1280 px and without horizontal scroll at 390.
 */
import { expect, test, waitForHydration } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

test('an administrator changes the hero title and a visitor sees it on / at once', async ({
  openAdmin,
  browser,
}) => {
  const page = await openAdmin('/admin/site-content');
  await expect(page.getByRole('heading', { name: 'Site content', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Site content' });
  // The status counts what the table lists: every key, set or built-in. Count once the list
  // has arrived (count() does not wait: CI once counted an empty table still loading).
  await expect(table.getByRole('row').filter({ hasText: 'hero_title' })).toBeVisible();
  const keys = await table.locator('tbody tr').count();
  expect(keys).toBeGreaterThan(1);
  await expect(page.getByRole('status').filter({ hasText: /content keys? shown/ })).toHaveText(
    `${keys} content keys shown`,
  );
  await table.getByRole('link', { name: /^(Edit|Create) Hero title$/ }).click();
  await expect(page).toHaveURL(/\/admin\/site-content\/hero_title$/);
  await waitForHydration(page, 'form');
  const title = `Compare GLP-1 providers, checked ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Content' }).fill(title);
  await page.getByRole('button', { name: 'Save content' }).click();
  await expect(page).toHaveURL(/\/admin\/site-content$/);
  await expect(table.getByRole('row').filter({ hasText: 'hero_title' })).toContainText(title);

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await visitor.close();
  await page.context().close();
});

test('an invalid JSON array for a list key is refused with a message naming the key', async ({
  openAdmin,
}) => {
  const page = await openAdmin('/admin/site-content/benefits');
  await waitForHydration(page, 'form');
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.fill('[{"title": "Only a title"}]');
  await page.getByRole('button', { name: 'Save content' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'benefits must be a JSON array' }),
  ).toBeVisible();
  await expect(content).toBeFocused();
  await expect(content).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/admin\/site-content\/benefits$/);

  // The server says the same when the browser's check is bypassed.
  const session = await page.request.get('/api/admin/session');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const response = await page.request.put('/api/admin/site-content/benefits', {
    data: { content: 'not json', active: true },
    headers: { 'X-CSRF-Token': csrfToken, Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { error: string }).error).toMatch(/^benefits must be/);
  await page.context().close();
});

test("an SEO override changes /blog's title", async ({ openAdmin, browser }) => {
  const page = await openAdmin('/admin/seo/new');
  await waitForHydration(page, 'form');
  const metaTitle = `GLP-1 articles ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Page path' }).fill('/blog');
  await page.getByRole('textbox', { name: 'Meta title' }).fill(metaTitle);
  await page.getByRole('textbox', { name: 'Canonical URL' }).fill('not a url');
  await page.getByRole('button', { name: 'Save override' }).click();
  await expect(page.getByText(/canonicalUrl must be an absolute http/).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Canonical URL' }).fill('');
  await page.getByRole('textbox', { name: 'Meta description' }).fill('Articles checked.');
  // The live preview follows the fields as they are typed.
  const preview = page.getByRole('region', { name: 'Search result preview' });
  await expect(preview).toContainText(metaTitle);
  await expect(preview).toContainText('Articles checked.');
  await page.getByRole('button', { name: 'Save override' }).click();
  await expect(page).toHaveURL(/\/admin\/seo$/);
  await expect(page.getByRole('table', { name: 'SEO overrides' })).toContainText('/blog');

  const visitor = await browser.newPage();
  await visitor.goto('/blog');
  await expect(visitor).toHaveTitle(metaTitle);
  await visitor.close();
  await page.context().close();
});

test('axe finds nothing on the site content and SEO screens; they fit 390 px', async ({
  openAdmin,
}) => {
  const screens = [
    '/admin/site-content',
    '/admin/site-content/about_values',
    '/admin/seo',
    '/admin/seo/new',
    '/admin/seo/page/blog',
  ];
  const desktop = await openAdmin('/admin/site-content');
  for (const url of screens) {
    await desktop.goto(url);
    await waitForHydration(desktop, 'main');
    await expect(desktop.locator('main')).not.toContainText('Loading');
    expect(await axeViolations(desktop), `axe on ${url}`).toEqual([]);
  }
  await desktop.context().close();
  const phone = await openAdmin('/admin/site-content', 390);
  for (const url of screens) {
    await phone.goto(url);
    await waitForHydration(phone, 'main');
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal scroll on ${url} at 390 px`).toBeLessThanOrEqual(0);
  }
  await phone.context().close();
});
