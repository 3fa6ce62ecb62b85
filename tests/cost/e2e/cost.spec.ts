/**
 * The all-in cost path (issue 25), as a visitor and an administrator use it:
 * - 'what will 6 months of compounded tirzepatide cost me in Ohio, all in, and can I cancel?'
 *   answered from /cost and one provider page, at 390 px and at 1280 px: the demo providers
 *   serving Ohio ranked by their all-in total, an itemised breakdown, a row whose prices stop
 *   early saying so, the provider's 'Can I leave?' table, and each fact group dated 'demo data';
 * - the same question with the keyboard only, and without JavaScript (the GET form), where a
 *   wrong value in the address answers 400 with the message beside its field;
 * - axe finds nothing on /cost with results, on a provider page and on its change log;
 * - an administrator changes a provider's fees: its public change log lists the dated entries
 *   and names no administrator;
 * - the open data links download CSV and JSON.
 *
 * The ranking reads the seeded demo providers (commands/providers/seed.ts); the providers this
 * file lists have names unique to the run and serve no tirzepatide, so the ranking stays theirs.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { providerSlug } from '../../../domain/providers/slug';
import { expect, test, waitForHydration } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

const RUN = Date.now().toString(36);

const TODAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date());
const TODAY_ISO = new Date().toISOString().slice(0, 10);

/** The question's answer in the address the form makes. */
const QUESTION = '/cost?medication=tirzepatide&form=compounded&months=6&state=OH';
const RESULTS = '6 months of tirzepatide in Ohio, held at 15 mg';
const FIRST = 'Example Telehealth Co.';
// 1 introductory fill at $229, then 5 mg to 15 mg, held at 15 mg: membership, consult and
// shipping are included or $0 (the seed's fees).
const FIRST_TOTAL = `$${(229 + 329 + 379 + 429 + 469 + 499 + 499).toLocaleString('en-US')}`;
const STOPS = 'Placeholder Health Partners';

async function visitor(
  browser: Browser,
  url: string,
  options: { width?: number; bypassCSP?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  await page.goto(url);
  await waitForHydration(page, 'main');
  return page;
}

async function noHorizontalScroll(page: Page, width: number) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `no horizontal scrolling at ${width} px on ${page.url()}`,
  ).toBeLessThanOrEqual(width);
}

/** A row of the ranking, by its provider's name. */
function costRow(results: Locator, name: string) {
  return results.getByRole('listitem').filter({
    has: results.page().getByRole('heading', { level: 4, name: new RegExp(`${name}$`) }),
  });
}

/** The ranking's providers, in their order (the headings read '1. Name'). */
async function rankedNames(results: Locator) {
  const headings = await results.getByRole('heading', { level: 4 }).allInnerTexts();
  return headings.map((h) => h.replace(/^\d+\.\s*/, '').trim());
}

/** What the visitor checks once the ranking for the question is on the page. */
async function checkRanking(page: Page) {
  await expect(page).toHaveURL(/[?&]medication=tirzepatide/);
  await expect(page).toHaveURL(/[?&]form=compounded/);
  await expect(page).toHaveURL(/[?&]months=6/);
  await expect(page).toHaveURL(/[?&]state=OH/);
  const results = page.getByRole('region', { name: RESULTS });
  await expect(results).toBeVisible();
  // The demo providers serving Ohio with compounded tirzepatide, fully known totals first.
  const names = await rankedNames(results);
  expect(names[0]).toBe(FIRST);
  expect(names).toContain(STOPS);
  const first = costRow(results, FIRST);
  await expect(first.getByRole('heading', { level: 4 })).toHaveText(
    /^1\.\s*Example Telehealth Co\.$/,
  );
  await expect(first).toContainText(`6-month total${FIRST_TOTAL}`);
  await expect(first).toContainText('no minimum term, 3 days cancellation notice');
  await expect(
    results.getByRole('region', { name: 'Fully known totals' }).getByRole('listitem').first(),
  ).toContainText(FIRST);
  // A row whose prices stop before the path ends says where, and its total is not a total.
  const stops = results
    .getByRole('region', { name: 'A dose on your path has no price' })
    .getByRole('listitem')
    .filter({ hasText: STOPS });
  await expect(stops).toContainText('No price for 12.5 mg');
  await expect(stops).toContainText('+ unknown');
  await expect(stops).toContainText('minimum term unknown, cancellation notice unknown');
  // Demo facts are dated 'demo data', never the seeding day.
  await expect(first).toContainText('prices: demo data');
  await expect(results).not.toContainText(TODAY);
  return { results, first };
}

