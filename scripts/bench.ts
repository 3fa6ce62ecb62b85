/**
 * `npm run bench`: throughput and latency figures of the embedded profile (printed, never
 * asserted; each target says whether it was met).
 *
 *   1. durable appends per second to the SQLite event store, at concurrency 1 and 32;
 *   2. events replayed per second into the read models (rebuild into memory), and the back
 *      office's subscriber list (a page, an e-mail search) at the replayed size;
 *   3. HTTP requests per second and p50/p99 latency of the home page and the featured
 *      providers API, with 32 connections; one request at a time, what a city page costs
 *      rendered from its read model without the page cache (target under 5 ms);
 *   4. outbound clicks per second over HTTP (GET /go/{slug}, counted, 302), 32 connections.
 *
 *   4. (only with --only=million) a history of 1,000,000 events: rebuild time, the server's
 *      start to /readyz 200, its peak memory (targets: 20 s, 20 s, 1.5 GB).
 *
 *   6. (only with --only=cost) /cost rendered without the page cache with 2,000 providers
 *      ranked (target p99 under 30 ms) and /data/prices.csv of them (target under 200 ms),
 *      each beside the load average.
 *
 *   7. (only with --only=newsletter) an issue sent to 200,000 subscribers through a local SMTP
 *      sink in another process: messages/s (target 500), total time, the sender's peak memory
 *      (target under 400 MB), each beside the load average; and price alert matching for one
 *      price change against 100,000 alerts (scripts/bench/price-alerts.ts).
 *
 *   8. (only with --only=cache-writes) the cached home page's throughput with 10 signups a
 *      second arriving, against none (target: at least 80 %), interleaved A B.
 *
 *  10. (only with --only=pages) /, /providers and a city page rendered without the page cache
 *      at 20, 200 and 2,000 providers (targets with 2,000: under 20 ms and 200 KB of HTML).
 *
 *   9. (only with --only=snapshots) start to ready of the built server with a million events,
 *      with and without a snapshot, and its peak memory (targets: 3 s, 1 GB).
 *
 * Flags: --quick (smaller sizes, 3 s load runs), --only=<sections> (see --help), --help.
 */
// First: sets NODE_ENV=production before anything reads it.
import { inheritedNodeEnv } from './bench/production-env';
import { availableParallelism } from 'node:os';
import { benchAppends } from './bench/appends';
import { benchCacheUnderWrites } from './bench/cache-under-writes';
import { benchClicks } from './bench/clicks';
import { benchCost } from './bench/cost';
import { USAGE, UsageError, parseArgs, type BenchOptions } from './bench/args';
import { CITY_RENDER, UNCACHED_HOME, benchHttp } from './bench/http';
import { writeProviderHistory, writeSubscriptionHistory } from './bench/history';
import { benchMillion } from './bench/million';
import { benchNewsletter } from './bench/newsletter';
import { benchPages } from './bench/pages';
import { benchPriceAlertMatching } from './bench/price-alerts';
import { benchReplay } from './bench/replay';
import { describeMachine, measureMachine } from './bench/machine';
import { benchSnapshots } from './bench/snapshots';
import { benchSubscriberPage } from './bench/subscriber-page';
import { fmtInt, fmtMs, heading, summaryTable, type ResultRow } from './bench/report';
import { removeTempDirs } from './bench/temp';
import { firstLoads, isPublicRoute, readClientBuild } from './build/first-load';
import path from 'node:path';

const TARGETS = {
  appendsPerSecond: 2_000,
  /** The provider-heavy rebuild (issue 28, part 4). */
  replayedPerSecond: 100_000,
  /** A history of subscriptions: the dashboard's cost per event must not grow with members. */
  subscriptionsReplayedPerSecond: 50_000,
  homeP99Ms: 50,
  cityRenderMs: 5,
  subscriberPageMs: 150,
  /** Cached home page req/s as a share of nginx serving the same bytes. */
  versusNginx: 0.5,
  uncachedP99Ms: 50,
  homeFirstLoadGzip: 100_000,
  millionRebuildSeconds: 20,
  millionReadySeconds: 20,
  millionPeakMiB: 1536,
  clicksPerSecond: 2_000,
  costP99Ms: 30,
  pricesCsvMs: 200,
  newsletterPerSecond: 500,
  newsletterPeakMiB: 400,
} as const;

