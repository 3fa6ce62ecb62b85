/**
 * Administrators for the journeys, created the way an operator does it: `npm run admin:create`
 * (api/cli/create-admin.ts) with the password piped on standard input, writing to the data
 * folder of the server under test (playwright.config.ts decides it once and passes it on as
 * E2E_DATA_DIR).
 *
 * The server learns about events appended by another process by polling its event log (every
 * 250 ms), so an account is usable a moment after the CLI exits: `waitUntilSignedIn` signs in
 * through the API until it works and keeps the session, for journeys that start signed in.
 * Sign-in attempts are rate limited (10 per 15 minutes per IP), so the journeys share one
 * account per worker and sign in through the form only where the form is what they test.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, request, type BrowserContext, type Page } from '@playwright/test';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface AdminAccount {
  email: string;
  password: string;
  /** Cookies of a live session of this administrator (for `browser.newContext`). */
  storageState: StorageState;
}

/** A fresh, valid e-mail address for an administrator of this run. */
export function uniqueAdminEmail(): string {
  return `e2e-admin-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Runs `tsx api/cli/create-admin.ts --email <email> --password-stdin` against the e2e data
 * folder and resolves with its standard output; rejects with its error output on failure.
 */
export function createAdminWithCli(email: string, password: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) {
    throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  }
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'api/cli/create-admin.ts', '--email', email, '--password-stdin'],
      {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, PROFILE: 'embedded' },
        timeout: 30_000,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`admin:create failed (${error.message}):\n${stderr}`));
        else resolve(stdout);
      },
    );
    child.stdin?.end(`${password}\n`);
  });
}

/**
 * Signs in through POST /api/admin/login until the server has picked up the account (a 401
 * while it has not), and returns the session's cookies.
 */
export async function waitUntilSignedIn(
  baseURL: string,
  email: string,
  password: string,
): Promise<StorageState> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: new URL(baseURL).origin },
  });
  try {
    await expect(async () => {
      const response = await api.post('/api/admin/login', { data: { email, password } });
      expect(response.status(), await response.text()).toBe(200);
    }).toPass({ intervals: [300, 500, 1000], timeout: 10_000 });
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

/** Creates an administrator with the CLI and waits until it can sign in. */
export async function createAdmin(baseURL: string): Promise<AdminAccount> {
  const email = uniqueAdminEmail();
  const password = `e2e ${randomUUID()}`;
  const output = await createAdminWithCli(email, password);
  expect(output).toContain(`Administrator ${email} created`);
  const storageState = await waitUntilSignedIn(baseURL, email, password);
  return { email, password, storageState };
}

/** Waits until React has hydrated the element, so submits and clicks go through the app. */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__react'));
  }, selector);
}

/** Opens /admin/login and waits until its form is live. */
export async function openLoginPage(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await waitForHydration(page, 'form');
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInWithForm(page: Page, admin: Pick<AdminAccount, 'email' | 'password'>) {
  await openLoginPage(page);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
}

/** Opens a back-office page signed in as `admin` (a new context of `width` px), hydrated. */
export type OpenAdmin = (url: string, width?: number) => Promise<Page>;

/**
 * The journeys' `test`, with `admin`: one CLI-created administrator per worker, and
 * `openAdmin`: its signed-in pages (their contexts closed after the test).
 */
export const test = base.extend<{ openAdmin: OpenAdmin }, { admin: AdminAccount }>({
  openAdmin: async ({ browser, admin }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (url, width = 1280) => {
      const context = await browser.newContext({
        storageState: admin.storageState,
        viewport: { width, height: 900 },
        // axe is injected as a script tag, which the app's Content-Security-Policy would refuse.
        bypassCSP: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(url);
      await waitForHydration(page, 'main');
      return page;
    });
    for (const context of contexts) await context.close();
  },
  admin: [
    // Playwright reads the fixtures a fixture needs from this pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
      await use(await createAdmin(baseURL));
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

export { expect };
