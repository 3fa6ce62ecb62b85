import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every capability's tests sit in tests/<capability>/{decider,rules,projection,http,contract,ui,
// worker}, the platform's in tests/platform/, shared helpers in tests/support/. End-to-end
// journeys (tests/*/e2e/*.spec.ts) run under Playwright.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'tests/*/e2e/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Contract suites share the local Redis; files run in parallel but each uses its own prefix.
    pool: 'forks',
    // At least two files at once. Vitest's default in a run is one fewer than the CPUs, which
    // is one on the 2-core CI machine: 256 files ran one after another in ~10 minutes. Most
    // of a file's time is waiting (Redis, SMTP, child processes, module import), so two
    // overlap well: the same suite took 310 s with two (`npx vitest run --maxWorkers=2`).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The JSON report lets .ci/run prove the Redis-backed contract suites really ran.
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
