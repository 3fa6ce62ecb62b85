import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');

describe('scripts/generate-cities.ts', () => {
  it('reproduces the committed data/us-cities.json byte for byte', () => {
    // --check regenerates in memory and exits non-zero when the file differs.
    const output = execFileSync(
      process.execPath,
      [tsxCli, 'scripts/generate-cities.ts', '--check'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    expect(output).toContain('is up to date');
  });
});
