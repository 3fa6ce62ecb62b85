/**
 * The built server (`dist/server/api/main.js`) started in a child process the way `npm start`
 * starts it (the same Node flags, NODE_ENV=production, the embedded profile): what the bench
 * measures when it asks what a deployment does, rather than the sources loaded into the bench's
 * own process (another compiler's output, a heap shared with the bench's other sections).
 */
import { spawn, spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export interface BuiltServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  pid: number;
  /** Seconds from the spawn until /readyz answered 200. */
  readySeconds: number;
  /** What the process printed so far (JSON log lines). */
  log: string[];
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Environment on top of the defaults (DATA_DIR is required). */
  env: Record<string, string> & { DATA_DIR: string };
  timeoutMs?: number;
  /** Called on every readiness poll with the child's pid (e.g. to sample its memory). */
  onPoll?: (pid: number) => void;
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
export function cpuSeconds(pid: number): number | null {
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
export function peakMiB(pid: number): number | null {
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

/**
 * A bench script bundled as `npm run build` bundles the server (scripts/build-server.mjs:
 * esbuild, npm packages external), so the process that runs it with startNodeFlags measures
 * plain JavaScript as `npm start` runs it: under tsx, its loader thread and transpiled sources
 * added ~40 MiB to the newsletter's sender and ~5 % to a replay. Its path (an .mjs file).
 */
export async function bundledBenchScript(projectRoot: string, entry: string): Promise<string> {
  const outdir = path.join(projectRoot, 'node_modules/.cache/vialcompare-bench');
  await build({
    entryPoints: [path.join(projectRoot, entry)],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting: true,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return path.join(outdir, `${path.basename(entry, path.extname(entry))}.mjs`);
}

/**
 * Builds what is older than the sources, as `npm start` does before starting. With
 * BENCH_SKIP_BUILD=1 an existing build is measured as it is (say, while another build or a test
 * run needs the machine); a missing one is still built.
 */
export function ensureBuilt(projectRoot: string): void {
  if (process.env.BENCH_SKIP_BUILD === '1' && existsSync(builtServerPath(projectRoot))) {
    console.log('BENCH_SKIP_BUILD=1: measuring dist/ as it is, even if the sources are newer.');
    return;
  }
  // Its output (hundreds of lines of chunk sizes) is printed only when the build fails: the
  // bench's log is for figures.
  const started = performance.now();
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], {
    cwd: projectRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${build.stdout ?? ''}${build.stderr ?? ''}`;
  if (build.status !== 0) {
    process.stdout.write(output);
    throw new Error(`The build failed (exit code ${build.status}): its output is above`);
  }
  if (output.includes('Building the app')) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Built the app (sources newer than dist/) in ${seconds} s: npm run build prints its output.`,
    );
  }
}

/**
 * Runs the built rebuild command (`npm run projections:rebuild` as the image runs it, no server
 * running) on `dataDir` to its end: wall and CPU time, peak memory, what it printed. `env` adds
 * to the embedded profile's (a log's UNSUBSCRIBE_SECRET).
 */
export async function runBuiltRebuild(
  projectRoot: string,
  dataDir: string,
  env: Record<string, string> = {},
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
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'production',
        PROFILE: 'embedded',
        DATA_DIR: dataDir,
      },
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

/** The built server's entry point, as package.json's start script runs it. */
export function builtServerPath(projectRoot: string): string {
  return path.join(projectRoot, 'dist/server/api/main.js');
}

/** Starts the built server and resolves once /readyz answers 200 (read models caught up). */
export async function startBuiltServer(
  projectRoot: string,
  options: StartOptions,
): Promise<BuiltServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...startNodeFlags(projectRoot), builtServerPath(projectRoot)],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PROFILE: 'embedded',
        ROLE: 'all',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        ...options.env,
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
  const stop = async () => {
    if (exited !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  };
  const pid = child.pid;
  if (pid === undefined) throw new Error('The server process did not start');
  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    for (;;) {
      if (exited !== null) {
        throw new Error(`The server exited with ${exited}:\n${log.slice(-20).join('\n')}`);
      }
      options.onPoll?.(pid);
      try {
        const res = await fetch(`${url}/readyz`);
        if (res.status === 200) break;
      } catch {
        // Not listening yet.
      }
      if (performance.now() - started > timeoutMs) {
        throw new Error(`Not ready after ${timeoutMs / 1000} s:\n${log.slice(-20).join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid, readySeconds: (performance.now() - started) / 1000, log, stop };
}
