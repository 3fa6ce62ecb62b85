/**
 * The back office's kit, as an administrator uses it: the providers table sorted and filtered
 * by state (the CSV export holds exactly the filtered rows), bulk feature, bulk delete with one
 * confirmation and Undo, an edit URL reloaded mid-edit, the unsaved-changes prompt on Back, an
 * edit made with the keyboard alone, the screens at 390 px without horizontal scrolling, and
 * axe on every admin screen (dialogs open too), with focus back on the trigger after Escape.
 *
 * It lists its own providers (names starting 'Kit ') through the API, so no other journey's
 * data matters.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

/** Lists providers through the API with the session's CSRF token; returns their ids by name. */
async function listProviders(page: Page, providers: { name: string; states: string[] }[]) {
  const session = await page.request.get('/api/admin/session');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const ids: Record<string, string> = {};
  for (const p of providers) {
    const response = await page.request.post('/api/admin/providers', {
      data: { ...p, websiteUrl: `https://${p.name.replace(/\W+/g, '-').toLowerCase()}.example` },
      headers: { 'X-CSRF-Token': csrfToken, Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(201);
    ids[p.name] = ((await response.json()) as { id: string }).id;
  }
  return ids;
}

const table = (page: Page) => page.getByRole('table', { name: 'Providers' });
const row = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) });

test('an administrator sorts, filters by state, exports the filtered rows, features and deletes in bulk, and undoes', async ({
  openAdmin,
}) => {
  test.slow();
  const page = await openAdmin('/admin/providers');
  const suffix = Date.now().toString(36);
  const names = [`Kit Beta ${suffix}`, `Kit Alpha ${suffix}`, `Kit Gamma ${suffix}`];
  await listProviders(page, [
    { name: names[0]!, states: ['VT'] },
    { name: names[1]!, states: ['VT', 'NH'] },
    { name: names[2]!, states: ['NH'] },
  ]);

  // Filter by state: Vermont.
  await page.reload();
  await waitForHydration(page, 'main');
  await page.getByLabel('State', { exact: true }).selectOption('VT');
  await expect(page).toHaveURL(/state=VT/);
  await expect(row(page, names[2]!)).toHaveCount(0);
  await expect(row(page, names[0]!)).toBeVisible();

  // Sort by name, ascending then descending.
  const nameHeader = table(page).getByRole('button', { name: /^Name/ });
  await nameHeader.click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(table(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const shown = async () =>
    (await table(page).getByRole('row').allInnerTexts()).slice(1).map((t) => t.trim());
  const ascending = await shown();
  expect(ascending.findIndex((t) => t.includes(names[1]!))).toBeLessThan(
    ascending.findIndex((t) => t.includes(names[0]!)),
  );

  // The CSV holds exactly the rows the filter shows, in the same order.
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain('state=VT');
  const csv = await (await page.request.get(href!)).text();
  const csvNames = csv
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[1]);
  const tableNames = await table(page).getByRole('row').locator('td:nth-child(2)').allInnerTexts();
  expect(csvNames).toEqual(tableNames.map((t) => t.replace(/\s*Featured$/, '').trim()));

  // Bulk feature both Vermont providers of this run.
  await page.getByRole('searchbox', { name: 'Search providers' }).fill(`Kit`);
  await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${names[1]}` }).check();
  const bulk = page.getByRole('group', { name: 'Bulk actions' });
  await expect(bulk).toContainText('2 selected');
  await bulk.getByRole('button', { name: 'Feature', exact: true }).click();
  await expect(page.getByText('2 providers featured').first()).toBeVisible();
  await expect(row(page, names[0]!)).toContainText('Featured');
  await expect(row(page, names[1]!)).toContainText('Featured');

  // Bulk delete: one confirmation naming the count; then Undo brings them back.
  await page.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select ${names[1]}` }).check();
  await bulk.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete 2 providers?');
  await dialog.getByRole('button', { name: 'Delete 2' }).click();
  await expect(page.getByText('2 providers deleted').first()).toBeVisible();
  await expect(row(page, names[0]!)).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, names[0]!)).toBeVisible();
  await expect(row(page, names[1]!)).toContainText('Featured');
  await page.context().close();
});

