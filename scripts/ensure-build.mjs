// Runs before `npm start` and the journeys' server: builds the app when dist/ is missing or
// older than the sources, so a newcomer's `npm start` on a fresh clone just works, a rebuilt
// checkout is served, and `npm test` after `npm run build` (as CI runs it) does not build twice.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const stamp = 'dist/.build-stamp';
// Everything the build reads: the code, its data, and the build's own scripts and settings.
const sources = ['domain', 'commands', 'projections', 'api', 'web', 'workers', 'data', 'scripts'];
const files = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts'];

function newest(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(target))
    latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const sourceTime = Math.max(...sources.map(newest), ...files.map(newest));
const builtTime = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (builtTime < sourceTime) {
  console.log('Building the app (first start, or sources changed)...');
  execSync('npm run build', { stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}
