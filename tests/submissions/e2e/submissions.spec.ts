/**
 * Provider submissions, end to end: a visitor sends the Add Your Provider form (forgetting the
 * terms first), the form clears with the spec's success message; an administrator finds it in
 * the Submissions inbox, accepts it, and finds the pre-filled, not featured listing. Also the
 * same form without JavaScript, and a rejection with a reason.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration, type AdminAccount } from '../../support/e2e/admin';

/** The server refuses a form sent sooner than this after the page showed (a bot's pace). */
const MIN_FILL_MS = 3000;

async function openAdmin(browser: Browser, admin: AdminAccount, url: string) {
  const context = await browser.newContext({ storageState: admin.storageState });
  const page = await context.newPage();
  await page.goto(url);
  await waitForHydration(page, 'main');
  return page;
}

async function fillRequired(page: Page, name: string) {
  await page.getByLabel('Provider name').fill(name);
  await page.getByLabel('Website').fill(`${name.toLowerCase().replace(/\W+/g, '')}.example`);
  await page.getByLabel('Contact email').fill('hello@clinic.example');
}

test('a visitor submits a provider and an administrator accepts it into the listing', async ({
  page,
  browser,
  admin,
}) => {
  const name = `Journey Clinic ${Date.now()}`;
  await page.goto('/add-provider');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Your Provider' })).toBeVisible();
  await waitForHydration(page, 'form[action="/add-provider"]');
  // With JavaScript the page times the fill from when it became interactive.
  const opened = Date.now();

  await fillRequired(page, name);
  await page.getByLabel('Phone number').fill('555-0100');
  await page.getByLabel('Description').fill('Online GLP-1 programme with monthly check-ins.');
  await page.getByRole('checkbox', { name: 'Semaglutide' }).check();
  await page.getByRole('checkbox', { name: 'Tirzepatide' }).check();
  await page.getByText('Exclude states you do not serve').click();
  await page.getByRole('checkbox', { name: 'Alaska' }).check();
  await expect(page.getByText('49 of 50 states are served.')).toBeVisible();
  await page.getByLabel('Pricing').fill('From $199 a month');
  await page.getByLabel('Your name').fill('Nora West');

  // One wrong input first: the terms are not agreed.
  await page.getByRole('button', { name: 'Submit provider' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please agree to the terms and conditions');
  await expect(page.getByLabel('Provider name')).toHaveValue(name);

  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  // A person takes a few seconds; the server turns faster forms away as bots.
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS + 200 - (Date.now() - opened)));
  await page.getByRole('button', { name: 'Submit provider' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'submitted' })).toHaveText(
    "Provider information submitted successfully! We'll review and contact you soon.",
  );
  await expect(page.getByLabel('Provider name')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Semaglutide' })).not.toBeChecked();

  // The administrator: the dashboard counts it, the inbox lists it as New.
  const adminPage = await openAdmin(browser, admin, '/admin/dashboard');
  await expect(
    adminPage
      .getByRole('region', { name: 'Counts' })
      .getByRole('listitem')
      .filter({ hasText: 'New submissions' }),
  ).toHaveText(/^New submissions\s*[1-9]\d*$/);
  await adminPage.getByRole('navigation').getByRole('link', { name: 'Submissions' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Provider submissions' })).toBeVisible();
  await waitForHydration(adminPage, 'input[type="search"]');
  await adminPage.getByRole('searchbox', { name: 'Search submissions' }).fill(name);
  const row = adminPage.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('New');
  await row.getByRole('link', { name }).click();

  await expect(adminPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(adminPage.getByText('49 states:')).toBeVisible();
  await expect(adminPage.getByText('Semaglutide, Tirzepatide')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Accept as draft' }).click();
  await expect(adminPage.getByText('Accepted', { exact: true })).toBeVisible();
  await adminPage.getByRole('link', { name: 'Review and publish the provider' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/providers\/[^/]+\/edit$/);
  await expect(adminPage.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  // The submission excluded Alaska: the listing serves the other 49 states.
  await expect(
    adminPage
      .getByRole('listbox', { name: 'States served' })
      .getByRole('option', { name: 'Alaska' }),
  ).toHaveAttribute('aria-selected', 'false');
  await adminPage.context().close();
});

test('without JavaScript the form posts, shows the terms message, then the success message', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/add-provider');
    await fillRequired(page, `Plain Clinic ${Date.now()}`);
    await page.waitForTimeout(MIN_FILL_MS + 200);
    await page.getByRole('button', { name: 'Submit provider' }).click();
    await expect(page).toHaveURL(/status=invalid/);
    await expect(page.getByRole('alert')).toHaveText('Please agree to the terms and conditions');

    await fillRequired(page, `Plain Clinic ${Date.now()}`);
    await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
    await page.waitForTimeout(MIN_FILL_MS + 200);
    await page.getByRole('button', { name: 'Submit provider' }).click();
    await expect(page).toHaveURL(/status=sent/);
    await expect(page.getByRole('status').filter({ hasText: 'submitted' })).toHaveText(
      "Provider information submitted successfully! We'll review and contact you soon.",
    );
  } finally {
    await context.close();
  }
});
