/**
 * HTTP throughput and latency of the real app. The single-request breakdown and the autocannon
 * runs use the app started in this process the way api/main.ts starts it (embedded profile,
 * production SSR, demo providers); the comparison with nginx and the cache-off run use the built
 * server started as `npm start` starts it (./built-server.ts). Load generators (wrk when
 * installed, else autocannon) run in child processes so they do not share a server's event loop.
 *
 * Every comparison runs interleaved (A B C A B C A B C) and compares medians of three, each run
 * printed with the 1-minute load average it ended at. The cached home page is compared with
 * nginx and with a bare node:http server sending the same body with the same headers, Content-
 * Length included (checked, and any difference printed). With the page cache off, one URL under
 * 32 connections shares each render among the requests waiting for it, so the uncached figures
 * also take the 400 city pages round robin (no two requests in flight ask for the same page).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../api/app';
import { openBackend, type Backend } from '../../workers/bootstrap/composition';
import { appPublicReads, openAuthStores, type AuthStores } from '../../api/bootstrap/composition';
import { loadConfig } from '../../workers/bootstrap/config';
import type { SsrEntry } from '../../api/contracts/ssr';
import { CITY_PATHS } from '../../api/cities/contracts';
import { PROVIDER_PATHS } from '../../api/providers/contracts';
import { prepareFirstStart } from '../../api/first-start';
import { createLogger } from '../../workers/bootstrap/logger';
import { createInProcessApiClient } from '../../api/http/public-reads';
import { readProductionAssets } from '../../api/ssr/assets';
import { createSsrHandler, type SsrHandler } from '../../api/ssr/middleware';
import { withPageFastPath } from '../../api/ssr/fast-path';
import { sitePageCache } from '../../api/ssr/page-cache';
import { allCities, cityPath } from '../../domain/cities';
import { runWrk, startBareNode, startReference, WRK, type LoadFigures } from './reference';
import { cpuProfile, printProfile } from './profile';
import {
  fmtInt,
  fmtMs,
  interleave,
  median,
  medianLoad,
  medianOf,
  table,
  type InterleavedRun,
} from './report';
import { tempDir } from './temp';
import { cpuSeconds, ensureBuilt, startBuiltServer } from './built-server';

const BENCH_CITY = 'dallas-tx';
/** The single-request row of a city page rendered from its read model, without the page cache. */
export const CITY_RENDER = `SSR render of /near/${BENCH_CITY} from its read model, uncached`;

export interface HttpOptions {
  projectRoot: string;
  /** Home page p99 target (ms): when missed, the SSR render is profiled. */
  homeP99TargetMs: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Sequential requests / renders for the single-request breakdown. */
  samples: number;
}

export interface LoadResult {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Event-loop utilisation of the server process during the run (0..1). */
  eventLoopUtilisation: number;
}

/** Medians of three interleaved runs (app, reference, bare node:http, in turn). */
export interface CachedVersusReference {
  encoding: 'br' | 'identity';
  bytes: number;
  app: LoadFigures;
  reference: LoadFigures & { name: string };
  /** The same bytes and headers from a bare node:http server: what Node's http module allows. */
  nodeCeiling: LoadFigures;
  /** Median 1-minute load average over the comparison's runs. */
  load: number;
  /** How each server's answer differs from the app's (header names, Content-Length); [] = none. */
  differences: { reference: string[]; nodeCeiling: string[] };
}

/** One uncached target of the built server with PAGE_CACHE=off: medians of three runs. */
export interface UncachedFigures {
  what: string;
  /** How many distinct URLs the run took round robin. */
  urls: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The server process's CPU time per answered request; null where /proc is missing. */
  cpuMsPerRequest: number | null;
  /** Non-2xx answers, errors and timeouts over the three runs. */
  failed: number;
  /** Median 1-minute load average over the comparison's runs. */
  load: number;
}

/** The uncached row with a target: `GET /` under 32 connections (one URL). */
export const UNCACHED_HOME = 'GET / (one URL)';

