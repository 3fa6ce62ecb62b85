/**
 * The back office and the public ranking, end to end on the built app: an administrator
 * created with `npm run admin:create` signs in, lists a featured provider, visitors see it
 * ranked first (in the browser and in the server-rendered HTML), and the audit log names who
 * did it. Around it: the sign-in page's redirects (also without JavaScript), a wrong password,
 * the keyboard, and the home page's coupon chip and outbound links.
 *
 * The home page's other providers are the five fictional demo providers a fresh data folder
 * is seeded with (commands/seed.ts); 'Example Telehealth Co.' has the code DEMO50.
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  expect,
  openLoginPage,
  signInWithForm,
  test,
  waitForHydration,
} from '../../support/e2e/admin';

const HOME_TITLE = 'VialCompare: Compare GLP-1 Weight Loss Providers';
const DEMO_PROVIDER = 'Example Telehealth Co.';
const DEMO_CODE = 'DEMO50';
const DEMO_SITE = 'https://telehealth-co.example/';

/** The back office's providers table (desktop width). */
function providersTable(page: Page) {
  return page.getByRole('table', { name: 'Providers' });
}

/** The ranked list on the home page, best first. */
function ranking(page: Page) {
  return page.getByRole('list', { name: 'Featured providers, best first' }).getByRole('listitem');
}

/** One provider's card in the ranking, found by its heading. */
function providerCard(page: Page, name: string) {
  return ranking(page).filter({
    has: page.getByRole('heading', { level: 3, name, exact: true }),
  });
}

/** Opens the home page and waits until the provider list is hydrated. */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(ranking(page).first()).toBeVisible();
  await waitForHydration(page, 'ol[aria-label="Featured providers, best first"] button');
}

/** Provider sites are fictional (.example): answer them locally so new tabs load at once. */
async function stubProviderSites(context: BrowserContext) {
  await context.route(/^https?:\/\/[^/]+\.example\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Provider site</title>' }),
  );
}