function sizes(quick: boolean) {
  return quick
    ? {
        appends: 1_000,
        replayEvents: 5_000,
        replayProviders: 50,
        replayRuns: 2,
        subscriptions: 10_000,
        warmupSeconds: 1,
        durationSeconds: 3,
        samples: 50,
      }
    : {
        appends: 5_000,
        replayEvents: 50_000,
        replayProviders: 200,
        replayRuns: 3,
        subscriptions: 200_000,
        warmupSeconds: 2,
        durationSeconds: 10,
        samples: 200,
      };
}

async function run(options: BenchOptions): Promise<ResultRow[]> {
  const size = sizes(options.quick);
  const projectRoot = process.cwd();
  const rows: ResultRow[] = [];
  console.log(
    `VialCompare benchmark${options.quick ? ' (--quick)' : ''}: Node ${process.version}, ` +
      `${availableParallelism()} CPUs, sections: ${options.sections.join(', ')}`,
  );
  console.log(describeMachine(measureMachine()));
  if (inheritedNodeEnv !== 'production') {
    console.log(
      `NODE_ENV was ${inheritedNodeEnv ?? 'unset'}; set to production for this run (React and ` +
        'Express load their production builds, as in the Docker image).',
    );
  }

  if (options.sections.includes('appends')) {
    heading('1. Durable appends (embedded profile, SQLite WAL + synchronous=FULL)');
    const result = await benchAppends(size.appends, [1, 32]);
    for (const r of result.runs) {
      rows.push({
        section: 'appends',
        measure: `appends/s, concurrency ${r.concurrency}`,
        value: fmtInt(r.perSecond),
        target: `>= ${fmtInt(TARGETS.appendsPerSecond)}/s`,
        met: r.perSecond >= TARGETS.appendsPerSecond,
      });
    }
  }

  if (options.sections.includes('replay')) {
    heading('2. Replay into the read models (rebuild, MemoryReadStore)');
    const result = await benchReplay({
      history: (store) =>
        writeProviderHistory(store, {
          providers: size.replayProviders,
          events: size.replayEvents,
          featuredShare: 0.25,
        }),
      runs: size.replayRuns,
      target: TARGETS.replayedPerSecond,
      projectRoot,
      command: { runs: size.replayRuns },
    });
    rows.push({
      section: 'replay',
      measure: `events/s (${fmtInt(result.history.events)} events, ${result.history.providers} providers, ${result.history.featured} featured; load ${result.load.toFixed(2)})`,
      value: fmtInt(result.perSecond),
      target: `>= ${fmtInt(TARGETS.replayedPerSecond)}/s`,
      met: result.perSecond >= TARGETS.replayedPerSecond,
    });
    if (result.command) {
      rows.push({
        section: 'replay',
        measure: `events/s by the projections:rebuild command, audit log on disk (same log; load ${result.command.load.toFixed(2)})`,
        value: fmtInt(result.command.perSecond),
        target: `>= ${fmtInt(TARGETS.replayedPerSecond)}/s`,
        met: result.command.perSecond >= TARGETS.replayedPerSecond,
      });
    }
    // The dashboard's cost per event must not grow with its members: the same replay over a
    // history of visitors subscribing, one counted member each.
    console.log('');
    const members = await benchReplay({
      history: (store) => writeSubscriptionHistory(store, { subscriptions: size.subscriptions }),
      runs: size.replayRuns,
      target: TARGETS.subscriptionsReplayedPerSecond,
      projectRoot,
    });
    rows.push({
      section: 'replay',
      measure: `events/s (${fmtInt(members.history.events)} subscriptions; load ${members.load.toFixed(2)})`,
      value: fmtInt(members.perSecond),
      target: `>= ${fmtInt(TARGETS.subscriptionsReplayedPerSecond)}/s`,
      met: members.perSecond >= TARGETS.subscriptionsReplayedPerSecond,
    });
    // The back office's subscriber list at that size: a page and a search, server-side.
    const list = await benchSubscriberPage(size.subscriptions);
    for (const [what, ms] of [
      ['first page', list.firstPageMs],
      ['e-mail search', list.searchMs],
    ] as const) {
      rows.push({
        section: 'replay',
        measure: `subscriber ${what}, ms (${fmtInt(list.count)} subscribers)`,
        value: fmtMs(ms),
        target: `< ${TARGETS.subscriberPageMs} ms`,
        met: ms < TARGETS.subscriberPageMs,
      });
    }
  }

  if (options.sections.includes('http')) {
    heading('3. HTTP (embedded profile, production SSR, demo providers)');
    const result = await benchHttp({
      projectRoot,
      homeP99TargetMs: TARGETS.homeP99Ms,
      connections: 32,
      warmupSeconds: size.warmupSeconds,
      durationSeconds: size.durationSeconds,
      samples: size.samples,
    });
    if (result.built) console.log('(The app was built first with `npm run build`.)');
    const cityRender = result.single.find((s) => s.what === CITY_RENDER);
    if (cityRender) {
      rows.push({
        section: 'http',
        measure: `${CITY_RENDER}, p50 ms (server time)`,
        value: fmtMs(cityRender.p50),
        target: `< ${TARGETS.cityRenderMs} ms`,
        met: cityRender.p50 < TARGETS.cityRenderMs,
      });
    }
    for (const v of result.versus) {
      const ratio = v.app.requestsPerSecond / v.reference.requestsPerSecond;
      rows.push({
        section: 'http',
        measure: `cached GET / (${v.encoding}, ${fmtInt(v.bytes)} B) req/s, p99 ms [${v.app.tool}, median of 3, load ${v.load.toFixed(2)}]`,
        value: `${fmtInt(v.app.requestsPerSecond)}, ${fmtMs(v.app.p99Ms)}`,
        target: '',
        met: null,
      });
      rows.push({
        section: 'http',
        measure: `  same bytes from ${v.reference.name} req/s, p99 ms`,
        value: `${fmtInt(v.reference.requestsPerSecond)}, ${fmtMs(v.reference.p99Ms)}`,
        target: '',
        met: null,
      });
      rows.push({
        section: 'http',
        measure: `  same bytes and headers from bare node:http (own process) req/s, p99 ms`,
        value: `${fmtInt(v.nodeCeiling.requestsPerSecond)}, ${fmtMs(v.nodeCeiling.p99Ms)}`,
        target: '',
        met: null,
      });
      rows.push({
        section: 'http',
        measure: `  cached / as a share of bare node:http (${v.encoding}, Node's ceiling)`,
        value: `${((v.app.requestsPerSecond / v.nodeCeiling.requestsPerSecond) * 100).toFixed(0)} %`,
        target: '',
        met: null,
      });
      rows.push({
        section: 'http',
        measure: `  cached / as a share of the reference (${v.encoding})`,
        value: `${(ratio * 100).toFixed(0)} %`,
        target: `>= ${TARGETS.versusNginx * 100} %`,
        met: ratio >= TARGETS.versusNginx,
      });
    }
    for (const u of result.uncached) {
      const home = u.what === UNCACHED_HOME;
      rows.push({
        section: 'http',
        measure: `${u.what}, PAGE_CACHE=off, ${fmtInt(u.requestsPerSecond)} req/s, p50 ms ${fmtMs(u.p50Ms)}, CPU ms/req ${u.cpuMsPerRequest === null ? '-' : fmtMs(u.cpuMsPerRequest)} (32 conn., load ${u.load.toFixed(2)}): p99 ms`,
        value: fmtMs(u.p99Ms),
        target: home ? `< ${TARGETS.uncachedP99Ms} ms` : '',
        met: home ? u.p99Ms < TARGETS.uncachedP99Ms : null,
      });
      if (u.failed > 0) {
        rows.push({
          section: 'http',
          measure: `${u.what}, PAGE_CACHE=off: failed responses`,
          value: fmtInt(u.failed),
          target: '0',
          met: false,
        });
      }
    }
    const loadsByRoute = firstLoads(readClientBuild(path.join(projectRoot, 'dist', 'client')));
    console.log('First-load JavaScript per public route (gzip bytes):');
    for (const l of loadsByRoute.filter((x) => isPublicRoute(x.routeId))) {
      console.log(`  ${l.routeId.padEnd(22)} ${fmtInt(l.gzipBytes).padStart(9)}`);
      const home = l.routeId === '/';
      rows.push({
        section: 'js',
        measure: `first-load JS ${l.routeId} (gzip bytes)`,
        value: fmtInt(l.gzipBytes),
        target: home ? `<= ${fmtInt(TARGETS.homeFirstLoadGzip)}` : '',
        met: home ? l.gzipBytes <= TARGETS.homeFirstLoadGzip : null,
      });
    }
    for (const load of result.loads) {
      const home = load.path === '/';
      rows.push({
        section: 'http',
        measure: `GET ${load.path} req/s`,
        value: fmtInt(load.requestsPerSecond),
        target: '',
        met: null,
      });
      rows.push({
        section: 'http',
        measure: `GET ${load.path} p50 / p99 ms (32 conn.)`,
        value: `${load.p50} / ${load.p99}`,
        target: home ? `p99 < ${TARGETS.homeP99Ms} ms` : '',
        met: home ? load.p99 < TARGETS.homeP99Ms : null,
      });
      if (load.non2xx + load.errors + load.timeouts > 0) {
        rows.push({
          section: 'http',
          measure: `GET ${load.path} failed responses`,
          value: fmtInt(load.non2xx + load.errors + load.timeouts),
          target: '0',
          met: false,
        });
      }
    }
  }
  if (options.sections.includes('million')) {
    heading('4. A million events (embedded profile: rebuild, start to ready, peak memory)');
    const result = await benchMillion(
      projectRoot,
      options.quick
        ? {
            events: 200_000,
            subscribers: 40_000,
            providers: 400,
            posts: 2_000,
            submissions: 4_000,
            keywords: 400,
          }
        : {},
    );
    const n = fmtInt(result.history.events);
    rows.push(
      {
        section: 'million',
        measure: `rebuild of ${n} events, s`,
        value: result.rebuildSeconds.toFixed(1),
        target: `< ${TARGETS.millionRebuildSeconds} s`,
        met: result.rebuildSeconds < TARGETS.millionRebuildSeconds,
      },
      {
        section: 'million',
        measure: `server start to /readyz 200 (${n} events), s`,
        value: result.readySeconds.toFixed(1),
        target: `< ${TARGETS.millionReadySeconds} s`,
        met: result.readySeconds < TARGETS.millionReadySeconds,
      },
      {
        section: 'million',
        measure: 'server peak memory (VmHWM), MiB',
        value: fmtInt(result.peakMiB),
        target: `< ${fmtInt(TARGETS.millionPeakMiB)} MiB`,
        met: result.peakMiB < TARGETS.millionPeakMiB,
      },
      {
        section: 'million',
        measure: 'CPU s: rebuild / server until ready (contention-free cost)',
        value: `${result.rebuildCpuSeconds.toFixed(1)} / ${result.readyCpuSeconds.toFixed(1)}`,
        target: '',
        met: null,
      },
    );
  }

  if (options.sections.includes('clicks')) {
    heading('5. Outbound clicks (GET /go/{slug} over HTTP, embedded profile, SQLite counter)');
    const result = await benchClicks({
      projectRoot,
      connections: 32,
      warmupSeconds: size.warmupSeconds,
      durationSeconds: size.durationSeconds,
    });
    console.log(
      `${fmtInt(result.clicksPerSecond)} clicks/s sustained over ${size.durationSeconds} s ` +
        `(p50 ${result.p50} ms, p99 ${result.p99} ms); ${fmtInt(result.redirects)} of ` +
        `${fmtInt(result.answered)} answers were 302; stored ${fmtInt(result.stored)} clicks ` +
        `for ${fmtInt(result.sent)} answers received (requests still in flight when a run ` +
        'stops are counted but not reported by autocannon).',
    );
    rows.push({
      section: 'clicks',
      measure: 'clicks/s (GET /go/{slug}, 32 conn.)',
      value: fmtInt(result.clicksPerSecond),
      target: `>= ${fmtInt(TARGETS.clicksPerSecond)}/s`,
      met: result.clicksPerSecond >= TARGETS.clicksPerSecond,
    });
    rows.push({
      section: 'clicks',
      measure: 'clicks stored / answers received',
      value: `${fmtInt(result.stored)} / ${fmtInt(result.sent)}`,
      target: 'none lost',
      met: result.stored >= result.sent && result.stored <= result.sent + 32 * 2,
    });
  }
  if (options.sections.includes('cost')) {
    heading(
      `6. /cost (${options.quick ? 500 : 2_000} providers, PAGE_CACHE=off) and the prices CSV`,
    );
    const result = await benchCost({
      projectRoot,
      providers: options.quick ? 500 : 2_000,
      samples: size.samples,
    });
    if (result.renderer === 'development') {
      console.log(
        'dist/ has no /cost route: pages rendered by the development renderer (Vite, React ' +
          'development build), slower than production. Run `npm run build` for the production figure.',
      );
    }
    for (const t of result.timings) {
      console.log(
        `  ${t.what}: p50 ${fmtMs(t.p50)} ms, p99 ${fmtMs(t.p99)} ms (load average ${t.load.toFixed(2)})`,
      );
    }
    const [render, , , csvCold] = result.timings;
    if (render) {
      rows.push({
        section: 'cost',
        measure: `/cost p50 / p99 ms, ${fmtInt(result.providers)} providers, ${result.renderer} SSR, load ${render.load.toFixed(2)}`,
        value: `${fmtMs(render.p50)} / ${fmtMs(render.p99)}`,
        target: `p99 < ${TARGETS.costP99Ms} ms`,
        met: render.p99 < TARGETS.costP99Ms,
      });
    }
    if (csvCold) {
      rows.push({
        section: 'cost',
        measure: `prices CSV (${fmtInt(result.csvBytes)} B) made after an event, max ms, load ${csvCold.load.toFixed(2)}`,
        value: fmtMs(csvCold.p99),
        target: `< ${TARGETS.pricesCsvMs} ms`,
        met: csvCold.p99 < TARGETS.pricesCsvMs,
      });
    }
  }
  if (options.sections.includes('newsletter')) {
    await benchNewsletterSection(options, rows);
  }
  if (options.sections.includes('pages')) {
    heading(
      '10. /, /providers and a city page at 20 / 200 / 2,000 providers (built server, PAGE_CACHE=off)',
    );
    rows.push(...(await benchPages({ quick: options.quick })));
  }
  if (options.sections.includes('cache-writes')) {
    heading('8. Cached / with 10 signups a second arriving (interleaved A B, medians of three)');
    rows.push(...(await benchCacheUnderWrites({ quick: options.quick })));
  }
  if (options.sections.includes('snapshots')) {
    heading(
      `9. Start to ready with and without a snapshot (${options.quick ? '100,000' : '1,000,000'} events), peak RSS`,
    );
    rows.push(...(await benchSnapshots({ quick: options.quick })));
  }
  return rows;
}