export interface HttpResult {
  built: boolean;
  loads: LoadResult[];
  /** The cached home page against nginx (or bare node:http) serving the same bytes. */
  versus: CachedVersusReference[];
  referenceNote?: string;
  /**
   * PAGE_CACHE=off (no page kept), 32 connections: `/` and one city page (renders
   * shared by the requests waiting for them), and the 400 city pages round robin (none shared).
   */
  uncached: UncachedFigures[];
  /** Sequential, one at a time: what a single request costs. */
  single: Array<{ what: string; p50: number; mean: number }>;
}

export interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Builds the app when the SSR bundle or the client manifest is missing. */
export function ensureBuild(root: string): boolean {
  const entry = path.join(root, 'dist', 'ssr', 'entry-server.js');
  const manifest = path.join(root, 'dist', 'client', '.vite', 'manifest.json');
  if (existsSync(entry) && existsSync(manifest)) {
    const built = statSync(entry).mtimeMs;
    const newest = (dir: string): number =>
      readdirSync(dir, { withFileTypes: true }).reduce((latest, item) => {
        const full = path.join(dir, item.name);
        const time = item.isDirectory() ? newest(full) : statSync(full).mtimeMs;
        return Math.max(latest, time);
      }, 0);
    if (newest(path.join(root, 'web')) > built) {
      console.log(
        'Note: web/ has changed since the last build; run `npm run build` to measure it.',
      );
    }
    return false;
  }
  console.log('dist/ssr/entry-server.js is missing: running `npm run build` first...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit code ${result.status})`);
  return true;
}

/**
 * autocannon's API in a child process (so the load does not share the bench's event loop). With
 * `paths`, every request takes the next path of the list, counted across all connections: with
 * more paths than connections, no two requests in flight ask for the same page.
 */
const AUTOCANNON_RUNNER = `
const autocannon = require(process.argv[1]);
const { url, connections, seconds, headers, paths } = JSON.parse(process.argv[2]);
let next = 0;
const requests = paths
  ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }]
  : undefined;
autocannon({ url, connections, duration: seconds, headers, requests }).then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
`;

export interface AutocannonOptions {
  /** Request headers (e.g. Accept-Encoding), sent with every request. */
  headers?: Record<string, string>;
  /** Paths taken round robin instead of the url's own path. */
  paths?: readonly string[];
}

export function autocannon(
  root: string,
  url: string,
  connections: number,
  seconds: number,
  options: AutocannonOptions = {},
): Promise<AutocannonJson> {
  const module = path.join(root, 'node_modules', 'autocannon');
  const config = JSON.stringify({ url, connections, seconds, ...options });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', AUTOCANNON_RUNNER, module, config], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(`autocannon exited with ${code}: ${stderr.trim()}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as AutocannonJson);
      } catch {
        reject(new Error(`autocannon printed no JSON: ${stdout.slice(0, 200)} ${stderr.trim()}`));
      }
    });
  });
}

