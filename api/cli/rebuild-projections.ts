/**
 * npm run projections:rebuild
 *
 * Replays every event from the start into fresh read models and swaps them in while the site
 * keeps serving.
 *   embedded     the read models live in the server's memory: the command signals the running
 *                server (SIGUSR2 to the pid in DATA_DIR/server.pid), which rebuilds in place.
 *                With no server running there is nothing to swap: the command replays the
 *                log to check it, reports, and removes the read models' snapshots, so the
 *                next start replays the whole log instead of starting from one.
 *   distributed  the command queues the rebuild for the worker process, which owns the
 *                projection runner and pauses it around the swap.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { rebuild } from '../../projections';
import { discardSnapshots } from '../../projections/snapshots';
import { openReadStore } from '../../projections/read-store';
import { openJobQueue } from '../../workers/queue';
import { REBUILD_JOB, REBUILD_JOB_ID, type RebuildJobData } from '../../workers/rebuild';
import {
  appProjectors,
  embeddedReadStoreConfig,
  openEventLog,
} from '../../workers/bootstrap/composition';
import { embeddedRebuildElsewhere } from '../../workers/bootstrap/rebuild-elsewhere';
import { ConfigError, loadStartConfig, type Config } from '../../workers/bootstrap/config';
import { parseFlags } from './args';
import { runCli } from './run';
import { runningServer } from '../../workers/bootstrap/running-server';

const USAGE = `Usage: npm run projections:rebuild [-- --help]

Rebuilds the read models (rankings, admin lists, dashboard, audit log) from the event log.
Environment: the same as the server (PROFILE, DATA_DIR, REDIS_URL...).`;

async function embedded(config: Config): Promise<number> {
  const pid = runningServer(config.dataDir)?.pid ?? null;
  if (pid !== null) {
    process.kill(pid, 'SIGUSR2');
    console.log(
      `Asked the running server (pid ${pid}) to rebuild its read models. It keeps serving meanwhile and logs "read models rebuilt" when done.`,
    );
    return 0;
  }
  if (!existsSync(path.join(config.dataDir, 'events.sqlite'))) {
    console.log(`No event log in ${config.dataDir} yet: nothing to rebuild.`);
    return 0;
  }
  console.log(
    `No server is running on ${config.dataDir}: replaying the event log now to check it...`,
  );
  const eventStore = await openEventLog(config);
  try {
    const started = performance.now();
    // The embedded read store (the audit log on disk), without the kept collections.
    const readStoreConfig = embeddedReadStoreConfig(config.dataDir, false);
    const readStore = await openReadStore(readStoreConfig);
    const elsewhere = embeddedRebuildElsewhere(config.dataDir, readStoreConfig);
    const result = await rebuild(readStore, eventStore, appProjectors(), {
      ...(elsewhere ? { elsewhere } : {}),
    }).finally(() => readStore.close());
    const ms = Math.round(performance.now() - started);
    console.log(
      `Replayed ${result.events} events into ${result.projectors.length} read models in ${ms} ms (position ${result.position}).`,
    );
    const removed = discardSnapshots(config.dataDir);
    console.log(
      removed > 0
        ? `Removed ${removed} read-model snapshot(s): the next start replays the whole log.`
        : 'No read-model snapshot to remove: the next start replays the whole log.',
    );
    return 0;
  } finally {
    await eventStore.close();
  }
}

async function distributed(config: Config): Promise<number> {
  if (!config.REDIS_URL)
    throw new ConfigError(['REDIS_URL: REDIS_URL is required when PROFILE=distributed']);
  const queue = await openJobQueue({
    kind: 'bullmq',
    url: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
  });
  try {
    const data: RebuildJobData = {
      requestedBy: 'cli',
      requestedAt: new Date().toISOString(),
    };
    await queue.enqueue(REBUILD_JOB, data, { attempts: 1, jobId: REBUILD_JOB_ID });
    console.log(
      'Rebuild queued. The worker process (npm run start:worker) runs it and logs "read models rebuilt" when done.',
    );
    return 0;
  } finally {
    await queue.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const { booleans } = parseFlags(argv, { values: [], booleans: ['help'] });
  if (booleans.has('help')) {
    console.log(USAGE);
    return 0;
  }
  const config = loadStartConfig(process.env);
  return config.PROFILE === 'embedded' ? embedded(config) : distributed(config);
}

runCli(main, { usage: USAGE, failure: 'Rebuild failed' });
