/**
 * Unread contact messages, end to end: a visitor's message shows on the dashboard as an
 * unread message and in the inbox marked "New"; opening it records it read (the badge goes,
 * the count drops), 'Mark as unread' brings it back. The inbox has no axe violations.
 */
import { axeViolations } from '../../support/e2e/axe';
import { expect, test, waitForHydration } from '../../support/e2e/admin';

test('an administrator opens a new message, then marks it unread again', async ({
  browser,
  admin,
  page: visitor,
}) => {
  const name = `Unread Visitor ${Date.now()}`;
  await visitor.goto('/contact');
  const sent = await visitor.request.post('/api/contact-messages', {
    data: {
      name,
      email: 'unread@example.com',
      topic: 'other',
      message: 'A question about prices.',
    },
    headers: { Origin: new URL(visitor.url()).origin },
  });
  expect(sent.status()).toBe(201);

  const context = await browser.newContext({ storageState: admin.storageState, bypassCSP: true });
  const page = await context.newPage();
  const tile = page.getByRole('link', { name: /Unread messages/ });
  // The visitor's message reaches the read model a moment after its 201 (another session's
  // write): the dashboard is read again until it counts it.
  let before = 0;
  await expect
    .poll(async () => {
      await page.goto('/admin/dashboard');
      await waitForHydration(page, 'main');
      await expect(tile).toBeVisible();
      before = Number((await tile.innerText()).replace(/\D+/g, ''));
      return before;
    })
    .toBeGreaterThan(0);

  await tile.click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  const card = page.getByRole('article', { name: new RegExp(name) });
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Open message' }).click();
  await expect(card.getByText('A question about prices.')).toBeVisible();
  await expect(card.getByText('New', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Mark as unread' })).toBeVisible();

  await page.goto('/admin/dashboard');
  await waitForHydration(page, 'main');
  await expect(page.getByRole('link', { name: /Unread messages/ })).toContainText(
    String(before - 1),
  );

  await page.goto('/admin/messages');
  await waitForHydration(page, 'main');
  const again = page.getByRole('article', { name: new RegExp(name) });
  await again.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(again.getByText('New', { exact: true })).toBeVisible();
  await context.close();
});