async function timeSequential(
  samples: number,
  work: () => Promise<void>,
): Promise<{ p50: number; mean: number }> {
  for (let i = 0; i < Math.min(20, samples); i++) await work();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return { p50: median(times), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

export async function benchHttp(options: HttpOptions): Promise<HttpResult> {
  const root = options.projectRoot;
  const built = ensureBuild(root);
  const dataDir = tempDir('http');
  const config = loadConfig(
    {
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      PORT: '0',
      LOG_LEVEL: 'error',
    },
    root,
  );
  const logger = createLogger({ level: 'error' });

  let backend: Backend | null = null;
  let auth: AuthStores | null = null;
  let ssr: SsrHandler | null = null;
  let server: Server | null = null;
  try {
    backend = await openBackend(config, logger);
    auth = openAuthStores(config);
    const api = createInProcessApiClient(appPublicReads(backend.queries, backend.config));
    ssr = await createSsrHandler({
      mode: 'production',
      api,
      projectRoot: root,
      siteUrl: config.publicUrl,
      // As `npm start` serves: rendered public pages kept per data version.
      pageCache: sitePageCache(backend),
    });
    const { app } = createApp({ backend, auth, pages: ssr.handler });
    // As api/main.ts serves: kept pages answered before Express.
    const listener = withPageFastPath(app, ssr.fastPath);
    server = await new Promise<Server>((resolve, reject) => {
      const s = createServer(listener);
      s.listen(0, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    const first = await prepareFirstStart(backend);
    const { port } = server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;

    // Sanity: the pages answer and show the seeded providers.
    const featured = (await (await fetch(`${base}/api/providers/featured`)).json()) as unknown[];
    const home = await fetch(`${base}/`);
    const html = await home.text();
    if (home.status !== 200 || featured.length === 0) {
      throw new Error(`the app is not serving: GET / ${home.status}, ${featured.length} featured`);
    }
    console.log(
      `App on ${base}: ${first.seededProviders} demo providers seeded, ${featured.length} featured; ` +
        `home page ${fmtInt(html.length)} characters`,
    );

    // One request at a time: what a single home page costs, and which part of it.
    const entry = (await import(
      pathToFileURL(path.join(root, 'dist', 'ssr', 'entry-server.js')).href
    )) as SsrEntry;
    const assets = await readProductionAssets(path.join(root, 'dist', 'client'));
    const renderPage = async (pathname: string) => {
      const response = await entry.render({
        request: new Request(`${base}${pathname}`),
        api,
        nonce: 'bench-nonce',
        assets,
        siteUrl: config.publicUrl,
      });
      await response.text();
    };
    const renderHome = () => renderPage('/');
    // A city page is one read of its state's ranking; check it ranks someone before timing it.
    const city = (await api.get(CITY_PATHS.city(BENCH_CITY))) as { providers: unknown[] };
    if (city.providers.length === 0) throw new Error(`${BENCH_CITY} ranks no provider`);
    const single = [
      {
        what: 'GET /api/providers/featured in process (read model query)',
        ...(await timeSequential(options.samples, async () => {
          await api.get(PROVIDER_PATHS.featured);
        })),
      },
      {
        what: 'SSR render of / (entry.render + read the body)',
        ...(await timeSequential(options.samples, renderHome)),
      },
      {
        what: `GET /api/cities/${BENCH_CITY} in process (one read model query)`,
        ...(await timeSequential(options.samples, async () => {
          await api.get(CITY_PATHS.city(BENCH_CITY));
        })),
      },
      {
        what: CITY_RENDER,
        ...(await timeSequential(options.samples, () => renderPage(`/near/${BENCH_CITY}`))),
      },
      {
        what: 'GET / over HTTP (whole app, client in process)',
        ...(await timeSequential(options.samples, async () => {
          await (await fetch(`${base}/`)).text();
        })),
      },
      {
        what: 'GET /api/providers/featured over HTTP',
        ...(await timeSequential(options.samples, async () => {
          await (await fetch(`${base}/api/providers/featured`)).text();
        })),
      },
    ];
    console.log(`One request at a time (${options.samples} samples each):`);
    console.log(
      table(
        ['Work', 'p50 ms', 'mean ms'],
        single.map((s) => [s.what, fmtMs(s.p50), fmtMs(s.mean)]),
        [1, 2],
      ),
    );

    const loads: LoadResult[] = [];
    for (const target of ['/', '/api/providers/featured']) {
      const url = `${base}${target}`;
      await autocannon(root, url, options.connections, options.warmupSeconds);
      const before = performance.eventLoopUtilization();
      const run = await autocannon(root, url, options.connections, options.durationSeconds);
      const elu = performance.eventLoopUtilization(before);
      loads.push({
        path: target,
        requestsPerSecond: run.requests.average,
        p50: run.latency.p50,
        p99: run.latency.p99,
        max: run.latency.max,
        total: run.requests.total,
        non2xx: run.non2xx,
        errors: run.errors,
        timeouts: run.timeouts,
        eventLoopUtilisation: elu.utilization,
      });
    }
    console.log(
      `autocannon in a child process, ${options.connections} connections, ` +
        `${options.warmupSeconds} s warm-up then ${options.durationSeconds} s:`,
    );
    console.log(
      table(
        [
          'Path',
          'Req/s',
          'p50 ms',
          'p99 ms',
          'max ms',
          'Requests',
          'non-2xx',
          'Errors',
          'Server ELU',
        ],
        loads.map((l) => [
          `GET ${l.path}`,
          fmtInt(l.requestsPerSecond),
          String(l.p50),
          String(l.p99),
          String(l.max),
          fmtInt(l.total),
          String(l.non2xx),
          String(l.errors + l.timeouts),
          `${(l.eventLoopUtilisation * 100).toFixed(0)}%`,
        ]),
        [1, 2, 3, 4, 5, 6, 7, 8],
      ),
    );
    const homeLoad = loads.find((l) => l.path === '/');
    if (homeLoad && homeLoad.p99 >= options.homeP99TargetMs) {
      console.log(
        `Home page p99 misses ${options.homeP99TargetMs} ms: CPU profile of ` +
          `${options.samples} sequential SSR renders of / (no HTTP).`,
      );
      printProfile(
        await cpuProfile(async () => {
          for (let i = 0; i < options.samples; i++) await renderHome();
        }, root),
      );
    }
    // The cached home page against a static server sending the same bytes, in one run. The app
    // is the built server as `npm start` runs it (its own process, its Node flags, the embedded
    // profile with the demo content), not the sources loaded into this process.
    ensureBuilt(root);
    const servedDir = tempDir('http-served');
    const versus: CachedVersusReference[] = [];
    let referenceNote: string | undefined;
    const warm = async (url: string, headers: Record<string, string>): Promise<void> => {
      if (WRK) await runWrk(url, options.connections, options.warmupSeconds, headers);
      else await autocannon(root, url, options.connections, options.warmupSeconds, { headers });
    };
    const load = async (url: string, headers: Record<string, string>): Promise<LoadFigures> => {
      if (WRK) {
        const r = await runWrk(url, options.connections, options.durationSeconds, headers);
        return { requestsPerSecond: r.rps, p99Ms: r.p99, tool: 'wrk' };
      }
      const r = await autocannon(root, url, options.connections, options.durationSeconds, {
        headers,
      });
      return { requestsPerSecond: r.requests.average, p99Ms: r.latency.p99, tool: 'autocannon' };
    };
    const served = await startBuiltServer(root, {
      env: { DATA_DIR: servedDir, SEED_DEMO: 'true', LOG_LEVEL: 'error' },
    });
    try {
      for (const encoding of ['br', 'identity'] as const) {
        const headers: Record<string, string> =
          encoding === 'br' ? { 'Accept-Encoding': 'br' } : { 'Accept-Encoding': 'identity' };
        const answer = await fetch(`${served.url}/`, { headers });
        await answer.arrayBuffer();
        // fetch decodes brotli: read the bytes the server sent from a raw request instead.
        const bytes = await rawBody(`${served.url}/`, headers);
        // The same headers on the wire as the app's answer (security headers, caching, type,
        // encoding), so both servers send the same bytes; nginx adds its own ETag and a
        // per-request X-Request-Id ($request_id), as the app does.
        const refHeaders: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!WRITTEN_BY_SERVER.has(name) && name !== 'etag' && name !== 'x-request-id') {
            refHeaders[name] = value;
          }
        });
        const reference = await startReference(bytes, refHeaders);
        referenceNote = reference.note;
        // Every header of the app's answer, Content-Length included (without it node:http
        // would frame the body as chunked: other bytes on the wire than the app's).
        const bare = await startBareNode(bytes, [
          ...appHeaders(answer.headers),
          'content-length',
          String(bytes.length),
        ]);
        try {
          const urls = { app: `${served.url}/`, reference: reference.url, bare: bare.url };
          const differences = {
            reference: await differencesFrom(answer.headers, bytes.length, reference.url, headers),
            nodeCeiling: await differencesFrom(answer.headers, bytes.length, bare.url, headers),
          };
          for (const url of Object.values(urls)) await warm(url, headers);
          const runs = await interleave(['app', 'reference', 'bare'] as const, (server) =>
            load(urls[server], headers),
          );
          const medianFigures = (server: 'app' | 'reference' | 'bare'): LoadFigures => ({
            requestsPerSecond: medianOf(runs, server, (r) => r.requestsPerSecond),
            p99Ms: medianOf(runs, server, (r) => r.p99Ms),
            tool: runs[0]?.result.tool ?? '',
          });
          printRuns(`cached / (${encoding})`, runs, (r) => [
            fmtInt(r.requestsPerSecond),
            '-',
            fmtMs(r.p99Ms),
            '-',
          ]);
          versus.push({
            encoding,
            bytes: bytes.length,
            app: medianFigures('app'),
            reference: { ...medianFigures('reference'), name: reference.name },
            nodeCeiling: medianFigures('bare'),
            load: medianLoad(runs),
            differences,
          });
        } finally {
          await reference.close();
          await bare.close();
        }
      }
    } finally {
      await served.stop();
    }
    console.log(
      `Cached home page vs a static server sending the same bytes, ${options.connections} connections ` +
        `(medians of 3 interleaved runs):`,
    );
    console.log(
      table(
        [
          'Encoding',
          'Bytes',
          'App req/s',
          'App p99 ms',
          'Reference',
          'Ref req/s',
          'Ref p99 ms',
          'Ratio',
          'Bare node:http req/s',
          'Ratio',
          'Load avg',
        ],
        versus.map((v) => [
          v.encoding,
          fmtInt(v.bytes),
          fmtInt(v.app.requestsPerSecond),
          fmtMs(v.app.p99Ms),
          v.reference.name,
          fmtInt(v.reference.requestsPerSecond),
          fmtMs(v.reference.p99Ms),
          `${((v.app.requestsPerSecond / v.reference.requestsPerSecond) * 100).toFixed(0)} %`,
          fmtInt(v.nodeCeiling.requestsPerSecond),
          `${((v.app.requestsPerSecond / v.nodeCeiling.requestsPerSecond) * 100).toFixed(0)} %`,
          v.load.toFixed(2),
        ]),
        [1, 2, 3, 5, 6, 7, 8, 9, 10],
      ),
    );
    for (const v of versus) {
      for (const [name, found] of [
        [v.reference.name, v.differences.reference],
        ['bare node:http', v.differences.nodeCeiling],
      ] as const) {
        console.log(
          `  ${v.encoding}: ${name} answers ${
            found.length === 0
              ? "with the app's headers and Content-Length"
              : `unlike the app: ${found.join(', ')}`
          }`,
        );
      }
    }
    if (referenceNote) console.log(referenceNote);

    // Every request rendered: the same built server without the page cache (PAGE_CACHE=off).
    const uncached = await measureUncached(root, servedDir, options);
    console.log(
      `Page cache off (PAGE_CACHE=off, built server, demo providers), ${options.connections} ` +
        `connections, autocannon, medians of 3 interleaved runs:`,
    );
    console.log(
      table(
        ['Target', 'URLs', 'Req/s', 'p50 ms', 'p99 ms', 'Server CPU ms/req', 'Failed', 'Load avg'],
        uncached.map((u) => [
          u.what,
          fmtInt(u.urls),
          fmtInt(u.requestsPerSecond),
          fmtMs(u.p50Ms),
          fmtMs(u.p99Ms),
          u.cpuMsPerRequest === null ? '-' : fmtMs(u.cpuMsPerRequest),
          fmtInt(u.failed),
          u.load.toFixed(2),
        ]),
        [1, 2, 3, 4, 5, 6, 7],
      ),
    );
    return {
      built,
      loads,
      single,
      versus,
      ...(referenceNote ? { referenceNote } : {}),
      uncached,
    };
  } finally {
    if (server) {
      const s = server;
      const closing = new Promise<void>((resolve) => s.close(() => resolve()));
      s.closeAllConnections();
      await closing;
    }
    await ssr?.close();
    await auth?.close();
    await backend?.close();
  }
}

/** Headers every HTTP server writes itself (framing, date). */
const WRITTEN_BY_SERVER = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/** The headers the app answered with, as a raw list, less those the server writes itself. */
function appHeaders(headers: Headers): string[] {
  const list: string[] = [];
  headers.forEach((value, name) => {
    if (!WRITTEN_BY_SERVER.has(name)) list.push(name, value);
  });
  return list;
}

/** The raw bytes of a GET (no decoding), for serving them again from the reference server. */
async function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * How another server's answer to the same request differs from the app's: header names one has
 * and the other lacks (`-name`: only the app's, `+name`: only the other's) and Content-Length.
 */
async function differencesFrom(
  app: Headers,
  appBytes: number,
  url: string,
  headers: Record<string, string>,
): Promise<string[]> {
  const other = await fetch(url, { headers });
  await other.arrayBuffer();
  const names = (h: Headers) => {
    const found = new Set<string>();
    h.forEach((_value, name) => found.add(name));
    return found;
  };
  const mine = names(app);
  const theirs = names(other.headers);
  const found = [
    ...[...mine].filter((name) => !theirs.has(name)).map((name) => `-${name}`),
    ...[...theirs].filter((name) => !mine.has(name)).map((name) => `+${name}`),
  ];
  const length = other.headers.get('content-length');
  if (length !== String(appBytes))
    found.push(`content-length ${length ?? 'none'} (app ${appBytes})`);
  return found;
}

/** Each interleaved run on a line: round, variant, its figures and the load average. */
function printRuns<V extends string, R>(
  what: string,
  runs: ReadonlyArray<InterleavedRun<V, R>>,
  figures: (result: R) => [reqs: string, p50: string, p99: string, cpu: string],
): void {
  console.log(`${what}, interleaved runs:`);
  console.log(
    table(
      ['Round', 'Target', 'Req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'Load avg'],
      runs.map((r) => [String(r.round + 1), r.variant, ...figures(r.result), r.load.toFixed(2)]),
      [0, 2, 3, 4, 5, 6],
    ),
  );
}

interface UncachedRun {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerRequest: number | null;
  failed: number;
}

/**
 * The built server with PAGE_CACHE=off over `dataDir` (the demo providers): `/` and one city
 * page, each one URL under every connection (concurrent requests for a page share its render,
 * as they do in production), against the 400 city pages round robin (every request a render of
 * its own): interleaved, three rounds, with the server's CPU time per request.
 */
async function measureUncached(
  root: string,
  dataDir: string,
  options: HttpOptions,
): Promise<UncachedFigures[]> {
  const cityPages = allCities().map((city) => cityPath(city));
  const targets = [
    { what: UNCACHED_HOME, paths: ['/'] },
    { what: `GET /near/${BENCH_CITY} (one URL)`, paths: [`/near/${BENCH_CITY}`] },
    { what: `GET /near/{city}, round robin`, paths: cityPages },
  ];
  const headers = { 'Accept-Encoding': 'br' };
  const server = await startBuiltServer(root, {
    env: { DATA_DIR: dataDir, PAGE_CACHE: 'off', LOG_LEVEL: 'error' },
  });
  try {
    // Warm-up over every page: loads the route chunks and compiles the render's hot paths.
    await autocannon(root, server.url, options.connections, options.warmupSeconds, {
      headers,
      paths: cityPages.concat('/'),
    });
    const runs = await interleave(targets, async (target): Promise<UncachedRun> => {
      const cpuBefore = cpuSeconds(server.pid);
      const r = await autocannon(root, server.url, options.connections, options.durationSeconds, {
        headers,
        paths: target.paths,
      });
      const cpuAfter = cpuSeconds(server.pid);
      return {
        requestsPerSecond: r.requests.average,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        cpuMsPerRequest:
          cpuBefore === null || cpuAfter === null || r.requests.total === 0
            ? null
            : ((cpuAfter - cpuBefore) * 1000) / r.requests.total,
        failed: r.non2xx + r.errors + r.timeouts,
      };
    });
    printRuns(
      'Page cache off',
      runs.map((r) => ({ ...r, variant: r.variant.what })),
      (r) => [
        fmtInt(r.requestsPerSecond),
        fmtMs(r.p50Ms),
        fmtMs(r.p99Ms),
        r.cpuMsPerRequest === null ? '-' : fmtMs(r.cpuMsPerRequest),
      ],
    );
    const load = medianLoad(runs);
    return targets.map((target) => {
      const cpu = runs
        .filter((r) => r.variant === target)
        .map((r) => r.result.cpuMsPerRequest)
        .filter((v): v is number => v !== null);
      return {
        what: target.what,
        urls: target.paths.length,
        requestsPerSecond: medianOf(runs, target, (r) => r.requestsPerSecond),
        p50Ms: medianOf(runs, target, (r) => r.p50Ms),
        p99Ms: medianOf(runs, target, (r) => r.p99Ms),
        cpuMsPerRequest: cpu.length > 0 ? median(cpu) : null,
        failed: runs
          .filter((r) => r.variant === target)
          .reduce((sum, r) => sum + r.result.failed, 0),
        load,
      };
    });
  } finally {
    await server.stop();
  }
}
