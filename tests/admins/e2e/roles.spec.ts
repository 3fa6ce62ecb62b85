/**
 * Roles as people meet them: an administrator invites an editor (the role chosen on the users
 * screen), the editor opens the one-time link, sees which role they get, chooses a password and
 * lands on the dashboard; their navigation lists only the writing screens and their account;
 * typing the address of an administrators' screen answers a page saying why it is refused.
 * axe finds nothing on the users screen with its role controls, nor on the refusal page.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, uniqueAdminEmail, waitForHydration } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

test('an administrator invites an editor, who sees only the sections editors may use and is told why a screen is refused', async ({
  openAdmin,
  browser,
}) => {
  test.slow();
  const email = uniqueAdminEmail();
  const page = await openAdmin('/admin/users');
  await expect(page.getByRole('heading', { name: 'Administrators', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email of the person to invite' }).fill(email);
  await page.getByRole('radio', { name: /^Editor/ }).check();
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Invitation link' });
  await expect(linkBox).toBeVisible();
  const link = await linkBox.inputValue();
  expect(link).toContain('/admin/invite?token=');
  // The e2e server has no mail server: the screen says the link is for the inviter to send.
  await expect(page.getByText(`Send this link to ${email}`)).toBeVisible();
  await expect(page.getByText(/as\s+editor/).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The editor, in another browser.
  const editorContext = await browser.newContext({ bypassCSP: true });
  const editor = await editorContext.newPage();
  await editor.goto(new URL(link).pathname + new URL(link).search);
  await expect(editor.getByRole('heading', { name: 'Join the back office' })).toBeVisible();
  await expect(editor.getByText('You were invited to become an editor')).toBeVisible();
  await waitForHydration(editor, 'form');
  // Made per run: no password ships in the tests.
  const password = `e2e ${randomUUID()}`;
  await editor.locator('input[name="password"]').fill(password);
  await editor.locator('input[name="confirmPassword"]').fill(password);
  await editor.getByRole('button', { name: 'Create my account' }).click();
  await expect(editor).toHaveURL(/\/admin\/dashboard$/);
  await waitForHydration(editor, 'main');

  // Only the sections editors may use.
  for (const name of ['Blog', 'Media', 'Keywords', 'Site content', 'Your account']) {
    await expect(editor.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
  for (const name of ['Providers', 'Subscriptions', 'Administrators', 'Audit log', 'Clicks']) {
    await expect(editor.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(editor.getByRole('button', { name: /Clear All Caches/i })).toHaveCount(0);

  // An administrators' screen, typed in: the server answers 403 and says why.
  const refused = await editor.goto('/admin/providers');
  expect(refused?.status()).toBe(403);
  await expect(editor.getByRole('heading', { name: 'Not available to your role' })).toBeVisible();
  await expect(editor.getByText('Editors cannot use providers')).toBeVisible();
  expect(await axeViolations(editor)).toEqual([]);
  await editor.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(editor).toHaveURL(/\/admin\/dashboard$/);

  // The administrator sees the editor's role in the list.
  await page.reload();
  await waitForHydration(page, 'main');
  const row = page.getByRole('table', { name: 'Administrators' }).getByRole('row').filter({
    hasText: email,
  });
  await expect(row).toContainText('Editor');
  await expect(row.getByRole('button', { name: `Make administrator ${email}` })).toBeVisible();
  await editorContext.close();
});
