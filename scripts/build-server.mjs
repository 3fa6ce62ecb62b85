// Bundles the server-side entry points (API, worker, CLIs) into dist/server with esbuild.
// npm packages stay external (installed by npm ci); our own folders are bundled, so the
// TypeScript sources need no file extensions in their imports.
import { build } from 'esbuild';

const entryPoints = [
  'api/main.ts',
  'workers/main.ts',
  'api/cli/create-admin.ts',
  'api/cli/rebuild-projections.ts',
  // A worker thread of the embedded rebuild (workers/bootstrap/rebuild-elsewhere.ts).
  'workers/bootstrap/rebuild-worker.ts',
  // The page render thread (api/ssr/render-thread.ts).
  'api/ssr/render-worker.ts',
  // The thread opening a replay's sealed subscriber texts (workers/newsletter/opening-thread.ts).
  'workers/newsletter/opening-worker.ts',
];

await build({
  entryPoints,
  outdir: 'dist/server',
  outbase: '.',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // Shared code in chunks, and what the source imports with import() in chunks of its own:
  // the embedded profile then never loads the EventStoreDB, MongoDB and BullMQ clients (half
  // a second of every start, and of each rebuild worker thread's).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  // The SSR bundle is built by Vite and loaded at run time from dist/ssr.
  external: ['../../dist/ssr/*', 'vite'],
});
console.log(`built ${entryPoints.length} server entry points into dist/server`);

// Marks the build as current for scripts/ensure-build.mjs (run before `npm start`).
const { writeFileSync } = await import('node:fs');
writeFileSync('dist/.build-stamp', new Date().toISOString());
