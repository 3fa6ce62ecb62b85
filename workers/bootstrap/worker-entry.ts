import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './project-root';

/**
 * The file a worker thread starts from: the built entry next to the bundled server, or the
 * TypeScript source through worker-from-source.mjs (a worker thread does not inherit the tsx
 * loader of tests, `npm run bench` and `npm run dev`). Pass `entry` on in workerData.
 *
 * @param source the entry's source path from the project root, e.g. 'api/ssr/render-worker.ts'
 */
export function workerEntry(source: string): { file: URL; entry?: string } {
  const root = projectRoot(import.meta.url);
  const built = path.join(root, 'dist/server', source.replace(/\.ts$/, '.js'));
  if (!import.meta.url.endsWith('.ts') && existsSync(built)) return { file: pathToFileURL(built) };
  return {
    file: pathToFileURL(path.join(root, 'workers/bootstrap/worker-from-source.mjs')),
    entry: pathToFileURL(path.join(root, source)).href,
  };
}
