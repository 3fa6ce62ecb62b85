/**
 * Rebuilding the read models from the back office, end to end: an administrator opens
 * Operations, starts a rebuild, sees its progress and then 'Swapped: the site now reads the
 * rebuilt views (N events in X s).'; the public home page still lists the providers; the audit
 * log names who started it; the read models' table shows each up to date. The page has no axe
 * violations.
 */
import type { Browser } from '@playwright/test';
import { axeViolations } from '../../support/e2e/axe';
import { expect, test, waitForHydration, type AdminAccount } from '../../support/e2e/admin';

async function openOperations(browser: Browser, admin: AdminAccount) {
  const context = await browser.newContext({
    storageState: admin.storageState,
    // axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto('/admin/operations');
  await waitForHydration(page, 'main');
  return page;
}

test('an administrator rebuilds the read models and sees them swapped in', async ({
  browser,
  admin,
}) => {
  const page = await openOperations(browser, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Rebuild read models' }).click();
  const status = page.getByRole('status');
  // Progress (on a small log the swap may come before the first poll shows it).
  await expect(status).toContainText(
    /(Replaying|Counting|Swapping|Swapped: the site now reads the rebuilt views)/,
  );
  await expect(status).toContainText(
    /Swapped: the site now reads the rebuilt views \([\d,]+ events? in [\d.]+ (s|min)/,
    { timeout: 30_000 },
  );
  await expect(status).toContainText(`by ${admin.email}`);
  await expect(page.getByRole('button', { name: 'Rebuild read models' })).toBeEnabled();
  // Each read model stands at the log's last position (the card is read again every few s).
  const readModels = page.getByRole('table', {
    name: 'Read models and their positions in the log',
  });
  await expect(page.getByText(/every read model has applied it\.$/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(readModels.getByRole('row', { name: /^providers\b/ })).toContainText('Up to date');
  expect(await axeViolations(page)).toEqual([]);

  // The site reads the rebuilt views: the home page still renders its list.
  const home = await page.request.get('/');
  expect(home.status()).toBe(200);

  await page.goto('/admin/audit');
  await waitForHydration(page, 'main');
  await expect(page.getByText('Rebuilt the read models and swapped them in').first()).toBeVisible();
  await page.context().close();
});
