import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found from this module's location: the same answer from the
 * sources (workers/) and from the bundle (dist/server/), whatever the working directory.
 */
export function projectRoot(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** Loads ./.env when there is one (Node's own parser); real environment variables win. */
export function loadDotEnv(root: string): void {
  const file = path.join(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Where the embedded server writes its process id (the rebuild command signals it). */
export function pidFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}