test.describe('administrator and visitors', () => {
  test('an administrator signs in, creates a featured provider, and visitors see it ranked first', async ({
    page,
    browser,
    request,
    baseURL,
    admin,
  }) => {
    test.slow();
    // Unique, and ranked by name ahead of any earlier run's (rating ties sort by name): the
    // suffix decreases with time and keeps its length.
    const name = `Zenith E2E Clinic ${(2 ** 52 - Date.now()).toString(36)}`;

    // Sign in through the form.
    await signInWithForm(page, admin);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();

    // Providers: add one, featured, with the top detailed rating (the ranking sorts by it).
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Providers' })
      .click();
    await expect(page).toHaveURL(/\/admin\/providers$/);
    await expect(page.getByRole('heading', { name: 'Providers', exact: true })).toBeVisible();
    await expect(
      providersTable(page).getByRole('row', { name: new RegExp(DEMO_PROVIDER) }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add Provider' }).click();
    // The form has its own address.
    await expect(page).toHaveURL(/\/admin\/providers\/new$/);

    await expect(page.getByRole('heading', { name: 'Add New Provider' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Website URL' }).fill('https://zenith-clinic.example');
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('Created by the end-to-end journey.');
    await page.getByRole('checkbox', { name: 'Semaglutide', exact: true }).check();
    await page.getByRole('button', { name: 'All 50' }).click();
    await expect(page.getByText(/^(\d+) of \1 selected$/)).toBeVisible();
    const featured = page.getByRole('switch', { name: 'Featured' });
    await featured.click();
    await expect(featured).toBeChecked();
    await page.getByRole('textbox', { name: 'Discount code' }).fill('ZENITH15');
    await page.getByRole('spinbutton', { name: 'Detailed rating (0-5)' }).fill('5');
    await page.getByRole('button', { name: 'Create Provider' }).click();

    await expect(
      page.getByText('Provider created successfully', { exact: true }).first(),
    ).toBeVisible();
    // Back to the list, with the new provider in it.
    await expect(page.getByRole('heading', { name: 'Providers', exact: true })).toBeVisible();
    await expect(providersTable(page).getByRole('row', { name: new RegExp(name) })).toBeVisible();

    // A visitor (no cookies) sees it first, with the 'Best Overall' badge.
    const visitorContext = await browser.newContext();
    try {
      const visitor = await visitorContext.newPage();
      await openHome(visitor);
      const first = ranking(visitor).first();
      await expect(first.getByRole('heading', { level: 3 })).toHaveText(name);
      await expect(first).toContainText('Rank 1');
      await expect(first.getByText('Best Overall', { exact: true })).toBeVisible();
      await expect(first.getByRole('button', { name: 'Copy coupon code ZENITH15' })).toBeVisible();
      // The demo providers follow, and only the first card carries the badge.
      await expect(ranking(visitor).nth(1)).not.toContainText('Best Overall');
      await expect(visitor.getByText('Best Overall', { exact: true })).toHaveCount(1);
    } finally {
      await visitorContext.close();
    }

    // The server-rendered HTML already has it, with the page title and canonical link.
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(name);
    expect(html).toContain(`<title>${HOME_TITLE}</title>`);
    const canonical = /<link[^>]*\brel="canonical"[^>]*>/.exec(html)?.[0];
    expect(canonical).toContain(`href="${new URL('/', baseURL).href}"`);
    // The ranking in the HTML puts it before the demo providers.
    expect(html.indexOf(name)).toBeLessThan(html.indexOf(DEMO_PROVIDER));

    // The audit log says who listed it.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    const line = page
      .getByRole('row')
      .filter({ hasText: `Listed provider "${name}"` })
      .filter({ hasText: admin.email });
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('link', { name })).toBeVisible();
  });
});

test.describe('cost and trust facts', () => {
  test("an administrator moves a provider's price tables into offers, enters fees with an unknown, is warned about a claim, and rechecks an old fact", async ({
    openAdmin,
  }) => {
    test.slow();
    const page = await openAdmin('/admin/providers');
    const name = `Facts E2E ${Date.now().toString(36)}`;
    // Listed with price tables, as before offers existed.
    const session = await page.request.get('/api/admin/session');
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    const created = await page.request.post('/api/admin/providers', {
      data: {
        name,
        websiteUrl: 'https://facts-e2e.example',
        states: ['OH'],
        medications: ['Semaglutide'],
        prices: { semaglutide: { '0.25mg': 199, '0.5mg': 229 } },
      },
      headers: { 'X-CSRF-Token': csrfToken, Origin: new URL(page.url()).origin },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/admin/providers/${id}/edit`);
    await waitForHydration(page, 'form');

    // Offers: opened from the price tables, every price there; saving keeps them as offers.
    const offers = page.getByRole('region', { name: 'Offers' });
    await expect(offers).toContainText('Read from the price tables');
    await expect(
      offers.getByRole('textbox', { name: 'Offer 1 price per month for 0.25mg (USD)' }),
    ).toHaveValue('199');
    await expect(offers.getByRole('button', { name: 'Checked today' })).toBeDisabled();
    await offers.getByRole('button', { name: 'Save offers' }).click();
    await expect(offers.getByRole('status').filter({ hasText: 'Offers saved.' })).toBeVisible();
    await offers.getByRole('button', { name: 'Checked today' }).click();
    await expect(
      offers.getByRole('status').filter({ hasText: /Offers checked today \(\d{4}-\d{2}-\d{2}\)/ }),
    ).toBeVisible();

    // Fees: a negative amount is named at its field; shipping stays 'Unknown'.
    const fees = page.getByRole('region', { name: 'Fees' });
    await fees
      .getByRole('combobox', { name: 'Membership or programme fee per month: kind' })
      .selectOption('amount');
    const membership = fees.getByRole('textbox', {
      name: 'Membership or programme fee per month (USD)',
    });
    await membership.fill('-5');
    await fees.getByRole('button', { name: 'Save fees' }).click();
    await expect(fees.getByRole('alert')).toContainText('Membership fee must be 0 or more');
    await expect(membership).toHaveAttribute('aria-invalid', 'true');
    await expect(membership).toBeFocused();
    await membership.fill('49');
    await expect(fees.getByRole('combobox', { name: 'Shipping per order: kind' })).toHaveValue(
      'unknown',
    );
    await fees.getByRole('button', { name: 'Save fees' }).click();
    await expect(fees.getByRole('status').filter({ hasText: 'Fees saved.' })).toBeVisible();

    // Exit terms checked 120 days ago: saved, they need a recheck.
    const terms = page.getByRole('region', { name: 'Exit terms' });
    const old = new Date(Date.now() - 120 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await terms.getByRole('textbox', { name: 'Minimum term (months)' }).fill('3');
    await terms.getByLabel('Checked on').fill(old);
    await terms.getByRole('button', { name: 'Save exit terms' }).click();
    await expect(terms.getByRole('status').filter({ hasText: 'Exit terms saved.' })).toBeVisible();

    // A risky claim about a compounded offer is warned about, not refused.
    const features = page.getByRole('textbox', { name: 'Features' });
    await features.fill('Same as Ozempic');
    await expect(
      page.getByRole('status').filter({ hasText: /Claim warning: 'same as'/ }),
    ).toBeVisible();
    await features.fill('');

    // Needs recheck: the old terms are listed with their age; 'Checked today' takes them off.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Needs recheck' })
      .click();
    await expect(page).toHaveURL(/\/admin\/providers\/recheck$/);
    await expect(page.getByRole('heading', { name: 'Needs recheck', level: 1 })).toBeVisible();
    // The fees, saved without a checked date, are listed too (never checked, first).
    const line = page.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Exit terms' });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('120 days');
    await expect(line.getByRole('link', { name: `Edit Exit terms of ${name}` })).toHaveAttribute(
      'href',
      `/admin/providers/${id}/edit#facts-terms`,
    );
    await line.getByRole('button', { name: `Mark Exit terms of ${name} checked today` }).click();
    await expect(line).toHaveCount(0);
  });
});

test.describe('admin sign-in', () => {
  test('an unauthenticated visitor of /admin/dashboard lands on the login page, even without JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto('/admin/dashboard');
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.getByLabel('Password')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      // The other back-office pages too, naming the page to come back to once signed in.
      for (const [path, login] of [
        ['/admin/providers', '/admin/login?next=%2Fadmin%2Fproviders'],
        ['/admin/audit', '/admin/login?next=%2Fadmin%2Faudit'],
        ['/admin', '/admin/login'],
      ] as const) {
        await page.goto(path);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(login);
      }
    } finally {
      await context.close();
    }
  });

  test('the login form signs in before its JavaScript runs, and says why when it cannot', async ({
    browser,
    admin,
  }) => {
    // A click on Login before hydration posts the form to the server: it must not be lost.
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/admin/login');
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(`${admin.password} but wrong`);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/admin\/login\?problem=credentials$/);
      await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password');
      expect(page.url()).not.toContain(encodeURIComponent(admin.email));

      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      // Signed in (the dashboard itself draws once its JavaScript runs).
      const session = await context.request.get('/api/admin/session');
      expect(session.status()).toBe(200);
      expect(await session.json()).toMatchObject({ user: { email: admin.email } });
    } finally {
      await context.close();
    }
  });

  test('a deep link opened signed out opens after signing in, with JavaScript or without', async ({
    browser,
    admin,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      try {
        const page = await context.newPage();
        await page.goto('/admin/audit?kind=provider');
        await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faudit%3Fkind%3Dprovider$/);
        if (javaScriptEnabled) await waitForHydration(page, 'form');
        await page.getByLabel('Email').fill(admin.email);
        await page.getByLabel('Password').fill(admin.password);
        await page.getByRole('button', { name: 'Login' }).click();
        await expect(page).toHaveURL(/\/admin\/audit\?kind=provider$/);
        if (javaScriptEnabled) {
          await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
        }
      } finally {
        await context.close();
      }
    }
  });

  test('a signed-in administrator opening /admin/login goes to the dashboard', async ({
    browser,
    admin,
  }) => {
    const context = await browser.newContext({ storageState: admin.storageState });
    try {
      // The server redirects before any page renders.
      const redirect = await context.request.get('/admin/login', { maxRedirects: 0 });
      expect(redirect.status()).toBe(303);
      expect(redirect.headers()['location']).toBe('/admin/dashboard');

      const page = await context.newPage();
      await page.goto('/admin/login');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
      await expect(page.getByText(`Signed in as ${admin.email}`)).toBeVisible();
      const counts = page.getByRole('region', { name: 'Counts' }).getByRole('listitem');
      await expect(counts).toHaveCount(9);
      for (const [i, label] of [
        'Providers',
        'Facts to recheck',
        'Email subscriptions',
        'Keywords',
        'Images',
        'Blog posts',
        'New submissions',
        'Unread messages',
        'Clicks this week',
      ].entries())
        await expect(counts.nth(i)).toContainText(label);
      await expect(counts.first()).toContainText(/Providers\s*\d+/);
    } finally {
      await context.close();
    }
  });

  test('a wrong password shows the error and stays on the login page', async ({ page, admin }) => {
    await openLoginPage(page);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(`${admin.password} but wrong`);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' }),
    ).toHaveText('Invalid e-mail or password');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    // Nothing is left behind in the address bar.
    expect(page.url()).not.toContain('password');
  });

  test('the login form can be filled and submitted with the keyboard only', async ({
    page,
    admin,
  }) => {
    await openLoginPage(page);
    // The skip link is the first stop; it moves the focus to the main content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(admin.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  });
});

test.describe('home page', () => {
  test('copying a discount code shows Copied! for two seconds', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await stubProviderSites(context);
    await page.clock.install();
    await openHome(page);
    // The toast region is loaded after hydration: up before the clock stops (a toast asked
    // for before it is shown on a timer tick the paused clock would not give).
    await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
    // From here the page's time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1_000);

    const card = providerCard(page, DEMO_PROVIDER);
    const chip = card.getByRole('button', { name: new RegExp(`coupon code ${DEMO_CODE}`, 'i') });
    await expect(chip).toHaveText(DEMO_CODE);
    await chip.click();

    await expect(chip).toHaveText('Copied!');
    await expect(chip).toHaveAccessibleName(`Coupon code ${DEMO_CODE} copied`);
    // The toast library shows a toast on its next timer tick: let 1 ms pass.
    await page.clock.runFor(1);
    await expect(
      page.getByText(`Coupon code "${DEMO_CODE}" copied to clipboard!`, { exact: true }).first(),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DEMO_CODE);

    // Still 'Copied!' just before two seconds...
    await page.clock.runFor(1_998);
    await expect(chip).toHaveText('Copied!');
    // ...then the code again, and the provider's site opens in a new tab.
    const providerTab = context.waitForEvent('page');
    await page.clock.runFor(1);
    await expect(chip).toHaveText(DEMO_CODE);
    await expect(chip).toHaveAccessibleName(`Copy coupon code ${DEMO_CODE}`);
    const tab = await providerTab;
    await expect(tab).toHaveURL(DEMO_SITE);
  });

  test('affiliate links open in a new tab without opener', async ({ page, context }) => {
    await stubProviderSites(context);
    await openHome(page);

    const links = page.getByRole('link', { name: /opens .+ in a new tab/ });
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      await expect(link).toHaveAttribute('target', '_blank');
      const rel = ((await link.getAttribute('rel')) ?? '').split(/\s+/);
      expect(rel).toEqual(expect.arrayContaining(['noopener', 'sponsored']));
      // Through the site's counted redirect to the provider (tests/clicks/e2e/clicks-calculators).
      expect(await link.getAttribute('href')).toMatch(/^\/go\/[a-z0-9-]+$/);
    }

    const demoLink = providerCard(page, DEMO_PROVIDER).getByRole('link', {
      name: `(opens ${DEMO_PROVIDER} in a new tab)`,
    });
    const newTab = context.waitForEvent('page');
    await demoLink.click();
    const tab = await newTab;
    await expect(tab).toHaveURL(DEMO_SITE);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    // The visitor's own page stays where it was.
    await expect(page).toHaveURL(/\/$/);
  });
});
