/**
 * A phone (390 px) visitor's details: the search and question boxes are full-size touch
 * targets, the footer's link lists sit two abreast, the contact form's thank-you note takes
 * focus below the sticky bar, a wide table of figures says it scrolls sideways and can be
 * scrolled with the keyboard, a table whose later columns explain the row is stacked instead
 * (axe clean), and a form's error about one field is shown once.
 */
import { axeViolations } from '../../support/e2e/axe';
import { expect, test, waitForHydration } from '../../support/e2e/admin';

test.use({ viewport: { width: 390, height: 844 }, bypassCSP: true });

test('the search box on /search and the question box on /glp1-ai are 44 px tall', async ({
  page,
}) => {
  for (const path of ['/search', '/glp1-ai']) {
    await page.goto(path);
    const box = await page.locator('main form[role=search] input[name=q]').boundingBox();
    expect(box?.height, path).toBeGreaterThanOrEqual(44);
  }
});

test('the footer’s link lists sit two abreast, each link still a 44 px target', async ({
  page,
}) => {
  await page.goto('/about');
  const footer = page.locator('footer#site-footer');
  const tools = await footer.getByRole('navigation', { name: 'Tools' }).boundingBox();
  const company = await footer.getByRole('navigation', { name: 'Company' }).boundingBox();
  expect(tools && company && Math.abs(tools.y - company.y)).toBe(0);
  expect(company!.x).toBeGreaterThan(tools!.x + tools!.width);
  const link = await footer.getByRole('link', { name: 'Newsletter archive' }).boundingBox();
  expect(link?.height).toBeGreaterThanOrEqual(44);
});

test('after sending, the contact form’s thank-you note has focus and sits below the sticky bar', async ({
  page,
}) => {
  await page.goto('/contact');
  await waitForHydration(page, 'form[action="/contact"]');
  await page.getByLabel('Name').fill('Pat Visitor');
  await page.getByLabel('Email address').fill('pat@example.com');
  await page.getByLabel('What is it about?').selectOption('content');
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Do you list providers in Alaska? Thanks for the site.');
  await page.getByRole('button', { name: 'Send message' }).click();
  const thanks = page.getByRole('status').filter({ hasText: 'Your message has been sent' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect
    .poll(async () => {
      const header = await page.locator('header').first().boundingBox();
      const note = await thanks.boundingBox();
      return note && header ? note.y >= header.y + header.height : false;
    })
    .toBe(true);
});

test('the compare table says it scrolls sideways; /vial-score’s tables read as one block per row, still a table to a screen reader, and axe finds nothing', async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const slugs = [...sitemap.matchAll(/\/providers\/([a-z0-9-]+)<\/loc>/g)]
    .map((m) => m[1])
    .slice(0, 3);
  await page.goto(`/compare?providers=${slugs.join(',')}`);
  await waitForHydration(page, 'header');
  const compare = page.getByRole('region', { name: /compared$/ });
  await expect(compare).toBeVisible();
  await expect(compare).toHaveAttribute('tabindex', '0');
  await expect(page.getByText('Scroll sideways to see more').first()).toBeVisible();

  await page.goto('/vial-score');
  await waitForHydration(page, 'header');
  const inputs = page.getByRole('table', { name: 'Vial Score inputs and their weights' });
  // Nothing to scroll: the explanation of each input is on screen, under its name and weight,
  // and the box is no extra Tab stop (a region only while it scrolls).
  const frame = page.locator('[data-slot=scroll-frame]').filter({ has: inputs });
  expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(frame).not.toHaveAttribute('tabindex', '0');
  await expect(
    page.getByRole('region', { name: 'Vial Score inputs and their weights' }),
  ).toHaveCount(0);
  await expect(page.getByText('Scroll sideways to see more')).toHaveCount(0);
  const explanation = inputs.getByRole('cell', { name: /^Distinct US states served/ });
  const box = await explanation.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  // Rows and cells as before; the line's visible 'Weight:' is not part of the cell's name.
  await expect(inputs.getByRole('rowheader', { name: 'States coverage' })).toBeVisible();
  await expect(inputs.getByRole('cell', { name: '20%', exact: true }).first()).toBeVisible();
  await expect(inputs.getByRole('columnheader', { name: 'How it is measured' })).toBeAttached();
  expect(await axeViolations(page)).toEqual([]);
});

test('a provider page’s cost, fee, trust and history tables fit a phone without sideways scrolling', async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const slugs = [...sitemap.matchAll(/\/providers\/([a-z0-9-]+)<\/loc>/g)].map((m) => m[1]);
  expect(slugs.length).toBeGreaterThan(0);
  for (const slug of slugs) {
    await page.goto(`/providers/${slug}`);
    await waitForHydration(page, 'header');
    // Every item-by-item total and the history's tables opened, as a reader opens them.
    await page.evaluate(() => {
      for (const details of document.querySelectorAll('main details')) {
        (details as HTMLDetailsElement).open = true;
      }
    });
    const tables = page.locator('main table');
    expect(await tables.count(), slug).toBeGreaterThan(0);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main table')]
        .filter((table) => {
          const frame = table.parentElement;
          return frame !== null && frame.scrollWidth > frame.clientWidth + 1;
        })
        .map((table) => table.querySelector('caption')?.textContent ?? table.ariaLabel),
    );
    expect(wide, slug).toEqual([]);
  }
});

test('submitting /add-provider without agreeing to the terms shows the terms message once, tied to the checkbox', async ({
  page,
}) => {
  await page.goto('/add-provider');
  await waitForHydration(page, 'form');
  await page.getByRole('button', { name: 'Submit provider' }).click();
  const message = page.getByText('Please agree to the terms and conditions', { exact: true });
  await expect(message.first()).toBeVisible();
  await expect(message).toHaveCount(1);
  const id = await message.getAttribute('id');
  await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toHaveAttribute(
    'aria-describedby',
    new RegExp(`\\b${id}\\b`),
  );
});

test('the scroll-to-top button steps aside while the visitor scrolls down to the calculator’s medical note, and is back on the way up', async ({
  page,
}) => {
  await page.goto('/calculator');
  await waitForHydration(page, 'main form');
  const note = page.getByRole('note', { name: 'Not medical advice' }).first();
  const button = page.getByRole('button', { name: 'Scroll to top' });
  // Scrolling down, a step at a time, until the note's last line sits at the bottom right.
  const bottomOfNote = await note.evaluate((el) => el.getBoundingClientRect().bottom + scrollY);
  for (let y = 0; y <= bottomOfNote - 844 + 40; y += 200) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
  }
  await page.evaluate((to) => window.scrollTo(0, to), bottomOfNote - 844 + 40);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(button).toHaveCount(0);

  await page.evaluate(() => window.scrollBy(0, -120));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
