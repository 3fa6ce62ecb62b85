/**
 * Accept as draft (issue 27), end to end: a visitor submits a provider; an administrator
 * accepts it as a draft and follows the link to it; the draft is on no public page (the
 * provider index, its own page) and shows as a Draft in the back office; 'Publish' puts it on
 * them. The draft's edit screen has no axe violations, at 390 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { providerSlug } from '../../../domain/providers/slug';
import { axeViolations } from '../../support/e2e/axe';
import { expect, test, waitForHydration } from '../../support/e2e/admin';

/** The server refuses a form sent sooner than this after the page showed (a bot's pace). */
const MIN_FILL_MS = 3000;

async function submit(page: Page, name: string) {
  await page.goto('/add-provider');
  await waitForHydration(page, 'form[action="/add-provider"]');
  const opened = Date.now();
  await page.getByLabel('Provider name').fill(name);
  await page.getByLabel('Website').fill(`${providerSlug(name)}.example`);
  await page.getByLabel('Contact email').fill('hello@draft.example');
  await page.getByRole('checkbox', { name: 'Semaglutide' }).check();
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS + 200 - (Date.now() - opened)));
  await page.getByRole('button', { name: 'Submit provider' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'submitted successfully' }),
  ).toBeVisible();
}

/** Whether the public provider index lists the name (server-rendered, as a visitor gets it). */
async function publicIndexLists(page: Page, name: string): Promise<boolean> {
  const response = await page.request.get('/providers');
  expect(response.status()).toBe(200);
  return (await response.text()).includes(name);
}

test('a submission accepted as a draft is public only once published', async ({
  page,
  openAdmin,
}) => {
  const name = `Draft Journey Clinic ${Date.now()}`;
  const slug = providerSlug(name);
  await submit(page, name);

  const admin = await openAdmin('/admin/submissions');
  await waitForHydration(admin, 'input[type="search"]');
  await admin.getByRole('searchbox', { name: 'Search submissions' }).fill(name);
  await admin.getByRole('row').filter({ hasText: name }).getByRole('link', { name }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Accept and list' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Accept as draft' }).click();
  await admin.getByRole('link', { name: 'Review and publish the provider' }).click();
  await expect(admin).toHaveURL(/\/admin\/providers\/[^/]+\/edit$/);
  await expect(admin.getByRole('heading', { name: 'Draft' })).toBeVisible();
  await expect(admin.getByText('This draft has no public score yet')).toBeVisible();

  // Not public: no page, not in the index.
  expect(await publicIndexLists(page, name)).toBe(false);
  expect((await page.request.get(`/providers/${slug}`)).status()).toBe(404);

  // The back office lists it as a draft, with the filter.
  const list = await openAdmin('/admin/providers?status=draft');
  const row = list.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();

  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    expect(await axeViolations(admin), `axe at ${width} px`).toEqual([]);
  }

  await admin.getByRole('button', { name: `Publish ${name}` }).click();
  await expect(
    admin.getByRole('region', { name: /Notifications/ }).getByText('Provider published'),
  ).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Draft' })).toHaveCount(0);

  await expect.poll(() => publicIndexLists(page, name)).toBe(true);
  expect((await page.request.get(`/providers/${slug}`)).status()).toBe(200);
});
