/**
 * City pages as a visitor uses them (issue 12): a city ranks only the providers serving its
 * state, 'Best Overall' first; nearby areas link to their own pages; an unknown city says so
 * and suggests the closest; the home page's state filter narrows the list and survives a reload.
 * (A state nobody serves is specified in tests/cities/http/city-pages.test.ts: other
 * journeys here list a provider serving every state.)
 */
import { expect, test, type Page } from '@playwright/test';
import type { ProviderCardView } from '../../../api/providers/contracts';

/** Waits until React has hydrated the top bar, so interactions go through the app. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const header = document.querySelector('header');
    return header !== null && Object.keys(header).some((key) => key.startsWith('__react'));
  });
}

/** The featured providers serving a state, best first, as the public ranking lists them. */
async function featuredServing(page: Page, state: string): Promise<string[]> {
  const response = await page.request.get('/api/providers/featured');
  const cards = (await response.json()) as ProviderCardView[];
  return cards
    .filter((card) => (card.states as readonly string[]).includes(state))
    .map((card) => card.name);
}

const cardNames = (page: Page, label: RegExp) =>
  page.getByRole('list', { name: label }).locator('article h3').allTextContents();

test('a visitor in Dallas sees only providers serving Texas, then follows a nearby area', async ({
  page,
}) => {
  // Other journeys may list providers too: the expectation is read from the public ranking.
  const expected = await featuredServing(page, 'TX');
  expect(expected.length).toBeGreaterThan(0);

  await page.goto('/near/dallas-tx');
  await hydrated(page);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Top GLP-1 Weight Loss Providers near Dallas, TX',
    }),
  ).toBeVisible();
  await expect(page.getByTestId('serving-line')).toContainText('Serving Dallas, TX and');
  expect(await cardNames(page, /Providers serving Texas/)).toEqual(expected);
  const first = page
    .getByRole('list', { name: /Providers serving Texas/ })
    .locator('article')
    .first();
  await expect(first).toContainText('Best Overall');

  await page.getByTestId('serving-line').getByRole('link', { name: 'Fort Worth' }).click();
  await expect(page).toHaveURL(/\/near\/fort-worth-tx$/);
  await expect(page.getByRole('heading', { level: 1, name: /near Fort Worth, TX$/ })).toBeVisible();
});

test('an unknown city says so with status 404 and suggests the closest', async ({ page }) => {
  const response = await page.goto('/near/dalas-tx');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'City not found' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await hydrated(page);
  await page.getByRole('link', { name: 'Dallas, TX' }).click();
  await expect(page).toHaveURL(/\/near\/dallas-tx$/);
  await expect(page.getByRole('heading', { level: 1, name: /near Dallas, TX$/ })).toBeVisible();
});

test("the home page's state filter narrows the list and survives a reload", async ({ page }) => {
  const expected = (await featuredServing(page, 'NY')).slice(0, 10);
  const all = (await (await page.request.get('/api/providers/featured')).json()) as unknown[];
  expect(expected.length).toBeGreaterThan(0);

  await page.goto('/');
  await hydrated(page);
  const select = page.getByLabel('Your state');
  await select.selectOption('NY');
  await expect(page).toHaveURL(/\?state=NY$/);
  await expect.poll(() => cardNames(page, /Providers serving New York/)).toEqual(expected);

  await page.reload();
  await expect(page.getByLabel('Your state')).toHaveValue('NY');
  expect(await cardNames(page, /Providers serving New York/)).toEqual(expected);

  await hydrated(page);
  await page.getByLabel('Your state').selectOption('');
  await expect(page).not.toHaveURL(/state=/);
  // The home page shows the top 10 (site content home_top_providers) and links the full list.
  await expect(
    page.getByRole('list', { name: 'Featured providers, best first' }).locator('article'),
  ).toHaveCount(Math.min(all.length, 10));
});

test('a ZIP code narrows the list to its state, with and without JavaScript', async ({
  page,
  browser,
}) => {
  const expected = await featuredServing(page, 'NY');
  await page.goto('/');
  await hydrated(page);
  const zip = page.getByLabel('or your ZIP code');
  await zip.fill('1000');
  await zip.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Enter a 5-digit US ZIP code.' }),
  ).toBeVisible();
  await zip.fill('10001');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/\?state=NY$/);
  await expect(page.getByLabel('Your state')).toHaveValue('NY');
  await expect.poll(() => cardNames(page, /Providers serving New York/)).toEqual(expected);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(new URL('/', page.url()).toString());
  await plain.getByLabel('or your ZIP code').fill('20001');
  await plain.getByLabel('or your ZIP code').press('Enter');
  await expect(plain).toHaveURL(/\?zip=20001$/);
  await expect(
    plain.getByText('ZIP code 20001 is in DC, outside the 50 states we cover.'),
  ).toBeVisible();
  await plain.getByLabel('or your ZIP code').fill('10001');
  await plain.getByLabel('or your ZIP code').press('Enter');
  await expect(plain.getByLabel('Your state')).toHaveValue('NY');
  expect(await cardNames(plain, /Providers serving New York/)).toEqual(expected);
  await noScript.close();
});
