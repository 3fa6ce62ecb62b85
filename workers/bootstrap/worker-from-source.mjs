// Runs a TypeScript worker thread entry from the sources (tests, `npm run bench`, `npm run dev`):
// a worker thread does not inherit tsx's loader, so it registers it before importing the entry.
// The built server starts the bundled entries in dist/server directly (see worker-entry.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