/** The first row's breakdown, opened: its items and its seven four-week fills. */
async function checkBreakdown(first: Locator) {
  const items = first.getByRole('list', { name: 'Items of the 6-month total' });
  await expect(items).toBeVisible();
  await expect(items.getByRole('listitem')).toHaveText([
    /^Medication \(7 four-week fills, 2\.5 mg to 15 mg; 1 fill at the introductory price\)\s*\$2,833$/,
    /^Membership fee \(Included\)\s*\$0$/,
    /^Consult fee\s*\$0$/,
    /^Shipping fee \(Included\)\s*\$0$/,
  ]);
  await expect(first).toContainText('Fill 1: 2.5 mg weekly (introductory price)$229');
  await expect(first).toContainText('Fill 7: 15 mg weekly$499');
  await expect(first).toContainText('Prices: demo data; fees: demo data; terms: demo data.');
}

/**
 * A section of a page by its heading's name (a table's scroll frame that overflows is a region
 * named after its caption, which may be the same words, but holds no heading).
 */
function section(scope: Page | Locator, name: string) {
  const page = 'page' in scope ? scope.page() : scope;
  return scope
    .getByRole('region', { name, exact: true })
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The provider page answers 'can I cancel?', with the same total, every group 'demo data'. */
async function checkProviderPage(page: Page) {
  await expect(page).toHaveURL(/\/providers\/example-telehealth-co$/);
  await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();

  const leave = section(page, 'Can I leave?');
  const terms = leave.getByRole('table', { name: 'Exit terms' });
  await expect(terms.getByRole('row', { name: /^Minimum term/ })).toHaveText(/Minimum term\s*None/);
  await expect(terms.getByRole('row', { name: /^Cancellation notice/ })).toHaveText(
    /Cancellation notice\s*3 days/,
  );
  await expect(terms.getByRole('row', { name: /^Cancel online/ })).toHaveText(
    /Cancel online\s*Yes/,
  );

  const allIn = section(page, 'What it costs, all in');
  const offer = section(allIn, 'Tirzepatide, compounded vial');
  const sixMonths = offer.locator('summary').filter({ hasText: /^6 months/ });
  await expect(sixMonths).toContainText(FIRST_TOTAL);
  await sixMonths.click();
  const items = offer.getByRole('table', {
    name: 'Tirzepatide, compounded vial: 6 months, item by item',
  });
  await expect(items.getByRole('row', { name: /^Medication/ })).toContainText(FIRST_TOTAL);

  // Each fact group says where it was read and 'demo data', never today's date.
  const groups = [
    section(allIn, 'Semaglutide, compounded vial'),
    offer,
    section(allIn, 'Fees'),
    leave,
    section(page, 'Care and trust'),
  ];
  for (const group of groups) {
    await expect(group).toContainText("Source: provider's page · demo data");
    await expect(group).not.toContainText(TODAY);
  }
  // Nor does 'Prices checked' anywhere on the page: nobody checked demo prices.
  await expect(page.locator('main')).not.toContainText(`Prices checked ${TODAY}`);
}

for (const width of [390, 1280]) {
  test(`at ${width} px: what 6 months of compounded tirzepatide cost in Ohio, all in, and whether one can cancel`, async ({
    browser,
  }) => {
    test.slow();
    const page = await visitor(browser, '/cost', { width });
    await expect(
      page.getByRole('heading', { level: 1, name: 'What GLP-1 treatment really costs, all in' }),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Your treatment' });
    await form.getByRole('combobox', { name: 'Medication' }).selectOption({ label: 'Tirzepatide' });
    await form.getByRole('combobox', { name: 'Form' }).selectOption({ label: 'Compounded' });
    await form.getByRole('combobox', { name: 'Months' }).selectOption({ label: '6 months' });
    await form.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Ohio' });
    await form.getByRole('button', { name: 'Rank by all-in cost' }).click();

    const { first } = await checkRanking(page);
    await noHorizontalScroll(page, width);
    await first.getByText('Itemised breakdown').click();
    await checkBreakdown(first);
    await noHorizontalScroll(page, width);

    await first.getByRole('link', { name: FIRST, exact: true }).click();
    await checkProviderPage(page);
    await noHorizontalScroll(page, width);
    await page.context().close();
  });
}

test('with the keyboard only: Tab to the fields, choose, submit with Enter, open a breakdown', async ({
  browser,
}) => {
  test.slow();
  const page = await visitor(browser, '/cost');

  /** Presses Tab until `target` has the focus (fails after `max` presses). */
  async function tabTo(target: Locator, max = 80) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (await target.evaluate((el) => el === document.activeElement)) return;
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }

  // Each field reached with Tab and chosen with the arrow keys or by typing, as on a closed
  // select.
  const form = page.getByRole('form', { name: 'Your treatment' });
  const medication = form.getByRole('combobox', { name: 'Medication' });
  await tabTo(medication);
  await page.keyboard.press('ArrowUp');
  await expect(medication).toHaveValue('semaglutide');
  await page.keyboard.press('ArrowDown');
  await expect(medication).toHaveValue('tirzepatide');
  await page.keyboard.press('Tab');
  const formField = form.getByRole('combobox', { name: 'Form' });
  await expect(formField).toBeFocused();
  await page.keyboard.press('Home');
  await expect(formField).toHaveValue('compounded');
  await page.keyboard.press('Tab');
  const months = form.getByRole('combobox', { name: 'Months' });
  await expect(months).toBeFocused();
  await page.keyboard.press('End');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
  await expect(months).toHaveValue('6');
  await page.keyboard.press('Tab');
  const state = form.getByRole('combobox', { name: 'State' });
  await expect(state).toBeFocused();
  await page.keyboard.type('Ohio');
  await expect(state).toHaveValue('OH');
  // The ZIP box is next: Enter in it submits the form.
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: 'or ZIP code' })).toBeFocused();
  await page.keyboard.press('Enter');

  const { results, first } = await checkRanking(page);
  const summary = first.getByText('Itemised breakdown');
  await tabTo(summary);
  await page.keyboard.press('Enter');
  await checkBreakdown(first);
  // Space opens another row's breakdown.
  const stops = costRow(results, STOPS);
  await tabTo(stops.getByText('Itemised breakdown'));
  await page.keyboard.press('Space');
  await expect(stops.getByRole('list', { name: 'Items of the 6-month total' })).toBeVisible();
  await expect(stops).toContainText('Fill 5: 12.5 mg weeklyno price for 12.5 mg');
  await page.context().close();
});

