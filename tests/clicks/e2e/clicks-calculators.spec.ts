/**
 * Outbound clicks and the calculators, as visitors and an administrator meet them:
 *   - a visitor's 'Get Started' goes through /go/{slug} and lands on the provider's URL with
 *     the affiliate tag (the external site is answered by page.route: no network needed); the
 *     back office counts that click, and not a request with a bot's user agent;
 *   - the BMI unit toggle keeps the person's values (195 lb -> 88.5 kg, 5 ft 10 in -> 177.8 cm);
 *   - an implausible height is refused with its message, with and without JavaScript;
 *   - the cost calculator labels each figure (issue 15's $199 vial) and fills a listed
 *     provider's price without sending the dose;
 *   - axe finds no violation on /admin/clicks and on the calculators.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, waitForHydration, type AdminAccount } from '../../support/e2e/admin';
import { axeViolations } from '../../support/e2e/axe';

/** A desktop browser's user agent: headless Chromium's own says 'HeadlessChrome', a bot. */
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function newContext(browser: Browser, options: { admin?: AdminAccount; js?: boolean } = {}) {
  return browser.newContext({
    userAgent: CHROME_UA,
    viewport: { width: 1280, height: 900 },
    // axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
    bypassCSP: true,
    javaScriptEnabled: options.js ?? true,
    ...(options.admin ? { storageState: options.admin.storageState } : {}),
  });
}

/** Answers every provider site (*.example) locally, so no navigation leaves the machine. */
async function stubProviderSites(context: BrowserContext) {
  await context.route(/^https?:\/\/[^/]+\.example\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Provider site</title>' }),
  );
}

