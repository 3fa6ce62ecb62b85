/**
 * Managing an existing provider in the back office, end to end: the dashboard's four counts,
 * searching the provider list, editing a provider in place (visitors see the change), and
 * deleting it behind a confirmation that can be cancelled (visitors no longer see it, the
 * dashboard counts one provider less, the audit log records the removal).
 *
 * It works on 'Demo Weight Care', one of the fictional demo providers a fresh data folder is
 * seeded with (commands/seed.ts): featured, with the code WEST10. No other journey uses it.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration, type AdminAccount } from '../../support/e2e/admin';

const PROVIDER = 'Demo Weight Care';

/** A signed-in page of the back office, hydrated. */
async function openAdmin(browser: Browser, admin: AdminAccount, url: string) {
  const context = await browser.newContext({ storageState: admin.storageState });
  const page = await context.newPage();
  await page.goto(url);
  await waitForHydration(page, 'main');
  return page;
}

/** The dashboard tile with this label (the 'Counts' section holds the four). */
function dashboardTile(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Counts' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${label}`) });
}

/** The number on the dashboard tile with this label, once it has loaded. */
async function dashboardCount(page: Page, label: string): Promise<number> {
  const tile = dashboardTile(page, label);
  await expect(tile).toHaveText(new RegExp(`^${label}\\s*[\\d,]+$`));
  return Number(((await tile.textContent()) ?? '').replace(label, '').replace(/\D/g, ''));
}

/** The provider's row of the back-office table (desktop width), by its name. */
function adminCard(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Providers' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) });
}

/** The visitor's ranked card, by its heading (none when the provider is not listed). */
function publicCard(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Featured providers, best first' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

test('an administrator searches, edits and deletes a provider, and visitors follow', async ({
  browser,
  admin,
}) => {
  const page = await openAdmin(browser, admin, '/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  for (const label of ['Providers', 'Email subscriptions', 'Keywords', 'Blog posts']) {
    await expect(dashboardTile(page, label)).toBeVisible();
  }
  const providersBefore = await dashboardCount(page, 'Providers');
  expect(providersBefore).toBeGreaterThanOrEqual(5);

  // Search: by name, case-insensitive; nothing found offers to clear the search.
  await page.goto('/admin/providers');
  await waitForHydration(page, 'input[type="search"]');
  const search = page.getByRole('searchbox', { name: 'Search providers' });
  await search.fill('weight care');
  await expect(page.getByRole('status')).toHaveText('1 provider shown');
  await expect(adminCard(page, PROVIDER)).toBeVisible();
  await search.fill('no such provider');
  await expect(page.getByText('No providers found', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('status')).toHaveText(`${providersBefore} providers shown`);

  // Edit in place: a new discount code.
  await search.fill(PROVIDER);
  await adminCard(page, PROVIDER)
    .getByRole('button', { name: `Edit ${PROVIDER}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Provider' })).toBeVisible();
  // The edit form has its own address.
  await expect(page).toHaveURL(/\/admin\/providers\/[^/]+\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(PROVIDER);
  await page.getByRole('textbox', { name: 'Discount code' }).fill('WEIGHT20');
  await page.getByRole('button', { name: 'Update Provider' }).click();
  await expect(
    page.getByText('Provider updated successfully', { exact: true }).first(),
  ).toBeVisible();
  await expect(adminCard(page, PROVIDER)).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(
    publicCard(visitor, PROVIDER).getByRole('button', { name: 'Copy coupon code WEIGHT20' }),
  ).toBeVisible();

  // Delete: Cancel keeps the provider; Delete removes it.
  await adminCard(page, PROVIDER)
    .getByRole('button', { name: `Delete ${PROVIDER}` })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Are you sure you want to delete "${PROVIDER}"?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminCard(page, PROVIDER)).toBeVisible();

  await adminCard(page, PROVIDER)
    .getByRole('button', { name: `Delete ${PROVIDER}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('Provider deleted successfully', { exact: true }).first(),
  ).toBeVisible();
  await expect(adminCard(page, PROVIDER)).toHaveCount(0);

  await visitor.reload();
  await expect(
    visitor.getByRole('list', { name: 'Featured providers, best first' }).getByRole('listitem'),
  ).not.toHaveCount(0);
  await expect(publicCard(visitor, PROVIDER)).toHaveCount(0);

  await page.goto('/admin/dashboard');
  await expect.poll(() => dashboardCount(page, 'Providers')).toBe(providersBefore - 1);

  await page.goto('/admin/audit');
  await expect(
    page.getByRole('row').filter({ hasText: `Removed provider "${PROVIDER}"` }),
  ).toContainText(admin.email);
  await expect(
    page.getByRole('row').filter({ hasText: `Edited provider "${PROVIDER}": discountCode` }),
  ).toHaveCount(1);
});
