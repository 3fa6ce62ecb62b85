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
    // is one on the 2-core CI machine. Most of a file's time is waiting (Redis, SMTP, child
    // processes, module import), so two overlap well: the suite took 310 and 319 s with two
    // and 457 s with one (`npx vitest run --maxWorkers=N`, the same machine and hour).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The JSON report lets .ci/run prove the Redis-backed contract suites really ran.
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
