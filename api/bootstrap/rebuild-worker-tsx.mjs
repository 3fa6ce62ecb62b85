// Runs the TypeScript rebuild worker from the sources (tests, `npm run bench`, `npm run dev`):
// a worker thread does not inherit tsx's loader, so it registers it before importing the entry.
// The built server starts dist/server/api/bootstrap/rebuild-worker.js directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
