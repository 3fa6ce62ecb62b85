/**
 * The web process: `npm start` (embedded profile: everything in one process), `npm run dev`
 * (the same with Vite's development server), `npm run start:api` (distributed: HTTP only).
 */
import { rmSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import { createApp } from './app';
import { openBackend, type Backend } from '../workers/bootstrap/composition';
import { startRecordedRebuild } from './operations/start-rebuild';
import { appPublicReads, openAuthStores, type AuthStores } from './bootstrap/composition';
import { createInProcessApiClient } from './http/public-reads';
import { createHttpServer } from './http/server';
import { ConfigError, loadStartConfig } from '../workers/bootstrap/config';
import { prepareFirstStart } from './first-start';
import { createLogger } from '../workers/bootstrap/logger';
import { loadDotEnv, pidFile, projectRoot } from '../workers/bootstrap/project-root';
import { recordRunningServer } from '../workers/bootstrap/running-server';
import { createSsrHandler, startPageRenderThread, type SsrHandler } from './ssr/middleware';
import { withPageFastPath } from './ssr/fast-path';
import { sitePageCache } from './ssr/page-cache';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const root = projectRoot();
  loadDotEnv(root);
  if (process.argv.includes('--dev')) process.env.NODE_ENV = 'development';
  // React and other libraries read NODE_ENV from the environment itself: without this,
  // `npm start` would render with React's (much slower) development build.
  process.env.NODE_ENV ??= 'production';

  let config;
  try {
    config = loadStartConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // Every line JSON, this one too: the configuration's problems, one per issue.
      createLogger().error('invalid configuration', { problems: error.problems });
      process.exit(2);
    }
    throw error;
  }
  if (config.ROLE === 'worker') {
    createLogger().error('ROLE=worker runs the worker process: use npm run start:worker');
    process.exit(2);
  }
  const logger = createLogger({ level: config.LOG_LEVEL, base: { role: config.ROLE } });

  let backend: Backend | null = null;
  let auth: AuthStores | null = null;
  let ssr: SsrHandler | null = null;
  let server: Server | null = null;
  let wrotePidFile = false;
  let stopping = false;

  const stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    if (server) {
      const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
      server.closeIdleConnections();
      await closing;
    }
    await ssr?.close();
    await auth?.close();
    // Embedded: the read models as they are now, so the next start replays only what follows.
    await backend
      ?.snapshot?.()
      .catch((error: unknown) => logger.error('read models snapshot failed', { err: error }));
    await backend?.close();
    // Only our own pid file: a second instance that could not start leaves the first one's.
    if (wrotePidFile) rmSync(pidFile(config.dataDir), { force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // The port first: a second instance on a taken port stops here, before it opens any store.
  try {
    server = await listen(createHttpServer(config, logger), config.PORT, config.HOST);
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    logger.error(inUse ? `Port ${config.PORT} is already in use` : 'could not listen', {
      listen: `${config.HOST}:${config.PORT}`,
      err: error,
    });
    process.exit(1);
  }
  const starting: RequestListener = (_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ error: 'Starting; try again in a moment' }));
  };
  server.on('request', starting);

  // Started before the read models load: the render thread loads the pages' code on the other
  // core meanwhile, and this thread never loads it (api/ssr/render-thread.ts).
  const renderThread = config.development ? undefined : startPageRenderThread(root, logger);
  try {
    backend = await openBackend(config, logger);
    auth = openAuthStores(config);
    const api = createInProcessApiClient(appPublicReads(backend.queries, config));
    // In development every request renders, so edits show at once; PAGE_CACHE=off likewise
    // (concurrent requests for a page still share its render).
    const pageCache = sitePageCache(backend, {
      keep: !config.development && config.PAGE_CACHE !== 'off',
    });
    ssr = await createSsrHandler({
      mode: config.development ? 'development' : 'production',
      api,
      projectRoot: root,
      siteUrl: config.publicUrl,
      logger,
      pageCache,
      // Pages rendered on a second thread: requests keep being answered while React renders.
      ...(renderThread ? { renderThread } : {}),
    });
    const { app } = createApp({
      backend,
      auth,
      pages: ssr.handler,
      metrics: () => ({
        pageCache: pageCache.stats(),
        renderThread: ssr?.renderThreadStats?.() ?? null,
      }),
      clearPageCache: () => pageCache.clear(),
    });

    const runningBackend = backend;
    if (config.ROLE === 'all') {
      await backend.startJobs();
      // `npm run projections:rebuild` signals the embedded server to rebuild in place.
      // Through the back office's guard: one rebuild at a time, recorded in the audit log.
      process.on('SIGUSR2', () => {
        const { rebuildId, outcome } = startRecordedRebuild(
          runningBackend,
          { kind: 'system', id: 'projections:rebuild' },
          'the command line (npm run projections:rebuild)',
        );
        if ('running' in outcome) {
          logger.warn('a rebuild is already running; the signal started none', {
            startedAt: outcome.running.startedAt,
            startedBy: outcome.running.startedBy,
          });
          return;
        }
        logger.info('rebuilding read models (SIGUSR2)', { rebuildId });
        void runningBackend.rebuilds.idle().then(() => {
          const run = runningBackend.rebuilds.latest();
          if (run?.status === 'swapped') logger.info('read models rebuilt', { ...run.result });
          else logger.error('rebuild failed', { error: run?.error });
        });
      });
    }

    server.off('request', starting);
    // Kept public pages are answered before Express (api/ssr/fast-path.ts).
    server.on('request', withPageFastPath(app, ssr.fastPath));
    if (config.PROFILE === 'embedded') {
      recordRunningServer(config.dataDir, { pid: process.pid, publicUrl: config.publicUrl });
      wrotePidFile = true;
    }
    // Started from a snapshot: the back office's read models load now that pages are served.
    const loadLater = backend.loadBackOfficeReadModels;
    if (loadLater) {
      const started = performance.now();
      loadLater().then(
        () =>
          logger.info('back-office read models loaded', {
            ms: Math.round(performance.now() - started),
          }),
        (error: unknown) => logger.error('back-office read models failed to load', { err: error }),
      );
    }
    logger.info(`VialCompare is running at ${config.publicUrl}`, {
      profile: config.PROFILE,
      listen: `${config.HOST}:${config.PORT}`,
      dataDir: config.PROFILE === 'embedded' ? config.dataDir : undefined,
    });

    await prepareFirstStart(backend);
  } catch (error) {
    logger.error('could not start', { err: error });
    await stop('startup failure', 1);
  }
}

/**
 * Listens on a plain http.Server (with the slow-client timeouts, api/http/server.ts): Express 5's app.listen calls its callback on 'error' too, so a
 * taken port would look like a successful start.
 */
function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

void main();