test('without JavaScript: the GET form answers the question, and a wrong value answers 400 beside its field', async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/cost');
  const form = page.getByRole('form', { name: 'Your treatment' });
  await form.getByRole('combobox', { name: 'Medication' }).selectOption({ label: 'Tirzepatide' });
  await form.getByRole('combobox', { name: 'Form' }).selectOption({ label: 'Compounded' });
  await form.getByRole('combobox', { name: 'Months' }).selectOption({ label: '6 months' });
  await form.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Ohio' });
  await form.getByRole('button', { name: 'Rank by all-in cost' }).click();
  const { first } = await checkRanking(page);
  await first.getByText('Itemised breakdown').click();
  await checkBreakdown(first);
  await first.getByRole('link', { name: FIRST, exact: true }).click();
  await checkProviderPage(page);

  // Months 13: 400, the form again with the message beside Months.
  const badMonths = await page.goto(
    '/cost?medication=tirzepatide&form=compounded&months=13&state=OH',
  );
  expect(badMonths?.status()).toBe(400);
  const monthsMessage = 'Months must be a whole number from 1 to 12';
  await expect(page.getByRole('alert')).toContainText(monthsMessage);
  const months = page.getByRole('combobox', { name: 'Months' });
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  await expect(months).toHaveAccessibleDescription(monthsMessage);
  // Beside it: in the field's own group, right after the box.
  await expect(months.locator('xpath=following-sibling::p[1]')).toHaveText(monthsMessage);
  await expect(page.getByRole('region', { name: /months of tirzepatide/ })).toHaveCount(0);

  // A ZIP code that is not one: 400, the message beside the ZIP box, the other fields kept.
  const badZip = await page.goto('/cost?medication=tirzepatide&form=compounded&months=6&zip=abc');
  expect(badZip?.status()).toBe(400);
  const zip = page.getByRole('textbox', { name: 'or ZIP code' });
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toHaveValue('abc');
  await expect(zip).toHaveAccessibleDescription(/ZIP code: Enter a 5-digit US ZIP code/);
  await expect(zip.locator('xpath=following-sibling::p[last()]')).toHaveText(
    /^ZIP code: Enter a 5-digit US ZIP code/,
  );
  await expect(page.getByRole('combobox', { name: 'Form' })).toHaveValue('compounded');
  await expect(page.getByRole('combobox', { name: 'Months' })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );

  // A ZIP code in Ohio answers the same question.
  const ohioZip = await page.goto(
    '/cost?medication=tirzepatide&form=compounded&months=6&zip=43004',
  );
  expect(ohioZip?.status()).toBe(200);
  await expect(
    page.getByText('Your ZIP code is in Ohio: showing providers serving Ohio.'),
  ).toBeVisible();
  await expect(costRow(page.getByRole('region', { name: RESULTS }), FIRST)).toContainText(
    FIRST_TOTAL,
  );
  await context.close();
});

