/**
 * Nothing on a public card that an administrator did not enter: a provider listed through the
 * back-office form with no prices, no features and no review counts shows none of the
 * specification's invented defaults (a 20,000-29,999 vote count, 'from $299/mo', the three
 * default bullets, 'Outstanding'); the default bullets are offered as one-click suggestions in
 * the form instead. When the administrator enters a review count, the card shows it with its
 * source, and once the administrator marks the prices verified, 'Prices checked {today}'.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration, type AdminAccount } from '../../support/e2e/admin';

const INVENTED = [
  'Outstanding',
  'votes',
  '$299',
  'Free 2-Minute Quiz',
  'Same Ingredient as Ozempic',
  'Prescribed & Shipped Within 48 Hours',
];

async function adminPage(browser: Browser, admin: AdminAccount, url: string) {
  const context = await browser.newContext({
    storageState: admin.storageState,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(url);
  await waitForHydration(page, 'main');
  return page;
}

/** The home page's card of one provider, found by its heading. */
function homeCard(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Featured providers, best first' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

test('a provider with nothing entered shows no invented content; an entered count shows its source', async ({
  browser,
  admin,
}) => {
  test.slow();
  const name = `Bare E2E Clinic ${Date.now().toString(36)}`;
  const page = await adminPage(browser, admin, '/admin/providers/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Website URL' }).fill('https://bare-clinic.example');
  await page.getByRole('switch', { name: 'Featured' }).click();
  // The specification's bullets are suggestions, not defaults: nothing is added unless clicked.
  await expect(
    page.getByRole('button', { name: 'Add feature: Prescribed & Shipped Within 48 Hours' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Features' })).toHaveValue('');
  await page.getByRole('button', { name: 'Create Provider' }).click();
  await expect(
    page.getByText('Provider created successfully', { exact: true }).first(),
  ).toBeVisible();

  // A visitor's home page: the card is there, with nothing invented.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  const card = homeCard(visitor, name);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`See prices on ${name}'s site`);
  await expect(card).toContainText('Needs Improvement');
  for (const text of INVENTED) await expect(card).not.toContainText(text);
  await expect(card.getByRole('list', { name: `${name} features` })).toHaveCount(0);
  // The server-rendered HTML neither: its card (from its name to the next card) has none of it.
  const html = await (await visitor.request.get('/')).text();
  const start = html.indexOf(`>${name}<`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf('<article', start);
  const cardHtml = html.slice(start, end === -1 ? undefined : end);
  expect(cardHtml).toContain('See prices on');
  for (const text of INVENTED) expect(cardHtml).not.toContain(text.replace('&', '&amp;'));

  // The administrator enters a Trustpilot review count and adds one suggested feature.
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  await page.getByRole('textbox', { name: 'Trustpilot review count' }).fill('12,431');
  await page
    .getByRole('button', { name: 'Add feature: Free 2-Minute Quiz – No Insurance Needed' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Features' })).toHaveValue(
    'Free 2-Minute Quiz – No Insurance Needed',
  );
  await page.getByRole('button', { name: 'Update Provider' }).click();
  await expect(
    page.getByText('Provider updated successfully', { exact: true }).first(),
  ).toBeVisible();

  // The administrator checks the prices on the provider's site: 'Prices verified'.
  await expect(page.getByRole('heading', { name: 'Providers', exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Prices verified for ${name}`, exact: true }).click();
  await expect(page.getByText('Prices marked as checked today').first()).toBeVisible();
  const today = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());

  // Another visitor (the first one's browser may keep the page for its max-age of 60 s).
  await visitor.context().close();
  const next = await browser.newPage();
  await next.goto('/');
  const updated = homeCard(next, name);
  await expect(updated).toContainText('12,431 Trustpilot reviews');
  await expect(updated).toContainText('Free 2-Minute Quiz – No Insurance Needed');
  await expect(updated).not.toContainText('Same Ingredient as Ozempic');
  await expect(updated).not.toContainText('votes');
  await expect(updated).toContainText(`Prices checked ${today}`);
  await next.context().close();
  await page.context().close();
});
