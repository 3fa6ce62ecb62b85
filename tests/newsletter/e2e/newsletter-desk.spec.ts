/**
 * The newsletter desk, end to end (the e2e server runs without SMTP_URL, with the demo data):
 * - an administrator opens Newsletter from the admin navigation: sending is off and says why,
 *   and the buttons that would send are disabled and described by that reason;
 * - they compose the draft from the demo content (or, in a week with nothing to say, start a
 *   blank issue), edit the subject and the body in the rich-text editor, save, and see the
 *   saved version in the e-mail preview, HTML and plain text;
 * - the public archive has nothing yet and says so, with the signup; the footer links it;
 * - on the subscribers screen an administrator unsubscribes someone with a reason (required),
 *   and the row then says 'Inactive since … — by an administrator: {reason}'; the row's
 *   unsubscribe link is copied to the clipboard;
 * - the dashboard shows the newsletter's and the price alerts' cards;
 * - axe finds nothing on these screens (dialogs open included); 390 px and 1280 px fit.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration, type AdminAccount } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

async function openAdmin(browser: Browser, admin: AdminAccount, url: string, width = 1280) {
  const context = await browser.newContext({
    storageState: admin.storageState,
    viewport: { width, height: 900 },
    // axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
    bypassCSP: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(url);
  await waitForHydration(page, 'main');
  return page;
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The ids an element's aria-describedby names, read as the texts they point to. */
async function descriptionOf(page: Page, name: string): Promise<string> {
  const ids =
    (await page.getByRole('button', { name, exact: true }).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(' ').trim();
}

test('without SMTP the desk says why sending is off; a draft is composed or written, edited, saved and previewed', async ({
  browser,
  admin,
}) => {
  test.slow();
  const unique = Date.now().toString(36);
  const page = await openAdmin(browser, admin, '/admin/dashboard');

  // In the admin navigation, next to Subscriptions
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Newsletter' })
    .click();
  await expect(page).toHaveURL(/\/admin\/newsletter$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();

  // No SMTP_URL on the e2e server: the reason, in its own box
  const notice = page.getByRole('alert').filter({ hasText: 'Sending is turned off' });
  await expect(notice).toBeVisible();
  const reason = (await notice.locator('p').nth(1).innerText()).trim();
  expect(reason.length).toBeGreaterThan(0);
  // No journey sets the postal-address footer either: the notice says so, though its reason
  // names the mail server, and links to the footer's own editor.
  await expect(notice).toContainText('Every message must also carry your postal address');
  await expect(notice.getByRole('link', { name: 'Add the postal address footer' })).toHaveAttribute(
    'href',
    '/admin/site-content/newsletter_footer',
  );

  // A draft: composed from what the demo data did this week, or a blank one when it says
  // there is nothing to send (both are honest outcomes of a compose run).
  const compose = page.getByRole('button', { name: 'Compose now' });
  if (await compose.isVisible()) {
    await compose.click();
    const composed = page.getByText('Draft composed');
    const nothing = page.getByText('Nothing to compose');
    await expect(composed.or(nothing).first()).toBeVisible();
    if (await nothing.isVisible()) {
      await page.getByRole('button', { name: 'New blank issue' }).click();
      await waitForHydration(page, 'form');
      // Creating needs a subject and a body: the form says which field
      await page.getByRole('button', { name: 'Create issue' }).click();
      await expect(page.getByText('Subject is required.').first()).toBeVisible();
      await page
        .getByRole('textbox', { name: 'Subject', exact: true })
        .fill(`First issue ${unique}`);
      const body = page.getByRole('textbox', { name: 'Body', exact: true });
      await body.click();
      await page.keyboard.type('A week on the site.');
      await page.getByRole('button', { name: 'Create issue' }).click();
      await expect(page.getByText('Issue created')).toBeVisible();
    }
  }
  await expect(page.getByRole('heading', { name: 'Next issue' })).toBeVisible();
  expect(await axeViolations(page), 'axe on /admin/newsletter with a draft').toEqual([]);

  // Sending, scheduling and the test are disabled, described by the reason
  for (const name of ['Send now', 'Schedule', 'Send a test to me']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
    expect(await descriptionOf(page, name)).toContain(reason);
  }

  // Edit: subject and a line at the end of the body; the preview waits for the save
  const subject = `Prices this week ${unique}`;
  const note = `Edited in the desk ${unique}.`;
  await waitForHydration(page, 'form');
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(note);
  await expect(page.getByText('Save to update the preview')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Issue saved')).toBeVisible();
  await expect(page.getByText('As last saved.')).toBeVisible();

  // The preview is the saved e-mail: HTML, then the plain-text part
  const html = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(html.locator('body')).toContainText(note);
  await page.getByRole('tab', { name: 'Plain text' }).click();
  const text = page.frameLocator('iframe[title="E-mail preview, plain text"]');
  await expect(text.locator('body')).toContainText(note);
  expect(await axeViolations(page), 'axe on the preview').toEqual([]);

  // The schedule field names the administrator's time zone
  await expect(page.getByText(/Your time zone: /)).toBeVisible();

  // Keyboard: the tabs move with the arrow keys, focus visible on the one chosen
  await page.getByRole('tab', { name: 'Plain text' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'HTML' })).toBeFocused();

  // A phone fits the desk without sideways scrolling
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  expect(await horizontalOverflow(page), 'overflow at 390 px').toBeLessThanOrEqual(0);
  await page.context().close();
});

test('the public archive says nothing has been sent yet, offers the signup, and the footer links it', async ({
  page,
  browser,
}) => {
  await page.goto('/about');
  await page
    .locator('footer')
    .getByRole('link', { name: 'Newsletter archive', exact: true })
    .click();
  await expect(page).toHaveURL(/\/newsletter$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter archive' })).toBeVisible();
  await expect(page.getByText('No issues have been sent yet.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
  // The feed is announced in the head
  await expect(
    page.locator('link[rel="alternate"][type="application/rss+xml"][href$="/newsletter/rss.xml"]'),
  ).toHaveCount(1);

  // An issue that was never sent is not found
  const missing = await page.goto('/newsletter/not-an-issue');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Issue not found' })).toBeVisible();

  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 390, height: 844 },
  });
  const phone = await context.newPage();
  await phone.goto('/newsletter');
  await waitForHydration(phone, 'main');
  expect(await horizontalOverflow(phone), 'overflow at 390 px').toBeLessThanOrEqual(0);
  expect(await axeViolations(phone), 'axe on /newsletter').toEqual([]);
  await context.close();
});

test('an administrator unsubscribes a subscriber with a reason, and the row says so', async ({
  browser,
  admin,
}) => {
  const email = `asked-by-mail-${Date.now().toString(36)}@example.com`;
  const reason = 'Asked by e-mail to stop';
  const page = await openAdmin(browser, admin, '/admin/subscriptions');
  const subscribed = await page.request.post('/api/subscriptions', {
    data: { email },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(subscribed.status()).toBe(201);
  await page.goto(`/admin/subscriptions?q=${encodeURIComponent(email)}`);
  await waitForHydration(page, 'input[type="search"]');
  const row = page
    .getByRole('table', { name: 'Email subscriptions' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('None yet'); // no issue sent to it

  // 1280 px: the list fits without its sideways-scroll caption
  await expect(page.getByText('Scroll sideways to see more')).toBeHidden();

  // The unsubscribe link: copied to the clipboard, and there to select by hand
  await row.getByRole('button', { name: `Copy unsubscribe link for ${email}` }).click();
  await expect(page.getByText('Unsubscribe link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/unsubscribe\/.+/);
  await row.getByText('Unsubscribe link', { exact: true }).click();
  await expect(row.getByRole('textbox', { name: `Unsubscribe link for ${email}` })).toHaveValue(
    copied,
  );

  // The dialog: the reason is required, named in the message
  const trigger = row.getByRole('button', { name: `Unsubscribe ${email}…` });
  await trigger.click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsubscribe subscriber' });
  await expect(dialog).toContainText(`Unsubscribe ${email} from the newsletter`);
  const field = dialog.getByRole('textbox', { name: 'Reason' });
  await expect(field).toBeFocused();
  await dialog.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(dialog).toContainText('Reason is required');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page), 'axe with the unsubscribe dialog open').toEqual([]);

  // Escape closes it and gives the focus back
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // With a reason (Enter confirms): Inactive since today, by an administrator, with the reason
  await trigger.click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Subscriber unsubscribed')).toBeVisible();
  await expect(row).toContainText(
    /Inactive since \w{3} \d{1,2}, \d{4} — by an administrator: Asked by e-mail to stop/,
  );
  await expect(row.getByRole('button', { name: `Unsubscribe ${email}…` })).toHaveCount(0);
  expect(await axeViolations(page), 'axe on /admin/subscriptions').toEqual([]);
  await page.context().close();

  // A phone: the same rows as cards, no sideways scrolling
  const phone = await openAdmin(
    browser,
    admin,
    `/admin/subscriptions?q=${encodeURIComponent(email)}`,
    390,
  );
  // The table stays in the page, hidden at this width: the card is what shows.
  await expect(
    phone
      .getByRole('list', { name: 'Email subscriptions' })
      .getByText(/by an administrator: Asked by e-mail to stop/),
  ).toBeVisible();
  expect(await horizontalOverflow(phone), 'overflow at 390 px').toBeLessThanOrEqual(0);
  await phone.context().close();
});

test('the dashboard shows the newsletter and the price alerts', async ({ browser, admin }) => {
  const page = await openAdmin(browser, admin, '/admin/dashboard');
  const newsletter = page.locator('[data-slot="card"]').filter({
    has: page.getByRole('heading', { level: 2, name: 'Newsletter' }),
  });
  await expect(newsletter).toBeVisible();
  // Nothing has been sent on the e2e server (no SMTP)
  await expect(newsletter).toContainText('No issue has been sent yet.');
  const alerts = page.locator('[data-slot="card"]').filter({
    has: page.getByRole('heading', { level: 2, name: 'Price alerts' }),
  });
  await expect(alerts).toContainText('Awaiting confirmation');
  await expect(alerts).toContainText('Sent this week');
  await newsletter.getByRole('link', { name: 'Open the newsletter' }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter$/);
  await page.context().close();
});
