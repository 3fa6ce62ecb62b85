/**
 * The cached home page while events keep arriving: `GET /` throughput with 10 newsletter signups
 * a second appended in the background, against the same run without them (issue 28). Before
 * precise invalidation every event dropped every kept page, so at one signup a second the home
 * page was rendered again for most visitors; now a signup changes no collection the home page
 * reads and the page stays kept. Target: with the signups, at least 80 % of the throughput
 * without them.
 *
 * The app runs in this process as api/main.ts runs it (embedded profile, production SSR from
 * dist/, page cache, fast path, demo providers); the signups are dispatched through the command
 * bus in this process (as the signup route does, without its per-address rate limit), so each
 * one is appended, projected and told to the page cache. Load comes from autocannon in a child
 * process. Runs interleave (without, with, without, with, ...), three of each; the medians are
 * compared, each run printed with the 1-minute load average it ran at.
 *
 *   npx tsx scripts/bench/cache-under-writes.tmp.ts   (a runner calling benchCacheUnderWrites)
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createApp } from '../../api/app';
import { appPublicReads, openAuthStores, type AuthStores } from '../../api/bootstrap/composition';
import { prepareFirstStart } from '../../api/first-start';
import { createInProcessApiClient } from '../../api/http/public-reads';
import { withPageFastPath } from '../../api/ssr/fast-path';
import { createSsrHandler, type SsrHandler } from '../../api/ssr/middleware';
import { sitePageCache } from '../../api/ssr/page-cache';
import { openBackend, type Backend } from '../../workers/bootstrap/composition';
import { loadConfig } from '../../workers/bootstrap/config';
import { createLogger } from '../../workers/bootstrap/logger';
import { projectRoot } from '../../workers/bootstrap/project-root';
import { autocannon, ensureBuild } from './http';
import { fmtInt, interleave, medianLoad, medianOf, table, type ResultRow } from './report';
import { tempDir } from './temp';

const SIGNUPS_PER_SECOND = 10;
const CONNECTIONS = 32;
const TARGET = 0.8;

interface Run {
  requestsPerSecond: number;
  p99: number;
  /** Signups appended during the run, and home page renders (cache misses) it caused. */
  appended: number;
  misses: number;
}

/** Appends SIGNUPS_PER_SECOND signups a second until stopped; resolves with how many. */
function signupsInBackground(backend: Backend, prefix: string): { stop(): Promise<number> } {
  let appended = 0;
  let failed: unknown = null;
  const tick = async () => {
    const email = `bench-${prefix}-${appended}@example.org`;
    const subscriptionId = await backend.subscribers.idFor(email);
    await backend.bus.dispatch(
      { type: 'SubscribeToNewsletter', email, subscriptionId },
      { actor: { kind: 'visitor', id: 'bench' }, correlationId: `bench-${appended}` },
    );
    appended++;
  };
  const timer = setInterval(() => {
    tick().catch((error: unknown) => (failed ??= error));
  }, 1000 / SIGNUPS_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      if (failed) throw failed;
      return appended;
    },
  };
}

export async function benchCacheUnderWrites(options: { quick: boolean }): Promise<ResultRow[]> {
  const root = projectRoot();
  ensureBuild(root);
  const seconds = options.quick ? 4 : 10;
  const config = loadConfig(
    {
      PROFILE: 'embedded',
      DATA_DIR: tempDir('cache-writes'),
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      PORT: '0',
      LOG_LEVEL: 'error',
    },
    root,
  );
  let backend: Backend | null = null;
  let auth: AuthStores | null = null;
  let ssr: SsrHandler | null = null;
  let server: Server | null = null;
  try {
    backend = await openBackend(config, createLogger({ level: 'error' }));
    auth = openAuthStores(config);
    const pageCache = sitePageCache(backend);
    ssr = await createSsrHandler({
      mode: 'production',
      api: createInProcessApiClient(appPublicReads(backend.queries, backend.config)),
      projectRoot: root,
      siteUrl: config.publicUrl,
      pageCache,
      renderThread: true,
    });
    const { app } = createApp({ backend, auth, pages: ssr.handler });
    const listener = withPageFastPath(app, ssr.fastPath);
    server = await new Promise<Server>((resolve, reject) => {
      const s = createServer(listener);
      s.listen(0, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    await prepareFirstStart(backend);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const home = await fetch(url);
    if (home.status !== 200) throw new Error(`GET / answered ${home.status}`);
    await home.text();

    const bus = backend; // narrowed for the closure below
    const runs = await interleave(['without', 'with'] as const, async (variant, round) => {
      const before = pageCache.stats().misses;
      const writer = variant === 'with' ? signupsInBackground(bus, `${round}`) : null;
      const result = await autocannon(root, url, CONNECTIONS, seconds);
      const appended = (await writer?.stop()) ?? 0;
      const run: Run = {
        requestsPerSecond: result.requests.average,
        p99: result.latency.p99,
        appended,
        misses: pageCache.stats().misses - before,
      };
      return run;
    });

    console.log(
      table(
        ['run', 'signups/s', 'req/s', 'p99 ms', 'signups', 'misses of /', 'load avg'],
        runs.map((r) => [
          `${r.round + 1}${r.variant === 'with' ? 'B' : 'A'}`,
          r.variant === 'with' ? String(SIGNUPS_PER_SECOND) : '0',
          fmtInt(r.result.requestsPerSecond),
          String(r.result.p99),
          String(r.result.appended),
          String(r.result.misses),
          r.load.toFixed(2),
        ]),
        [1, 2, 3, 4, 5, 6],
      ),
    );
    const without = medianOf(runs, 'without', (r) => r.requestsPerSecond);
    const withSignups = medianOf(runs, 'with', (r) => r.requestsPerSecond);
    const ratio = withSignups / without;
    const load = medianLoad(runs);
    console.log(
      `cached GET /, ${CONNECTIONS} connections, ${seconds} s a run: ${fmtInt(without)} req/s without, ` +
        `${fmtInt(withSignups)} req/s with ${SIGNUPS_PER_SECOND} signups/s (medians of 3): ` +
        `${Math.round(ratio * 100)} % (load average ${load.toFixed(2)})`,
    );
    return [
      {
        section: 'cache under writes',
        measure: `cached / with ${SIGNUPS_PER_SECOND} signups/s vs without (load ${load.toFixed(2)})`,
        value: `${Math.round(ratio * 100)} % (${fmtInt(withSignups)} / ${fmtInt(without)} req/s)`,
        target: `>= ${TARGET * 100} %`,
        met: ratio >= TARGET,
      },
    ];
  } finally {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await ssr?.close();
    await auth?.close();
    await backend?.close();
  }
}
