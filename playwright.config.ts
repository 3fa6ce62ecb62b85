import { defineConfig } from '@playwright/test';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Journeys run in Debian's Chromium against the built app on the embedded profile, with a
// fresh data folder each run. Playwright's own browser download is not reachable here.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  throw new Error(
    `Chromium not found at ${executablePath}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
}

const port = Number(process.env.E2E_PORT ?? 4319);
// This file is evaluated in the main process and again in every test worker. The data folder is
// decided once, in the main process, and reaches the workers through the environment they
// inherit: tests that write to the event log from outside the server (the admin:create CLI)
// must use the very folder the server reads.
if (process.env.E2E_DATA_DIR === undefined) {
  const made = path.join(os.tmpdir(), `vial-e2e-${process.pid}-${Date.now()}`);
  process.env.E2E_DATA_DIR = made;
  // The run's own folder goes when the run ends (each run left ~5 MB in the temp folder); one
  // named by E2E_DATA_DIR is the caller's and stays. 'exit' comes after the server is stopped.
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;
// The Reddit journeys start a fake Reddit on this port (tests/reddit/e2e/reddit.spec.ts); until then
// the server's refreshes find nothing listening and fail cleanly, as with no network.
export const fakeRedditPort = port + 20;

export default defineConfig({
  testDir: 'tests',
  testMatch: '*/e2e/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath },
    trace: 'off',
  },
  webServer: {
    // Builds only when the sources are newer than the last build (CI has just built).
    command: `node scripts/ensure-build.mjs && node dist/server/api/main.js`,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      REDDIT_BASE_URL: `http://127.0.0.1:${fakeRedditPort}`,
      // The fake answers at once: no need to pace at Reddit's 10 a minute.
      REDDIT_REQUESTS_PER_MINUTE: '6000',
    },
  },
});
