import { defineConfig } from 'vitest/config';

// Unit, contract and integration suites. End-to-end journeys run under Playwright (tests/e2e).
export default defineConfig({
  test: {
    include: ['tests/{unit,contract,integration}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Contract suites share the local Redis; files run in parallel but each uses its own prefix.
    pool: 'forks',
    // The JSON report lets .ci/run prove the Redis-backed contract suites really ran.
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
