/**
 * A million events (`npm run bench -- --only=million`): the history of ./million-history.ts
 * written into a temporary DATA_DIR, then
 *   1. a rebuild of every read model from it (in this process, into the embedded profile's
 *      read store: memory, the audit log in SQLite), timed;
 *   2. the built server (`node dist/server/api/main.js`, embedded profile) started on that
 *      DATA_DIR: the time until /readyz answers 200 (read models caught up with the whole log)
 *      and the server process's peak resident memory (VmHWM in /proc/<pid>/status).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { openEventStore } from '../../commands/event-store';
import { rebuild } from '../../projections';
import { appProjectors, embeddedReadStoreConfig } from '../../api/bootstrap/composition';
import { openReadStore } from '../../projections/read-store';
import { embeddedRebuildElsewhere } from '../../api/bootstrap/rebuild-elsewhere';
import { ensureBuild } from './http';
import { writeMillionHistory, type MillionOptions, type MillionStats } from './million-history';
import { fmtInt, table } from './report';
import { tempDir } from './temp';

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; null elsewhere. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** VmHWM (peak resident set) of a process, in MiB; null where /proc is not available. */
function peakMiB(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function startAndWaitReady(
  projectRoot: string,
  dataDir: string,
): Promise<{ readySeconds: number; readyCpuSeconds: number; peakMiB: number; log: string[] }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(projectRoot, 'dist/server/api/main.js')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PROFILE: 'embedded',
      ROLE: 'all',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const collect = (chunk: Buffer) =>
    log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  const pid = child.pid;
  if (pid === undefined) throw new Error('The server process did not start');
  let peak = 0;
  try {
    for (;;) {
      if (exited !== null) {
        throw new Error(`The server exited with ${exited}:\n${log.slice(-20).join('\n')}`);
      }
      peak = Math.max(peak, peakMiB(pid) ?? 0);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.status === 200) break;
      } catch {
        // Not listening yet.
      }
      if (performance.now() - started > 300_000) throw new Error('Not ready after 300 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const readySeconds = (performance.now() - started) / 1000;
    const readyCpuSeconds = cpuSeconds(pid) ?? Number.NaN;
    // A few pages once ready: their render is part of what the process holds.
    for (const page of ['/', '/providers', '/blog', '/admin/login']) {
      await fetch(`http://127.0.0.1:${port}${page}`).then((r) => r.arrayBuffer());
    }
    peak = Math.max(peak, peakMiB(pid) ?? 0);
    return { readySeconds, readyCpuSeconds, peakMiB: peak, log };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (exited !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

export async function benchMillion(
  projectRoot: string,
  options: MillionOptions = {},
): Promise<MillionResult> {
  const dataDir = tempDir('million');
  const file = path.join(dataDir, 'events.sqlite');
  const history = await writeMillionHistory(file, options);
  console.log(
    `History: ${fmtInt(history.events)} events (${Object.entries(history.byKind)
      .map(([kind, n]) => `${kind} ${fmtInt(n)}`)
      .join(', ')}), ${(history.bytes / 2 ** 20).toFixed(0)} MiB of event data, written in ` +
      `${history.seconds.toFixed(1)} s`,
  );

  const store = await openEventStore({ kind: 'sqlite', path: file });
  // Its own directory: the server started next empties its DATA_DIR's read-models.sqlite.
  const rebuildDir = path.join(dataDir, 'rebuild');
  mkdirSync(rebuildDir, { recursive: true });
  const readStoreConfig = embeddedReadStoreConfig(rebuildDir, false);
  const readStore = await openReadStore(readStoreConfig);
  // As the server does: the audit log replayed by a worker thread alongside.
  const elsewhere = embeddedRebuildElsewhere(dataDir, readStoreConfig);
  let rebuildSeconds: number;
  let rebuildCpuSeconds: number;
  try {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const result = await rebuild(readStore, store, appProjectors(), {
      ...(elsewhere ? { elsewhere } : {}),
    });
    rebuildSeconds = (performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu);
    rebuildCpuSeconds = (used.user + used.system) / 1e6;
    console.log(
      `Rebuild: ${fmtInt(result.events)} events in ${rebuildSeconds.toFixed(1)} s ` +
        `(${fmtInt(result.events / rebuildSeconds)} events/s; ${rebuildCpuSeconds.toFixed(1)} s of CPU)`,
    );
  } finally {
    await readStore.close();
    await store.close();
  }

  ensureBuild(projectRoot);
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
