/**
 * /reddit-posts when Reddit cannot be reached (no fake Reddit listens on REDDIT_BASE_URL in
 * these journeys): after the fetch of a search failed, the page says the discussion could not
 * be loaded and when it is tried again, instead of 'updates by itself' forever; and a failed
 * read of the viewer's own API shows its failure toast once per search.
 */
import { expect, test, waitForHydration } from '../../support/e2e/admin';

test('a search Reddit could not answer says so, and when it is tried again', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`/reddit-posts?q=${encodeURIComponent(`unreachable ${Date.now()}`)}`);
  await waitForHydration(page, 'form[role=search]');
  await expect(page.getByText(/The discussion could not be loaded from Reddit/)).toBeVisible({
    timeout: 45_000,
  });
  await expect(
    page.getByText(/tried again after \d\d:\d\d:\d\d UTC|being tried again now/),
  ).toBeVisible();
});

test('a failed read shows its toast once for one search', async ({ page }) => {
  test.setTimeout(45_000);
  await page.route('**/api/reddit/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await page.goto('/reddit-posts');
  await waitForHydration(page, 'form[role=search]');
  await page.evaluate(() => {
    const w = window as unknown as { __toasts: number };
    w.__toasts = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement)
            w.__toasts += n.matches('[data-sonner-toast]')
              ? 1
              : n.querySelectorAll('[data-sonner-toast]').length;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const search = page.getByRole('searchbox', { name: 'Search Reddit' });
  await search.fill('ozempic nausea');
  await search.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to load Reddit posts' }),
  ).toBeVisible({
    timeout: 20_000,
  });
  // Past the first toast's 4 s on screen: a second one would be a new node.
  await page.waitForTimeout(8000);
  expect(await page.evaluate(() => (window as unknown as { __toasts: number }).__toasts)).toBe(1);
});