async function benchNewsletterSection(options: BenchOptions, rows: ResultRow[]): Promise<void> {
  const subscribers = options.quick ? 10_000 : 200_000;
  heading(
    `7. A newsletter issue to ${fmtInt(subscribers)} sealed subscribers (SMTP sink in another process, MAIL_PER_MINUTE unset)`,
  );
  const result = await benchNewsletter(subscribers);
  const load = result.load.toFixed(2);
  const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
  console.log(
    `  prepared in ${result.prepareSeconds.toFixed(1)} s; sender ready (replay) in ` +
      `${result.readySeconds.toFixed(1)} s; ${fmtInt(result.accepted)} messages accepted by the sink ` +
      `in ${result.sendSeconds.toFixed(1)} s: ${fmtInt(result.messagesPerSecond)}/s; peak RSS sampled ` +
      `while sending ${mib(result.sampledPeakBytes)} MiB, maxRSS ${mib(result.maxRssBytes)} MiB ` +
      `(RSS when ready, before sending: ${mib(result.readyRssBytes)} MiB; heap used at the end ` +
      `${mib(result.heapUsedBytes)} MiB; at the highest RSS the sender saw, ` +
      `${mib(result.atPeak.rssBytes)} MiB: V8 heap ${mib(result.atPeak.heapUsedBytes)} used of ` +
      `${mib(result.atPeak.heapTotalBytes)}, outside it ${mib(result.atPeak.externalBytes)} ` +
      `external; bundled, node flags as npm start: ${result.nodeFlags.join(' ') || 'none'}) ` +
      `(load average ${load})`,
  );
  rows.push({
    section: 'newsletter',
    measure: `messages/s, ${fmtInt(result.subscribers)} subscribers, load ${load}`,
    value: fmtInt(result.messagesPerSecond),
    target: `>= ${fmtInt(TARGETS.newsletterPerSecond)}/s`,
    met: result.messagesPerSecond >= TARGETS.newsletterPerSecond,
  });
  rows.push({
    section: 'newsletter',
    measure: `total send time s (accepted ${fmtInt(result.accepted)}), load ${load}`,
    value: result.sendSeconds.toFixed(1),
    target: 'every subscriber once',
    met: result.accepted === result.subscribers,
  });
  rows.push({
    section: 'newsletter',
    measure: `sender peak RSS MiB (sampled / maxRSS), load ${load}`,
    value: `${mib(result.sampledPeakBytes)} / ${mib(result.maxRssBytes)}`,
    target: `< ${TARGETS.newsletterPeakMiB} MiB`,
    met: result.maxRssBytes < TARGETS.newsletterPeakMiB * 1024 * 1024,
  });

  const matching = await benchPriceAlertMatching({ quick: options.quick });
  rows.push(...matching);
}

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    const rows = await run(options);
    heading('Summary');
    console.log(summaryTable(rows));
    return 0;
  } finally {
    removeTempDirs();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('The benchmark failed:', error);
    removeTempDirs();
    process.exitCode = 1;
  },
);
