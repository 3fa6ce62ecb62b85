/**
 * A million events (`npm run bench -- --only=million`): the history of ./million-history.ts
 * written into a temporary DATA_DIR, then
 *   1. a rebuild of every read model from it by the built operator command
 *      (`node dist/server/api/cli/rebuild-projections.js`, as the image runs it, with no server
 *      running: the embedded read store, the audit log replayed by a worker thread), timed;
 *   2. the built server started on that DATA_DIR as `npm start` starts it (the same Node flags):
 *      the time until /readyz answers 200 (read models caught up with the whole log) and the
 *      server process's peak resident memory (VmHWM in /proc/<pid>/status).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
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

/** The Node flags of package.json's start script (`node --flag ... dist/...`). */
export function startNodeFlags(projectRoot: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const words = (pkg.scripts?.start ?? '').split(/\s+/);
  const node = words.indexOf('node');
  return node < 0 ? [] : words.slice(node + 1).filter((word) => word.startsWith('--'));
}

/** Runs the built rebuild command on `dataDir` to its end: wall and CPU time, peak memory. */
async function rebuildWithTheCommand(
  projectRoot: string,
  dataDir: string,
): Promise<{ seconds: number; cpuSeconds: number; peakMiB: number; output: string }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...startNodeFlags(projectRoot),
      path.join(projectRoot, 'dist/server/api/cli/rebuild-projections.js'),
    ],
    {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production', PROFILE: 'embedded', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('The rebuild command did not start');
  // Sampled until it exits (/proc/<pid> goes with it): the last sample is within 20 ms of the end.
  let cpu = 0;
  let peak = 0;
  while (exitCode === null) {
    cpu = cpuSeconds(pid) ?? cpu;
    peak = Math.max(peak, peakMiB(pid) ?? 0);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20))]);
  }
  const seconds = (performance.now() - started) / 1000;
  if (exitCode !== 0) throw new Error(`The rebuild command exited with ${exitCode}:\n${output}`);
  return { seconds, cpuSeconds: cpu, peakMiB: peak, output: output.trim() };
}

async function startAndWaitReady(
  projectRoot: string,
  dataDir: string,
): Promise<{ readySeconds: number; readyCpuSeconds: number; peakMiB: number; log: string[] }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...startNodeFlags(projectRoot), path.join(projectRoot, 'dist/server/api/main.js')],
    {
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
    },
  );
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

  // Written with synchronous=OFF: flushed to disk now, so that the kernel's write-back of half a
  // gigabyte does not run during the timed rebuild (a real log was written long before).
  const fd = openSync(file, 'r');
  fsyncSync(fd);
  closeSync(fd);

  // The built files are what is measured: built first when older than the sources (as `npm start`).
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`The build failed (exit code ${build.status})`);
  const rebuilt = await rebuildWithTheCommand(projectRoot, dataDir);
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
