/**
 * Journeys through /reddit-posts. The server's REDDIT_BASE_URL points at a port where these
 * journeys start a fake Reddit (playwright.config.ts): before the first journey starts it,
 * every refresh fails as it would with no network, so the store is empty.
 */
import type { Page } from '@playwright/test';
import { startFakeReddit, type FakeReddit } from '../../support/fake-reddit';
import { expect, test, waitForHydration } from '../../support/e2e/admin';

const fakeRedditPort = Number(process.env.E2E_PORT ?? 4319) + 20;
const LONG_POST = /Tirzepatide 3 months in: my honest experience/;

let fake: FakeReddit | undefined;
test.afterAll(async () => {
  await fake?.close();
});

async function openViewer(page: Page, path = '/reddit-posts') {
  await page.goto(path);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What Redditors Say About GLP-1 Medications' }),
  ).toBeVisible();
  await waitForHydration(page, 'form[role=search]');
}

test.describe.serial('the Reddit viewer', () => {
  test('with an empty store, the empty state offers Load Default Posts, and it loads them', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await openViewer(page);
    await expect(page.getByText('No posts to show for this search.')).toBeVisible();
    await expect(page.getByText(/not medical advice/i).first()).toBeVisible();

    // Reddit becomes reachable only now: nothing can have been fetched before.
    fake = await startFakeReddit({ port: fakeRedditPort });
    await page.getByRole('link', { name: 'Load Default Posts' }).click();

    // The on-demand refresh runs within a tick (10 s; a fetch that failed just before the fake
    // started is asked for again 15 s later); the page asks again by itself.
    await expect(page.getByRole('link', { name: LONG_POST })).toBeVisible({ timeout: 40_000 });
    await expect(page.getByText(/^Updated (just now|\d+ minutes? ago)$/)).toBeVisible();
  });

  test('an administrator refreshes now; a visitor searches with Enter, picks a subreddit and a chip', async ({
    browser,
    admin,
    page,
  }) => {
    test.setTimeout(60_000);
    const office = await browser.newContext({ storageState: admin.storageState });
    const adminPage = await office.newPage();
    await adminPage.goto('/admin/reddit');
    await expect(adminPage.getByRole('heading', { name: 'Reddit refresh jobs' })).toBeVisible();
    await waitForHydration(adminPage, 'main button');
    await adminPage.getByRole('button', { name: 'Refresh now' }).click();
    const runs = adminPage.getByRole('table').first();
    await expect(runs.getByRole('row').nth(1)).toContainText('manual', { timeout: 20_000 });
    await expect(runs.getByRole('row').nth(1)).toContainText('succeeded', { timeout: 20_000 });
    await expect(adminPage.getByText('Posts per search (newest snapshot)')).toBeVisible();
    await office.close();

    await openViewer(page);
    const search = page.getByRole('searchbox', { name: 'Search Reddit' });
    await search.fill('tirzepatide results');
    await search.press('Enter');
    await expect(page).toHaveURL(/[?&]q=tirzepatide(\+|%20)results/);
    const post = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: LONG_POST }) });
    await expect(post).toContainText('1.5k');
    const lowScore = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: /tired on semaglutide/ }) });
    await expect(lowScore).toContainText('999 points');
    await expect(lowScore).not.toContainText('1.0k');
    await expect(page.getByText(/^Updated (just now|\d+ minutes? ago)$/)).toBeVisible();
    const link = page.getByRole('link', { name: LONG_POST });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(
      page.locator('img[src="https://b.thumbs.redditmedia.com/abcDEF123.jpg"]'),
    ).toHaveAttribute('loading', 'lazy');

    await page.getByLabel('Subreddit').selectOption('loseit');
    await expect(page).toHaveURL(/subreddit=loseit/);
    await expect(page.getByText(/from r\/loseit$/)).toBeVisible();

    await page.getByRole('link', { name: 'zepbound cost' }).click();
    await expect(page).toHaveURL(/q=zepbound(\+|%20)cost/);
    await expect(page).toHaveURL(/subreddit=loseit/);
    await expect(page.getByRole('link', { name: 'zepbound cost' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('link', { name: LONG_POST })).toBeVisible();
    expect(
      fake?.requests.every((r) => r.headers['user-agent']?.startsWith('web:vialcompare')),
    ).toBe(true);
  });

  test('a shared link renders the view without JavaScript, and a bad subreddit is named', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/reddit-posts?q=zepbound%20cost&subreddit=loseit');
    await expect(page.getByRole('link', { name: LONG_POST })).toBeVisible();
    await expect(page.getByLabel('Subreddit')).toHaveValue('loseit');
    await page.goto('/reddit-posts?subreddit=nope');
    await expect(page.getByRole('alert')).toContainText('Unknown subreddit "nope"');
    await context.close();
  });
});