/** Lists a featured provider through the back office's API; returns its name's slug. */
async function listProvider(page: Page, details: Record<string, unknown>) {
  const session = await page.request.get('/api/admin/session');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const response = await page.request.post('/api/admin/providers', {
    data: details,
    headers: { 'X-CSRF-Token': csrfToken, Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(201);
}

function field(page: Page, label: string) {
  return page.getByRole('tabpanel').getByRole('spinbutton', { name: label, exact: true });
}

async function openCalculator(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page, 'form[action="/calculator"]');
}

test.describe('outbound clicks', () => {
  test("a visitor's Get Started lands on the provider with the tag; the back office counts it, not a bot's request", async ({
    browser,
    admin,
  }) => {
    test.slow();
    const suffix = Date.now().toString(36);
    const name = `Clicks Health ${suffix}`;
    const slug = `clicks-health-${suffix}`;
    const site = `https://clicks-${suffix}.example/start`;

    const adminContext = await newContext(browser, { admin });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin/dashboard');
    await waitForHydration(adminPage, 'main');
    await listProvider(adminPage, {
      name,
      websiteUrl: site,
      affiliateTag: 'ref=vialcompare',
      states: ['CA'],
      medications: ['Semaglutide'],
      featured: true,
      trustpilotScore: 5,
      googleScore: 5,
    });

    // The visitor arrives from a campaign and clicks Get Started on the card.
    const visitor = await newContext(browser);
    await stubProviderSites(visitor);
    const page = await visitor.newPage();
    await page.goto('/?utm_source=e2e');
    await waitForHydration(page, 'main');
    const link = page
      .getByRole('article', { name })
      .getByRole('link', { name: `(opens ${name} in a new tab)` });
    await expect(link).toHaveAttribute('href', `/go/${slug}?utm_source=e2e`);
    await expect(link).toHaveAttribute('rel', 'sponsored noopener');
    await expect(link).toHaveAttribute('target', '_blank');
    const tabOpened = visitor.waitForEvent('page');
    await link.click();
    const tab = await tabOpened;
    await tab.waitForURL(`${site}?utm_source=e2e&ref=vialcompare`);
    await expect(tab).toHaveTitle('Provider site');

    // A crawler following the same link is redirected but not counted.
    const bot = await page.request.get(`/go/${slug}`, {
      headers: { 'User-Agent': GOOGLEBOT_UA },
      maxRedirects: 0,
    });
    expect(bot.status()).toBe(302);
    expect(bot.headers()['location']).toBe(`${site}?ref=vialcompare`);
    await visitor.close();

    // The back office: one click today for this provider.
    await adminPage.goto('/admin/clicks');
    await waitForHydration(adminPage, 'main');
    await expect(
      adminPage.getByRole('heading', { level: 1, name: 'Outbound clicks' }),
    ).toBeVisible();
    const row = adminPage.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell').first()).toHaveText('1');
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await expect(
      adminPage.getByRole('img', { name: /Clicks per day, all providers/ }),
    ).toBeVisible();
    expect(await axeViolations(adminPage)).toEqual([]);

    // The export has today's row for it.
    const csv = await adminPage.request.get('/api/admin/clicks.csv');
    expect(csv.status()).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(await csv.text()).toContain(`${name},${today},1\r\n`);

    // The dashboard's 'Clicks this week' links to the screen.
    await adminPage.goto('/admin/dashboard');
    await waitForHydration(adminPage, 'main');
    const tile = adminPage.getByRole('link', { name: /Clicks this week/ });
    await expect(tile).toHaveAttribute('href', '/admin/clicks');
    await expect(tile).toContainText(/\d/);
    await adminContext.close();
  });
});

test.describe('calculators', () => {
  test('the BMI toggle keeps the values: 195 lb and 5 ft 10 in become 88.5 kg and 177.8 cm, and back', async ({
    browser,
  }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openCalculator(page, '/calculator?tab=bmi');
    expect(await axeViolations(page)).toEqual([]);
    await field(page, 'Weight (lb)').fill('195');
    await field(page, 'Height (feet)').fill('5');
    await field(page, 'Inches').fill('10');

    await page.getByText('Metric (kg, cm)').click();
    await expect(field(page, 'Weight (kg)')).toHaveValue('88.5');
    await expect(field(page, 'Height (cm)')).toHaveValue('177.8');

    await page.getByText('Imperial (lb, ft)').click();
    await expect(field(page, 'Weight (lb)')).toHaveValue('195');
    await expect(field(page, 'Height (feet)')).toHaveValue('5');
    await expect(field(page, 'Inches')).toHaveValue('10');
    await context.close();
  });

  test('an implausible height is refused with its message (with JavaScript)', async ({
    browser,
  }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openCalculator(page, '/calculator?tab=bmi&units=metric');
    await field(page, 'Weight (kg)').fill('100');
    await field(page, 'Height (cm)').fill('5.9');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Calculate' }).click();

    const height = field(page, 'Height (cm)');
    await expect(height).toHaveAttribute('aria-invalid', 'true');
    await expect(height).toHaveAccessibleDescription(/Height must be between 90 and 250 cm/);
    await expect(page.getByTestId('bmi-value')).toHaveCount(0);
    await expect(height).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test('an implausible height is refused with its message (without JavaScript)', async ({
    browser,
  }) => {
    const context = await newContext(browser, { js: false });
    const page = await context.newPage();
    await page.goto('/calculator?tab=bmi');
    await field(page, 'Weight (lb)').fill('195');
    await field(page, 'Height (feet)').fill('9');
    await field(page, 'Inches').fill('0');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Calculate' }).click();

    await expect(page).toHaveURL(/units=imperial&weight=195&height=&feet=9&inches=0/);
    await expect(page.getByText('Height must be between 3 and 8 ft')).toBeVisible();
    await expect(field(page, 'Height (feet)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('bmi-value')).toHaveCount(0);

    await page.goto('/calculator?tab=bmi&units=metric&weight=1000&height=180');
    await expect(page.getByText('Weight must be between 25 and 350 kg')).toBeVisible();
    await context.close();
  });

  test("the cost figures say what they are: $199 for a 2 ml vial at 2.5 mg/ml, and a provider's price", async ({
    browser,
    admin,
  }) => {
    const suffix = Date.now().toString(36);
    const name = `Priced Health ${suffix}`;
    const adminContext = await newContext(browser, { admin });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin/dashboard');
    await waitForHydration(adminPage, 'main');
    await listProvider(adminPage, {
      name,
      websiteUrl: `https://priced-${suffix}.example`,
      states: ['CA'],
      medications: ['Semaglutide'],
      featured: false,
      prices: { semaglutide: { '0.25mg': 149 }, tirzepatide: {} },
    });
    await adminContext.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => sent.push(request.url()));
    await openCalculator(page, '/calculator?tab=cost');
    await field(page, 'Price per vial ($)').fill('199');
    await field(page, 'Vial volume (ml)').fill('2');
    await field(page, 'Concentration (mg/ml)').fill('2.5');
    await field(page, 'Weekly dose (mg)').fill('0.25');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Calculate' }).click();

    const figures = page.getByTestId('cost-figures');
    await expect(page.getByTestId('cost-per-mg')).toHaveText('$39.80');
    await expect(figures).toContainText('Price entered$199 per vial');
    await expect(figures).toContainText('Cost per dose$9.95');
    await expect(figures).toContainText('Doses per vial20 weekly doses');
    await expect(figures).toContainText('Weeks the vial lasts at this dose20 weeks');
    await expect(page.getByTestId('cost-monthly')).toHaveText('$43.12');
    await expect(figures).toContainText('Annual cost$517.44');
    expect(await axeViolations(page)).toEqual([]);

    // 'Use a provider's price' lists the listed provider's entered price for 0.25 mg.
    await page.getByRole('button', { name: 'Use a provider’s price' }).click();
    const provider = page.getByRole('combobox', { name: 'Provider' });
    await expect(provider.getByRole('option', { name: `${name}: $149/mo` })).toHaveCount(1);
    await provider.selectOption({ label: `${name}: $149/mo` });
    await expect(field(page, 'Price per month ($)')).toHaveValue('149');
    expect(await axeViolations(page)).toEqual([]);
    // The price list was fetched without the dose; nothing but the page's own URL holds it.
    const priceList = sent.filter((url) => url.includes('/api/calculator/provider-prices'));
    expect(priceList.length).toBeGreaterThan(0);
    for (const url of sent.filter((u) => !u.includes('/calculator?'))) {
      expect(url).not.toMatch(/0\.25|weeklyDose/);
    }
    await context.close();
  });
});
