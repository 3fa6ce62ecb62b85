// Runs before `npm start`: builds the app when dist/ is missing or older than the sources,
// so a newcomer's `npm start` on a fresh clone just works, and a rebuilt checkout is served.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const stamp = 'dist/.build-stamp';
const sources = ['domain', 'commands', 'projections', 'api', 'web', 'workers', 'data'];
const files = ['package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs'];

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