test('an edit survives a reload of its URL, Back asks before dropping changes, and the keyboard alone can save', async ({
  openAdmin,
}) => {
  test.slow();
  const page = await openAdmin('/admin/providers');
  const name = `Kit Edit ${Date.now().toString(36)}`;
  const ids = await listProviders(page, [{ name, states: ['ME'] }]);
  await page.goto(`/admin/providers/${ids[name]}/edit`);
  await waitForHydration(page, 'form');
  await expect(page.getByRole('heading', { name: 'Edit Provider' })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Discount code' });

  // Reloaded mid-edit (the browser asks first; accepted here): the same provider is open again.
  await code.fill('HALFWAY');
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await waitForHydration(page, 'form');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(code).toHaveValue('');
  // Scores never entered are empty, not 0.
  await expect(page.getByRole('spinbutton', { name: 'Trustpilot score (0-5)' })).toHaveValue('');

  // Back with unsaved changes: asked; Keep editing stays, Discard leaves.
  await page.goto('/admin/providers');
  await waitForHydration(page, 'main');
  await row(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await expect(page).toHaveURL(/\/edit$/);
  await code.fill('CHANGED');
  await page.goBack();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(code).toHaveValue('CHANGED');

  // A wrong score: the summary names it.
  const trustpilot = page.getByRole('spinbutton', { name: 'Trustpilot score (0-5)' });
  await trustpilot.fill('7');
  await page.getByRole('button', { name: 'Update Provider' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Trustpilot score must be between 0 and 5.' }),
  ).toBeVisible();
  await expect(trustpilot).toBeFocused();

  // Keyboard only: correct the score, Tab to the next field, Enter saves.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('4.4');
  await code.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('KEYS10');
  await page.keyboard.press('Enter');
  await expect(
    page.getByText('Provider updated successfully', { exact: true }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/providers$/);
  await expect(row(page, name)).toContainText('4.4/5');
  await page.context().close();
});

test('the provider screens outside the navigation fit 390 px and axe finds nothing, dialogs included', async ({
  openAdmin,
  browser,
}) => {
  test.slow();
  const desktop = await openAdmin('/admin/providers');
  const name = `Kit Axe ${Date.now().toString(36)}`;
  const ids = await listProviders(desktop, [{ name, states: ['RI'] }]);
  // The screens the navigation links to (the dashboard, the providers, the audit log...) are
  // swept at both widths by tests/admins/e2e/admin-chrome.spec.ts; these are reached from them.
  const screens = [
    '/admin/providers/new',
    `/admin/providers/${ids[name]}/edit`,
    '/admin/providers/trash',
  ];
  for (const url of screens) {
    await desktop.goto(url);
    await waitForHydration(desktop, 'main');
    await expect(desktop.locator('main')).not.toContainText('Loading');
    expect(await axeViolations(desktop), `axe on ${url}`).toEqual([]);
  }

  // The delete dialog open: no violations; Escape closes it and focus is back on its trigger.
  await desktop.goto(`/admin/providers?q=${encodeURIComponent(name)}`);
  await waitForHydration(desktop, 'main');
  const trigger = row(desktop, name).getByRole('button', { name: `Delete ${name}` });
  await trigger.click();
  await expect(desktop.getByRole('alertdialog')).toBeVisible();
  expect(await axeViolations(desktop), 'axe with the delete dialog open').toEqual([]);
  await desktop.keyboard.press('Escape');
  await expect(desktop.getByRole('alertdialog')).toBeHidden();
  await expect(trigger).toBeFocused();

  // The unsaved-changes dialog open: no violations; Keep editing keeps the edit.
  await desktop.goto(`/admin/providers/${ids[name]}/edit`);
  await waitForHydration(desktop, 'form');
  await desktop.getByRole('textbox', { name: 'Discount code' }).fill('UNSAVED');
  await desktop
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  const ask = desktop.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  expect(await axeViolations(desktop), 'axe with the unsaved-changes dialog open').toEqual([]);
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(desktop).toHaveURL(/\/edit$/);

  // The region presets' menu open: no violations either.
  await desktop.getByRole('button', { name: 'Add a region' }).click();
  await expect(desktop.getByRole('menu')).toBeVisible();
  expect(await axeViolations(desktop), 'axe with the region menu open').toEqual([]);
  await desktop.keyboard.press('Escape');
  await desktop.context().close();

  // Signed out: the login screen and the setup screen (without and with a wrong link).
  const visitor = await browser.newContext({ bypassCSP: true });
  const signedOut = await visitor.newPage();
  for (const url of ['/admin/login', '/admin/setup', '/admin/setup?token=not-a-real-link']) {
    await signedOut.goto(url);
    await waitForHydration(signedOut, 'main');
    await expect(signedOut.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(signedOut), `axe on ${url}`).toEqual([]);
  }
  await visitor.close();

  const phone = await openAdmin('/admin/providers', 390);
  for (const url of screens) {
    await phone.goto(url);
    await waitForHydration(phone, 'main');
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal scroll on ${url} at 390 px`).toBeLessThanOrEqual(0);
  }
  // Under 640 px the rows are cards.
  await phone.goto(`/admin/providers?q=${encodeURIComponent(name)}`);
  await waitForHydration(phone, 'main');
  await expect(
    phone.getByRole('list', { name: 'Providers' }).getByRole('heading', { name }),
  ).toBeVisible();
  await phone.context().close();
});

test('states: search, region presets and All 50 with the keyboard; a create sent twice makes one provider', async ({
  openAdmin,
}) => {
  test.slow();
  const page = await openAdmin('/admin/providers/new');
  await waitForHydration(page, 'form');
  const name = `Kit Once ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Website URL' }).fill('https://kit-once.example');

  // The states list is one control: type to search, arrows to move, Enter to choose.
  const states = page.getByRole('combobox', { name: 'Find a state' });
  const listbox = page.getByRole('listbox', { name: 'States served' });
  await states.focus();
  await page.keyboard.type('mai');
  await expect(listbox.getByRole('option')).toHaveText(['Maine']);
  await page.keyboard.press('Enter');
  await expect(listbox.getByRole('option', { name: 'Maine' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('1 of 50 selected')).toBeVisible();
  // A region preset adds its states (Pacific: Hawaii), keyboard only.
  await page.getByRole('button', { name: 'Add a region' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Pacific' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('2 of 50 selected')).toBeVisible();
  await page.getByRole('button', { name: 'All 50' }).click();
  await expect(page.getByText('50 of 50 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Clear states' }).click();
  await expect(page.getByText('0 of 50 selected')).toBeVisible();
  await states.fill('');
  await states.focus();
  await page.keyboard.press('ArrowDown'); // Alaska, after Alabama
  await page.keyboard.press('Enter');
  await expect(listbox.getByRole('option', { name: 'Alaska' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // The first create reaches the server, but its answer is lost on the way back: the form
  // says it failed. Sent again, it carries the same key, so there is still one provider.
  let creates = 0;
  await page.route('**/api/admin/providers', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    creates += 1;
    if (creates > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Create Provider' }).click();
  await expect(page.getByText('Failed to save provider', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/providers\/new$/);
  await page.getByRole('button', { name: 'Create Provider' }).click();
  await expect(
    page.getByText('Provider created successfully', { exact: true }).first(),
  ).toBeVisible();
  expect(creates).toBe(2);
  const found = await page.request.get(`/api/admin/providers?q=${encodeURIComponent(name)}`);
  const list = (await found.json()) as { name: string; states: string[] }[];
  expect(list.map((p) => p.name)).toEqual([name]);
  expect(list[0]?.states).toEqual(['AK']);
  await page.context().close();
});

test('a removed provider waits in the trash screen and Restore lists it again', async ({
  openAdmin,
}) => {
  const page = await openAdmin('/admin/providers');
  const name = `Kit Trash ${Date.now().toString(36)}`;
  await listProviders(page, [{ name, states: ['VT'] }]);
  await page.goto(`/admin/providers?q=${encodeURIComponent(name)}`);
  await waitForHydration(page, 'main');
  await row(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, name)).toHaveCount(0);

  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/admin\/providers\/trash$/);
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  const removed = page
    .getByRole('table', { name: 'Removed providers' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(removed).toBeVisible();
  // Times in the back office's one form, 'MMM dd, yyyy HH:mm', in the zone the headers name.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByRole('columnheader', { name: `Removed (${zone})` })).toBeVisible();
  await expect(removed).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/);
  // On a phone the row is stacked: Restore is on screen, not scrolled off to the right.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(removed.getByRole('button', { name: `Restore ${name}` })).toBeInViewport({
    ratio: 1,
  });
  await removed.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText(`Restored "${name}"`, { exact: true }).first()).toBeVisible();
  await expect(removed).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('link', { name: 'Back to providers' }).click();
  await page.getByRole('searchbox', { name: 'Search providers' }).fill(name);
  await expect(row(page, name)).toHaveCount(1);
  await page.context().close();
});
