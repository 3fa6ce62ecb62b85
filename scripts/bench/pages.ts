/**
 * `npm run bench -- --only=pages`: the pages whose lists grow with the catalogue (issue 28),
 * rendered by the built server (`npm start`'s process) with the page cache off, at 20, 200 and
 * 2,000 providers (a quarter featured, as the provider-heavy history writes them): `/` (its top
 * N), `/providers` (its first page) and a city page (its first page). Each figure is the median
 * and p99 of sequential requests taken round robin over the three pages (A B C A B C...), with
 * the HTML's size and the 1-minute load average beside it (a busy machine's figures are not
 * this code's). Targets at 2,000 providers: each page under 20 ms (median) and 200 KB.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openEventStore } from '../../commands/event-store';
import { ensureBuilt, startBuiltServer, type BuiltServer } from './built-server';
import { writeProviderHistory } from './history';
import { fmtInt, fmtMs, median, table, type ResultRow } from './report';
import { tempDir } from './temp';

export const PAGES_TARGETS = { ms: 20, bytes: 200_000, atProviders: 2_000 } as const;

const PAGES = ['/', '/providers', '/near/columbus-oh'] as const;
const SIZES = [20, 200, 2_000] as const;

interface PageFigure {
  providers: number;
  featured: number;
  page: string;
  p50: number;
  p99: number;
  bytes: number;
  load: number;
}

const load1 = () => loadavg()[0] ?? 0;

function p99(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

async function fetchPage(base: string, page: string): Promise<number> {
  const response = await fetch(`${base}${page}`);
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status}`);
  return body.byteLength;
}

/** One catalogue size: writes the history, starts the built server, times the pages. */
async function measureSize(
  root: string,
  providers: number,
  samples: number,
): Promise<PageFigure[]> {
  const dataDir = tempDir(`pages-${providers}`);
  const store = await openEventStore({ kind: 'sqlite', path: path.join(dataDir, 'events.sqlite') });
  let stats;
  try {
    stats = await writeProviderHistory(store, {
      providers,
      events: providers + 10,
      featuredShare: 0.24,
    });
  } finally {
    await store.close();
  }
  let server: BuiltServer | null = null;
  try {
    server = await startBuiltServer(root, {
      env: { DATA_DIR: dataDir, PAGE_CACHE: 'off', LOG_LEVEL: 'error' },
      timeoutMs: 120_000,
    });
    const base = server.url;
    const times = new Map<string, number[]>(PAGES.map((page) => [page, []]));
    const bytes = new Map<string, number>();
    // Warm-up: the first renders load the route chunks and compile the hot paths.
    for (let i = 0; i < 5; i++) for (const page of PAGES) await fetchPage(base, page);
    // Round robin, so a busy moment weighs on every page alike.
    for (let i = 0; i < samples; i++) {
      for (const page of PAGES) {
        const started = performance.now();
        bytes.set(page, await fetchPage(base, page));
        times.get(page)?.push(performance.now() - started);
      }
    }
    const load = load1();
    return PAGES.map((page) => {
      const taken = times.get(page) ?? [];
      return {
        providers: stats.providers,
        featured: stats.featured,
        page,
        p50: median(taken),
        p99: p99(taken),
        bytes: bytes.get(page) ?? 0,
        load,
      };
    });
  } finally {
    await server?.stop();
  }
}

export async function benchPages(options: { quick: boolean }): Promise<ResultRow[]> {
  const root = process.cwd();
  ensureBuilt(root);
  return measurePages(root, options.quick ? 30 : 100);
}

/** The figures and rows, from the built server as it is in dist/ (benchPages builds first). */
export async function measurePages(root: string, samples: number): Promise<ResultRow[]> {
  const figures: PageFigure[] = [];
  for (const providers of SIZES) {
    const before = load1();
    const measured = await measureSize(root, providers, samples);
    figures.push(...measured);
    console.log(
      `${fmtInt(providers)} providers (${fmtInt(measured[0]?.featured ?? 0)} featured): ` +
        `${samples} rounds over ${PAGES.join(', ')}, page cache off; load ${before.toFixed(2)} -> ${load1().toFixed(2)}`,
    );
  }
  console.log(
    table(
      ['Providers', 'Page (uncached)', 'p50 ms', 'p99 ms', 'HTML bytes', 'Load avg'],
      figures.map((f) => [
        fmtInt(f.providers),
        f.page,
        fmtMs(f.p50),
        fmtMs(f.p99),
        fmtInt(f.bytes),
        f.load.toFixed(2),
      ]),
      [0, 2, 3, 4, 5],
    ),
  );
  return figures.map((f) => {
    const targeted = f.providers >= PAGES_TARGETS.atProviders;
    return {
      section: 'pages',
      measure: `${f.page} uncached, ${fmtInt(f.providers)} providers (load ${f.load.toFixed(2)})`,
      value: `p50 ${fmtMs(f.p50)} ms, p99 ${fmtMs(f.p99)} ms, ${fmtInt(f.bytes / 1024)} KB`,
      target: targeted
        ? `< ${PAGES_TARGETS.ms} ms, < ${fmtInt(PAGES_TARGETS.bytes / 1000)} KB`
        : '',
      met: targeted ? f.p50 < PAGES_TARGETS.ms && f.bytes < PAGES_TARGETS.bytes : null,
    };
  });
}