test('axe finds nothing on /cost with results, on a provider page with its costs, and on its change log', async ({
  browser,
}) => {
  test.slow();
  for (const url of [
    QUESTION,
    '/providers/example-telehealth-co',
    '/providers/example-telehealth-co/changes',
    `/providers/${providerSlug(STOPS)}`,
  ]) {
    const page = await visitor(browser, url, { bypassCSP: true });
    // With the breakdowns open, so their content is measured too.
    for (const summary of await page.locator('main details > summary').all()) {
      await summary.click();
    }
    expect(await axeViolations(page), `axe on ${url}`).toEqual([]);
    await page.context().close();
  }
});

test("an administrator changes a provider's fees: its public change log is dated and names no administrator", async ({
  browser,
  admin,
  openAdmin,
}) => {
  test.slow();
  // Unique to the run and to this attempt (the server keeps its providers between tests).
  const name = `Change Log Clinic ${RUN} ${Math.random().toString(36).slice(2, 7)}`;
  const slug = providerSlug(name);
  const page = await openAdmin('/admin/providers');
  const session = await page.request.get('/api/admin/session');
  const { csrfToken, user } = (await session.json()) as {
    csrfToken: string;
    user: { id: string; email: string };
  };
  const headers = { 'X-CSRF-Token': csrfToken, Origin: new URL(page.url()).origin };
  // Listed with price tables, as before offers existed (semaglutide only: the tirzepatide
  // ranking above stays the demo providers').
  const created = await page.request.post('/api/admin/providers', {
    data: {
      name,
      websiteUrl: `https://${slug}.example`,
      states: ['OH'],
      medications: ['Semaglutide'],
      prices: { semaglutide: { '0.25mg': 189, '0.5mg': 219 } },
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const fees = (membership: number) => ({
    fees: {
      membership: { amount: { kind: 'amount', usd: membership }, includesMedication: false },
      oneTime: [
        { name: 'consult', amount: { kind: 'amount', usd: 25 } },
        { name: 'labs', amount: { kind: 'unknown' } },
      ],
      shippingPerOrder: { kind: 'included' },
      checked: {
        source: { url: `https://${slug}.example/pricing`, kind: 'provider-page' },
        checkedOn: TODAY_ISO,
      },
    },
  });
  for (const membership of [39, 49]) {
    const put = await page.request.put(`/api/admin/providers/${id}/fees`, {
      data: fees(membership),
      headers,
    });
    expect(put.ok(), await put.text()).toBe(true);
  }
  // A bad fee is refused naming the field.
  const refused = await page.request.put(`/api/admin/providers/${id}/fees`, {
    data: fees(-1),
    headers,
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('Membership fee must be 0 or more');

  // The visitor's change log: newest first, every entry dated, no administrator named.
  const log = await visitor(browser, `/providers/${slug}/changes`, { bypassCSP: true });
  await expect(
    log.getByRole('heading', { level: 1, name: `${name}: price and fact changes` }),
  ).toBeVisible();
  const entries = log
    .getByRole('list', { name: `Changes to ${name}, newest first` })
    .locator('> li');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(/Membership fee: \$39\/mo\s*→\s*to \$49\/mo/);
  await expect(entries.nth(1)).toContainText('Fees entered');
  await expect(entries.nth(1)).toContainText('Labs fee');
  await expect(entries.nth(2)).toContainText('Listed on the site');
  await expect(entries.nth(2)).toContainText('$189/mo');
  for (const entry of await entries.all()) {
    await expect(entry.locator('time')).toHaveAttribute('datetime', new RegExp(`^${TODAY_ISO}`));
    await expect(entry.locator('time')).toHaveText(TODAY);
  }
  const text = await log.locator('main').innerText();
  for (const who of [admin.email, admin.email.split('@')[0] ?? admin.email, user.id]) {
    expect(text).not.toContain(who);
  }
  expect(text).not.toMatch(/\b(administrator|admin)\b/i);
  expect(await axeViolations(log), 'axe on the change log').toEqual([]);

  // The provider page shows the fees as entered, with their source and today's check.
  await log.getByRole('link', { name: `Back to ${name}` }).click();
  await expect(log).toHaveURL(new RegExp(`/providers/${slug}$`));
  const feeGroup = section(log, 'Fees');
  await expect(feeGroup.getByRole('row', { name: /^Membership or program fee/ })).toContainText(
    '$49',
  );
  await expect(feeGroup.getByRole('row', { name: /^Labs fee/ })).toContainText('Unknown');
  await expect(feeGroup).toContainText(`Source: provider's page`);
  await expect(feeGroup).toContainText(TODAY);
  await log.context().close();
});

test('the open data links on /cost download the prices as CSV and JSON', async ({ browser }) => {
  const page = await visitor(browser, '/cost');
  const openData = page.getByRole('region', { name: 'Open data' });
  const csvLink = openData.getByRole('link', { name: 'Prices as CSV' });
  const jsonLink = openData.getByRole('link', { name: 'Prices as JSON' });

  const [download] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  expect(download.suggestedFilename()).toBe('vialcompare-prices.csv');

  const csv = await page.request.get((await csvLink.getAttribute('href')) ?? '');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv\b/);
  expect(csv.headers()['content-disposition']).toContain('attachment');
  const csvText = await csv.text();
  expect(csvText).toContain(FIRST);
  expect(csvText).toContain('demo data');

  const json = await page.request.get((await jsonLink.getAttribute('href')) ?? '');
  expect(json.status()).toBe(200);
  expect(json.headers()['content-type']).toMatch(/^application\/json\b/);
  const data = JSON.stringify(await json.json());
  expect(data).toContain(FIRST);
  expect(data).toContain('CC BY 4.0');
  await page.context().close();
});
