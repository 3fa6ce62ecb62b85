/**
 * The public site as a new visitor and a search engine meet it (issue 11): no internal link
 * answers 404 (a crawl from / to depth 3), every page has its own title, description,
 * canonical, Open Graph tags, JSON-LD that parses, and one h1; the contact form works without
 * JavaScript; search and the GLP-1 AI answer from the server.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

const PAGES = [
  '/',
  '/calculator',
  '/about',
  '/contact',
  '/vial-score',
  '/support',
  '/privacy-policy',
  '/terms-of-use',
  '/cookie-policy',
  '/search',
  '/glp1-ai',
];

/** The same-origin links of an HTML page, without fragments. */
function internalLinks(html: string, base: string): string[] {
  const out = new Set<string>();
  for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
    if (!href || href.startsWith('mailto:')) continue;
    const url = new URL(href.replace(/&amp;/g, '&'), base);
    if (url.origin !== new URL(base).origin) continue;
    out.add(`${url.pathname}${url.search}`);
  }
  return [...out];
}

async function crawl(request: APIRequestContext, base: string, depth: number) {
  const seen = new Map<string, number>();
  let frontier = ['/'];
  for (let level = 0; level <= depth && frontier.length; level++) {
    const next: string[] = [];
    const pending = [...new Set(frontier)].filter((path) => !seen.has(path));
    // Eight at a time: the footer links the city index, whose every city is the third click.
    for (let i = 0; i < pending.length; i += 8) {
      await Promise.all(
        pending.slice(i, i + 8).map(async (path) => {
          const res = await request.get(path, { maxRedirects: 0 });
          seen.set(path, res.status());
          if (res.status() === 200 && (res.headers()['content-type'] ?? '').includes('text/html')) {
            next.push(...internalLinks(await res.text(), base));
          }
        }),
      );
    }
    frontier = next.filter((path) => !seen.has(path));
  }
  return seen;
}

test('every internal link from the home page, to depth 3, answers without a 404', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const statuses = await crawl(request, baseURL ?? '', 3);
  const broken = [...statuses].filter(([, status]) => status >= 400);
  expect(broken).toEqual([]);
  // The top bar, the footer and the tool cards were all reached.
  for (const path of [
    '/about',
    '/contact',
    '/privacy-policy',
    '/cookie-policy',
    '/support',
    '/glp1-ai',
    '/vial-score',
  ]) {
    expect(statuses.get(path), path).toBe(200);
  }
});

test('every page has its own metadata, parsable JSON-LD and one h1', async ({ page }) => {
  const titles = new Set<string>();
  for (const path of PAGES) {
    await page.goto(path);
    const title = await page.title();
    expect(title.length, `${path} title`).toBeLessThanOrEqual(60);
    titles.add(title);
    await expect(page.locator('h1'), path).toHaveCount(1);
    expect(await page.locator('meta[name="description"]').count(), path).toBe(1);
    await expect(page.locator('meta[property="og:title"]'), path).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute(
      'href',
      new RegExp(`${path === '/' ? '/' : path}$`),
    );
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.map((s) => JSON.parse(s.textContent ?? '') as { '@type': string }),
      );
    expect(
      blocks.map((b) => b['@type']),
      path,
    ).toEqual(expect.arrayContaining(['WebSite', 'Organization']));
  }
  expect(titles.size).toBe(PAGES.length);
});

test('an unknown page says so with a 404, noindex and a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor sends a contact message with the plain form', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name').fill('No Script Visitor');
    await page.getByLabel('Email address').fill('noscript@example.com');
    await page.getByLabel('What is it about?').selectOption('content');
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Please explain compounded semaglutide.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact\?status=sent/);
    await expect(page.getByRole('status')).toContainText('Your message has been sent');
  });

  test('a visitor subscribes to the newsletter with the plain form, the address in no URL', async ({
    page,
  }) => {
    const email = `noscript-${Date.now()}@example.com`;
    await page.goto('/');
    const signup = page.getByRole('region', { name: 'Weekly GLP-1 updates' });
    await signup.getByLabel('Email address').fill(email);
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/\?newsletter=subscribed#newsletter$/);
    await expect(signup.getByRole('status')).toContainText('Successfully Subscribed!');

    await page.goto('/');
    await signup.getByLabel('Email address').fill(email);
    await signup.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/\?newsletter=duplicate#newsletter$/);
    await expect(signup.getByRole('alert')).toHaveText(
      'This email is already subscribed to our updates.',
    );
    expect(page.url()).not.toContain(encodeURIComponent(email));
  });

  test('search finds a provider by a misspelled medication, with the match highlighted', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search the site' }).first().fill('tirzepatid');
    await page.getByRole('searchbox', { name: 'Search the site' }).first().press('Enter');
    await expect(page).toHaveURL(/\/search\?q=tirzepatid/);
    await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible();
    await expect(page.locator('mark').first()).toHaveText(/tirzepatide/i);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test("on a phone the menu is a link to the footer's pages", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/calculator');
    await page.getByRole('link', { name: /^Menu/ }).click();
    await expect(page).toHaveURL(/#site-footer$/);
    await expect(page.getByRole('navigation', { name: 'Company' })).toBeInViewport();
  });

  test('a search with no match says so', async ({ page }) => {
    await page.goto('/search?q=xylophone');
    await expect(page.getByText('No results for “xylophone”')).toBeVisible();
  });

  test('the GLP-1 AI quotes a passage with its link, and says when it has no answer', async ({
    page,
  }) => {
    await page.goto('/glp1-ai?q=semaglutide+weekly+dose');
    const source = page
      .getByRole('listitem')
      .filter({ has: page.locator('blockquote') })
      .first();
    await expect(source.locator('blockquote')).toContainText('0.25 mg');
    await expect(source.getByRole('link', { name: 'GLP-1 Calculators' })).toHaveAttribute(
      'href',
      '/calculator',
    );
    await expect(page.getByLabel('Medical disclaimer')).toBeVisible();

    await page.goto('/glp1-ai?q=best+pizza+in+naples');
    await expect(page.getByText('This site has no answer to “best pizza in naples”')).toBeVisible();
  });

  test('the Vial Score page shows the method, its version and a worked example', async ({
    page,
  }) => {
    await page.goto('/vial-score');
    await expect(page.getByRole('heading', { name: 'Worked example' })).toBeVisible();
    await expect(page.getByText('Methodology version:')).toBeVisible();
    await expect(
      page.getByRole('rowheader', { name: 'Pricing transparency' }).first(),
    ).toBeVisible();
  });

  test('support: $10 is chosen, and without a donation page the button says why it is off', async ({
    page,
  }) => {
    await page.goto('/support');
    await expect(page.getByRole('radio', { name: '$10', exact: true })).toBeChecked();
    await expect(page.getByRole('button', { name: /Donate \$10 once/ })).toBeDisabled();
    await expect(page.getByText('no donation page has been set up')).toBeVisible();
  });
});
