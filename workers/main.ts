/**
 * The worker process of the distributed profile (`npm run start:worker`): projects events into
 * the MongoDB read models, runs the monthly Vial Score recomputation and read-model rebuilds.
 * It is a process entry point: it opens the backend from workers/bootstrap, the composition
 * root both processes share (see docs/architecture.md).
 */
import { openBackend, type Backend } from './bootstrap/composition';
import { ConfigError, loadStartConfig } from './bootstrap/config';
import { createLogger } from './bootstrap/logger';
import { loadDotEnv, projectRoot } from './bootstrap/project-root';
import { processRebuildJobs } from './rebuild';

const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  loadDotEnv(projectRoot());
  process.env.NODE_ENV ??= 'production';
  let config;
  try {
    config = loadStartConfig({ ...process.env, ROLE: 'worker' });
  } catch (error) {
    if (error instanceof ConfigError) {
      // Every line JSON, this one too: the configuration's problems, one per issue.
      createLogger().error('invalid configuration', { problems: error.problems });
      process.exit(2);
    }
    throw error;
  }
  if (config.PROFILE !== 'distributed') {
    createLogger().error(
      'The worker process belongs to the distributed profile (PROFILE=distributed). On the embedded profile, npm start runs the projections and jobs itself.',
    );
    process.exit(2);
  }
  const logger = createLogger({ level: config.LOG_LEVEL, base: { role: 'worker' } });
  let backend: Backend | null = null;
  let stopping = false;
  const stop = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info('worker shutting down', { signal });
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await backend?.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    backend = await openBackend(config, logger);
    await backend.startJobs();
    processRebuildJobs(backend.queue, backend.rebuildProjections, (result, data, ms) =>
      logger.info('read models rebuilt', { ...result, ...data, ms }),
    );
    logger.info('worker running', { profile: config.PROFILE, lag: await backend.projectionLag() });
  } catch (error) {
    logger.error('worker could not start', { err: error });
    await stop('startup failure', 1);
  }
}

void main();
