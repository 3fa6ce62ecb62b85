/**
 * A million events (`npm run bench -- --only=million`): the history of ./million-history.ts
 * (subscribers sealed, as production stores them) written into a temporary DATA_DIR, then
 *   1. a rebuild of every read model from it by the built operator command
 *      (`node dist/server/api/cli/rebuild-projections.js`, as the image runs it, with no server
 *      running: the embedded read store, the audit log replayed by a worker thread), timed;
 *   2. the built server started on that DATA_DIR as `npm start` starts it (the same Node flags):
 *      the time until /readyz answers 200 (read models caught up with the whole log) and the
 *      server process's peak resident memory (VmHWM in /proc/<pid>/status).
 */
import { closeSync, fsyncSync, openSync } from 'node:fs';
import path from 'node:path';
import {
  cpuSeconds,
  ensureBuilt,
  peakMiB,
  runBuiltRebuild,
  startBuiltServer,
  startNodeFlags,
} from './built-server';
import { writeMillionHistory, type MillionOptions, type MillionStats } from './million-history';
import { fmtInt, table } from './report';
import { tempDir } from './temp';
import { SUBSCRIBER_KEYS_FILE } from '../../workers/newsletter/event-log';

export interface MillionResult {
  history: MillionStats;
  rebuildSeconds: number;
  /** CPU time of the rebuild (user + system): what it costs on a machine shared with others. */
  rebuildCpuSeconds: number;
  readySeconds: number;
  /** CPU time the server process had used when it answered ready. */
  readyCpuSeconds: number;
  /** Peak resident set of the server process, in MiB. */
  peakMiB: number;
}

/** Starts the built server on `dataDir`, waits for /readyz 200, renders a few pages, stops it. */
export async function startAndWaitReady(
  projectRoot: string,
  dataDir: string,
): Promise<{
  readySeconds: number;
  readyCpuSeconds: number;
  peakMiB: number;
  /** From the spawn until the back office's read models were loaded (a start from a snapshot). */
  backOfficeSeconds: number | null;
  log: string[];
}> {
  let peak = 0;
  const server = await startBuiltServer(projectRoot, {
    env: { DATA_DIR: dataDir },
    timeoutMs: 300_000,
    onPoll: (pid) => (peak = Math.max(peak, peakMiB(pid) ?? 0)),
  });
  const readyAt = Date.now();
  try {
    const readyCpuSeconds = cpuSeconds(server.pid) ?? Number.NaN;
    // A few pages once ready: their render is part of what the process holds.
    for (const page of ['/', '/providers', '/blog', '/admin/login']) {
      await fetch(`${server.url}${page}`).then((r) => r.arrayBuffer());
    }
    const backOffice = await backOfficeLoadedAt(server.log);
    peak = Math.max(peak, peakMiB(server.pid) ?? 0);
    return {
      readySeconds: server.readySeconds,
      readyCpuSeconds,
      peakMiB: peak,
      backOfficeSeconds:
        backOffice === null ? null : server.readySeconds + (backOffice - readyAt) / 1000,
      log: server.log,
    };
  } finally {
    await server.stop();
  }
}

/** Waits (30 s at most) for a start from a snapshot to log that the back office's read models are loaded: its time. */
async function backOfficeLoadedAt(log: string[]): Promise<number | null> {
  const loaded = () => log.find((line) => line.includes('"back-office read models loaded"'));
  if (!log.some((line) => line.includes('read models loaded from a snapshot'))) return null;
  for (let waited = 0; !loaded() && waited < 30_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const line = loaded();
  return line ? Date.parse((JSON.parse(line) as { time: string }).time) : null;
}

export async function benchMillion(
  projectRoot: string,
  options: MillionOptions = {},
): Promise<MillionResult> {
  const dataDir = tempDir('million');
  const file = path.join(dataDir, 'events.sqlite');
  // Subscribers sealed with their own keys, as production stores them.
  const history = await writeMillionHistory(file, {
    sealedKeys: path.join(dataDir, SUBSCRIBER_KEYS_FILE),
    ...options,
  });
  console.log(
    `History: ${fmtInt(history.events)} events (${Object.entries(history.byKind)
      .map(([kind, n]) => `${kind} ${fmtInt(n)}`)
      .join(', ')}), ${(history.bytes / 2 ** 20).toFixed(0)} MiB of event data, written in ` +
      `${history.seconds.toFixed(1)} s`,
  );

  // Written with synchronous=OFF: flushed to disk now, so that the kernel's write-back of half a
  // gigabyte does not run during the timed rebuild (a real log was written long before).
  const fd = openSync(file, 'r');
  fsyncSync(fd);
  closeSync(fd);

  // The built files are what is measured: built first when older than the sources (as `npm start`).
  ensureBuilt(projectRoot);
  const rebuilt = await runBuiltRebuild(projectRoot, dataDir);
  const rebuildSeconds = rebuilt.seconds;
  const rebuildCpuSeconds = rebuilt.cpuSeconds;
  console.log(
    `Rebuild (node ${[...startNodeFlags(projectRoot), 'dist/server/api/cli/rebuild-projections.js'].join(' ')}): ` +
      `${rebuildSeconds.toFixed(1)} s, ${rebuildCpuSeconds.toFixed(1)} s of CPU, peak memory ` +
      `${rebuilt.peakMiB.toFixed(0)} MiB. It printed: ${rebuilt.output.split('\n').at(-1) ?? ''}`,
  );

  const ready = await startAndWaitReady(projectRoot, dataDir);
  console.log(
    `Server start to /readyz 200: ${ready.readySeconds.toFixed(1)} s ` +
      `(${ready.readyCpuSeconds.toFixed(1)} s of CPU); peak memory (VmHWM) ` +
      `${ready.peakMiB.toFixed(0)} MiB. Its log:`,
  );
  console.log(
    table(
      ['line'],
      ready.log.slice(0, 30).map((line) => [line.slice(0, 160)]),
      [],
    ),
  );
  return {
    history,
    rebuildSeconds,
    rebuildCpuSeconds,
    readySeconds: ready.readySeconds,
    readyCpuSeconds: ready.readyCpuSeconds,
    peakMiB: ready.peakMiB,
  };
}
