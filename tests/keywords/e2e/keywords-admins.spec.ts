/**
 * Trending keywords and administrators, as people use them: an administrator adds a keyword
 * and a visitor finds it on /trending-keywords (linked from Home) leading to the search for it;
 * an administrator invites a second one, who opens the one-time link, has a weak password
 * refused, chooses a good one and is signed in; deactivating them ends their session at once.
 * axe finds nothing on the new screens, the delete and deactivate dialogs open included.
 */
import { randomUUID } from 'node:crypto';
import { COMMON_PASSWORD_MESSAGE } from '../../../domain/admins/password-policy';
import { expect, test, uniqueAdminEmail, waitForHydration } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

test('an administrator adds a keyword and a visitor sees it on /trending-keywords', async ({
  openAdmin,
  browser,
}) => {
  const keyword = `semaglutide price ${Date.now().toString(36)}`;
  const page = await openAdmin('/admin/keywords');
  await expect(page.getByRole('heading', { name: 'Trending keywords', level: 1 })).toBeVisible();

  // A keyword is required: the form says so beside the field and nothing is sent.
  await page.getByRole('button', { name: 'Add Keyword' }).click();
  await expect(page.getByRole('textbox', { name: 'Keyword' })).toBeFocused();
  await expect(page.getByText('Keyword is required').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Keyword' }).fill(keyword);
  await page.getByRole('textbox', { name: 'Category' }).fill('Prices');
  await page.getByRole('button', { name: 'Add Keyword' }).click();
  await expect(page.getByText('Keyword created successfully')).toBeVisible();
  const table = page.getByRole('table', { name: 'Trending keywords' });
  await expect(table.getByRole('link', { name: keyword })).toBeVisible();

  // Moved to the top of the list from its edit form.
  await page.getByRole('button', { name: `Edit "${keyword}"` }).click();
  await expect(page.getByRole('heading', { name: `Edit "${keyword}"` })).toBeFocused();
  await page.getByRole('spinbutton', { name: 'Position in the list' }).fill('1');
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(`Moved "${keyword}" to position 1`)).toBeVisible();
  await page.context().close();

  // A visitor: Home links the page; the keyword links to the site search for it.
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  await home.goto('/');
  await home
    .getByRole('link', { name: /Trending Keywords/ })
    .first()
    .click();
  await expect(home).toHaveURL(/\/trending-keywords$/);
  await expect(home.getByRole('heading', { name: 'Trending Keywords', level: 1 })).toBeVisible();
  await expect(home.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect((await home.title()).length).toBeLessThanOrEqual(60);
  const first = home.getByRole('list').filter({ hasText: keyword }).getByRole('listitem').first();
  await expect(first).toContainText(keyword);
  const link = home.getByRole('link', { name: new RegExp(keyword) });
  await expect(link).toHaveAttribute('href', `/search?q=${encodeURIComponent(keyword)}`);
  await link.click();
  await expect(home).toHaveURL(/\/search\?q=/);
  await visitor.close();
});

test('an administrator invites a second one, who sets a password (a weak one refused first) and signs in; deactivating them ends their session', async ({
  openAdmin,
  browser,
}) => {
  test.slow();
  const email = uniqueAdminEmail();
  const page = await openAdmin('/admin/users');
  await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email of the person to invite' }).fill(email);
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Invitation link' });
  await expect(linkBox).toBeVisible();
  const link = await linkBox.inputValue();
  expect(link).toContain('/admin/invite?token=');

  // The invited administrator, in another browser.
  const invitedContext = await browser.newContext();
  const invited = await invitedContext.newPage();
  await invited.goto(new URL(link).pathname + new URL(link).search);
  await expect(invited.getByRole('heading', { name: 'Join the back office' })).toBeVisible();
  await waitForHydration(invited, 'form');
  await expect(invited.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await invited.locator('input[name="password"]').fill('password1234');
  await invited.locator('input[name="confirmPassword"]').fill('password1234');
  await invited.getByRole('button', { name: 'Create my account' }).click();
  await expect(invited.getByText(COMMON_PASSWORD_MESSAGE).first()).toBeVisible();
  await expect(invited.locator('input[name="password"]')).toBeFocused();

  // Made per run: no password ships in the tests.
  const password = `e2e ${randomUUID()}`;
  await invited.locator('input[name="password"]').fill(password);
  await invited.locator('input[name="confirmPassword"]').fill(password);
  await invited.getByRole('button', { name: 'Create my account' }).click();
  await expect(invited).toHaveURL(/\/admin\/dashboard$/);
  await expect(invited.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  await expect(invited.getByText(`Signed in as ${email}`)).toBeVisible();

  // The first administrator sees them, active, and deactivates them.
  await page.reload();
  await waitForHydration(page, 'main');
  const table = page.getByRole('table', { name: 'Administrators' });
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Active');
  await page.getByRole('button', { name: `Deactivate ${email}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Are you sure you want to deactivate ${email}?`);
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Inactive');

  // Their session has ended: the next page is the login screen, and signing in is refused.
  await invited.goto('/admin/dashboard');
  await expect(invited).toHaveURL(/\/admin\/login$/);
  await waitForHydration(invited, 'form');
  await invited.getByLabel('Email').fill(email);
  await invited.getByLabel('Password').fill(password);
  await invited.getByRole('button', { name: 'Login' }).click();
  await expect(invited.getByRole('alert').filter({ hasText: 'Access denied' })).toBeVisible();
  await invitedContext.close();
  await page.context().close();
});

test('an administrator cancels an invitation sent to the wrong address: its link then says so', async ({
  openAdmin,
  browser,
}) => {
  const email = uniqueAdminEmail();
  const page = await openAdmin('/admin/users');
  await page.getByRole('textbox', { name: 'Email of the person to invite' }).fill(email);
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  await page.getByRole('button', { name: `Cancel invitation for ${email}` }).click();
  await expect(page.getByText(`Invitation for ${email} cancelled`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Cancel invitation for ${email}` })).toHaveCount(0);

  const invitedContext = await browser.newContext();
  const invited = await invitedContext.newPage();
  await invited.goto(new URL(link).pathname + new URL(link).search);
  await expect(
    invited.getByText('This invitation was cancelled. Ask an administrator for a new one.'),
  ).toBeVisible();
  await invitedContext.close();
  await page.context().close();
});

test('axe finds nothing on the keyword and administrator screens, dialogs open included', async ({
  openAdmin,
  browser,
}) => {
  test.slow();
  const page = await openAdmin('/admin/keywords');
  const keyword = `axe keyword ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Keyword' }).fill(keyword);
  await page.getByRole('button', { name: 'Add Keyword' }).click();
  await expect(page.getByText('Keyword created successfully')).toBeVisible();

  for (const url of ['/admin/keywords', '/admin/users']) {
    await page.goto(url);
    await waitForHydration(page, 'main');
    await expect(page.locator('main')).not.toContainText('Loading');
    expect(await axeViolations(page), `axe on ${url}`).toEqual([]);
  }

  await page.goto(`/admin/keywords?q=${encodeURIComponent(keyword)}`);
  await waitForHydration(page, 'main');
  const trigger = page.getByRole('button', { name: `Delete "${keyword}"` });
  await trigger.click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await axeViolations(page), 'axe with the delete dialog open').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.context().close();

  // At 390 px: no horizontal scrolling.
  const phone = await openAdmin('/admin/keywords', 390);
  for (const url of ['/admin/keywords', '/admin/users', '/trending-keywords']) {
    await phone.goto(url);
    await waitForHydration(phone, 'main');
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal scroll on ${url} at 390 px`).toBeLessThanOrEqual(0);
  }
  await phone.context().close();

  const visitor = await browser.newContext({ bypassCSP: true });
  const signedOut = await visitor.newPage();
  for (const url of [
    '/trending-keywords',
    '/admin/invite',
    '/admin/invite?token=not-a-real-link',
  ]) {
    await signedOut.goto(url);
    await waitForHydration(signedOut, 'main');
    await expect(signedOut.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(signedOut), `axe on ${url}`).toEqual([]);
  }
  await visitor.close();
});
