/**
 * Subscribers, end to end:
 * - a reader subscribes, opens the unsubscribe link from the newsletter (without JavaScript),
 *   confirms, and the administrator then sees the subscription Inactive; a tampered link gets
 *   the 400 page;
 * - an administrator searches, exports the filtered subscribers as CSV and deletes one behind
 *   the confirmation naming the e-mail; afterwards the address appears nowhere the back office
 *   can read (list, export, audit log);
 * - axe finds no violation on /admin/subscriptions, with the delete dialog open too.
 *
 * The unsubscribe link is signed with the secret the server keeps in its data folder (no SMTP
 * here): the journey signs it the way the welcome e-mail's link is signed.
 */
import type { Browser, Page } from '@playwright/test';
import path from 'node:path';
import {
  createSubscriberIds,
  signUnsubscribeToken,
  SqliteSubscriberKeyStore,
  unsubscribeSecret,
} from '../../../commands/newsletter';
import { expect, test, waitForHydration, type AdminAccount } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

/** The address's link, its subscription id read from the server's key store (ids are random). */
async function unsubscribeLink(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  const keys = SqliteSubscriberKeyStore.open(path.join(dataDir, 'subscriber-keys.sqlite'));
  try {
    const id = await createSubscriberIds(keys, { readStream: async () => [] }).find(email);
    if (!id) throw new Error(`${email} has no subscription`);
    return `/unsubscribe/${signUnsubscribeToken(unsubscribeSecret({ dataDir }), id)}`;
  } finally {
    await keys.close();
  }
}

async function openAdmin(browser: Browser, admin: AdminAccount, url: string) {
  const context = await browser.newContext({
    storageState: admin.storageState,
    viewport: { width: 1280, height: 900 },
    // axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(url);
  await waitForHydration(page, 'main');
  return page;
}

async function subscribe(page: Page, email: string) {
  const response = await page.request.post('/api/subscriptions', {
    data: { email },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(201);
}

const rowOf = (page: Page, email: string) =>
  page
    .getByRole('table', { name: 'Email subscriptions' })
    .getByRole('row')
    .filter({ hasText: email });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search subscriptions by email' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/\./g, '\\.')}`));
}

test('a reader unsubscribes by the link without JavaScript, and the administrator sees Inactive', async ({
  browser,
  admin,
}) => {
  const email = `reader-${Date.now().toString(36)}@example.com`;
  const admin1 = await openAdmin(browser, admin, '/admin/dashboard');
  await subscribe(admin1, email);

  // The reader, in a browser without JavaScript.
  const reader = await browser.newContext({ javaScriptEnabled: false });
  const page = await reader.newPage();
  const opened = await page.goto(await unsubscribeLink(email));
  expect(opened?.status()).toBe(200);
  // A page per subscriber: never kept by the page cache or a CDN.
  expect(opened?.headers()['cache-control']).toBe('no-store');
  await expect(
    page.getByRole('heading', { name: 'Unsubscribe from the newsletter' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page).toHaveURL(/\/unsubscribed$/);
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

  // A tampered link: the 400 page, never an error.
  const tampered = await page.goto(`${(await unsubscribeLink(email)).slice(0, -2)}xx`);
  expect(tampered?.status()).toBe(400);
  await expect(
    page.getByRole('heading', { name: 'This unsubscribe link is not valid' }),
  ).toBeVisible();
  await reader.close();

  // The administrator: the dashboard links the count to the list, which shows Inactive.
  await admin1.reload();
  await waitForHydration(admin1, 'main');
  await admin1.getByRole('link', { name: /Email subscriptions\s*[\d,]+/ }).click();
  await expect(admin1).toHaveURL(/\/admin\/subscriptions$/);
  await waitForHydration(admin1, 'input[type="search"]');
  await expect(admin1.getByPlaceholder('Search by email...')).toBeVisible();
  await search(admin1, email);
  await expect(rowOf(admin1, email)).toContainText('Inactive');
  await admin1.context().close();
});

test('an administrator exports subscribers as CSV and deletes one, which then appears nowhere', async ({
  browser,
  admin,
}) => {
  const suffix = Date.now().toString(36);
  const keep = `keep-${suffix}@example.com`;
  const erase = `erase-${suffix}@example.com`;
  const page = await openAdmin(browser, admin, '/admin/subscriptions');
  await subscribe(page, keep);
  await subscribe(page, erase);
  await page.reload();
  await waitForHydration(page, 'input[type="search"]');

  await search(page, suffix);
  await expect(rowOf(page, keep)).toContainText('Active');
  await expect(rowOf(page, erase)).toBeVisible();

  // The export holds exactly the filtered subscribers.
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain(`q=${suffix}`);
  const csv = await (await page.request.get(href!)).text();
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Email,Subscribed at,Status,Source');
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([keep, erase]);

  // axe on the screen, then with the confirmation open.
  expect(await axeViolations(page)).toEqual([]);
  const trigger = page.getByRole('button', { name: `Delete ${erase}` });
  await trigger.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Are you sure you want to delete ${erase}?`);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Subscription deleted successfully')).toBeVisible();
  await expect(rowOf(page, erase)).toHaveCount(0);
  await expect(rowOf(page, keep)).toBeVisible();

  await search(page, erase);
  await expect(page.getByText('No subscriptions found')).toBeVisible();

  // Nowhere the back office reads: the list, the export, the audit log.
  const list = await page.request.get(`/api/admin/subscriptions?q=${encodeURIComponent(erase)}`);
  expect(await list.json()).toEqual({ rows: [], total: 0 });
  expect(await (await page.request.get('/api/admin/subscriptions.csv')).text()).not.toContain(
    erase,
  );
  const audit = await (await page.request.get('/api/admin/audit?limit=500')).text();
  expect(audit).not.toContain(erase);
  expect(audit).toContain('Erased subscriber');
  await page.context().close();
});
