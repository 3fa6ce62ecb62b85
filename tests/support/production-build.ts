import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, from this file's place in tests/support. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `npm run build` when the production SSR bundle is missing (suites on the built pages). */
export function ensureProductionBuild(): void {
  if (existsSync(path.join(projectRoot, 'dist', 'ssr', 'entry-server.js'))) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}
