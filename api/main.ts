/**
 * The web process: `npm start` (embedded profile: everything in one process), `npm run dev`
 * (the same with Vite's development server), `npm run start:api` (distributed: HTTP only).
 */
import { rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createApp } from './app';
import {
  appPublicReads,
  openAuthStores,
  openBackend,
  type AuthStores,
  type Backend,
} from './bootstrap/composition';
import { createInProcessApiClient } from './http/public-reads';
import { ConfigError, loadConfig } from './bootstrap/config';
import { prepareFirstStart } from './first-start';
import { createLogger } from './bootstrap/logger';
import { loadDotEnv, pidFile, projectRoot } from './bootstrap/project-root';
import { createSsrHandler, type SsrHandler } from './ssr/middleware';
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
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (config.ROLE === 'worker') {
    console.error('ROLE=worker runs the worker process: use npm run start:worker');
    process.exit(2);
  }
  const logger = createLogger({ level: config.LOG_LEVEL, base: { role: config.ROLE } });

  let backend: Backend | null = null;
  let auth: AuthStores | null = null;
  let ssr: SsrHandler | null = null;
  let server: Server | null = null;
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
    await backend?.close();
    if (config.PROFILE === 'embedded') rmSync(pidFile(config.dataDir), { force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    backend = await openBackend(config, logger);
    auth = openAuthStores(config);
    const api = createInProcessApiClient(appPublicReads(backend.queries, config));
    ssr = await createSsrHandler({
      mode: config.development ? 'development' : 'production',
      api,
      projectRoot: root,
      siteUrl: config.publicUrl,
      // In development every request renders, so edits show at once.
      ...(config.development ? {} : { pageCache: sitePageCache(backend) }),
    });
    const { app } = createApp({ backend, auth, pages: ssr.handler });

    const runningBackend = backend;
    if (config.ROLE === 'all') {
      await backend.startJobs();
      // `npm run projections:rebuild` signals the embedded server to rebuild in place.
      process.on('SIGUSR2', () => {
        logger.info('rebuilding read models (SIGUSR2)');
        const started = performance.now();
        runningBackend
          .rebuildProjections()
          .then((result) =>
            logger.info('read models rebuilt', {
              ...result,
              ms: Math.round(performance.now() - started),
            }),
          )
          .catch((error: unknown) => logger.error('rebuild failed', { err: error }));
      });
    }

    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(config.PORT, config.HOST, () => resolve(s));
      s.once('error', reject);
    });
    if (config.PROFILE === 'embedded') {
      writeFileSync(pidFile(config.dataDir), String(process.pid));
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

void main();
