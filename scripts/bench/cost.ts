/**
 * `npm run bench -- --only=cost`: the /cost page with 2,000 providers that have offers, fees
 * and terms (all serving Ohio, the worst case: every one ranked), rendered without the page
 * cache (PAGE_CACHE=off: nothing kept), and the open data CSV of the same 2,000 providers.
 * Each figure is printed with the 1-minute load average beside it (a busy machine's figures
 * are not this code's).
 *
 * Pages are rendered by the production SSR bundle when dist/ has the /cost route, else by the
 * development renderer (Vite, from the sources), which is slower and said so: `npm run build`
 * first for the production figure.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../../api/app';
import { openEventStore } from '../../commands/event-store';
import { appPublicReads, openAuthStores, type AuthStores } from '../../api/bootstrap/composition';
import { COST_PATHS } from '../../api/cost/contracts';
import { createInProcessApiClient } from '../../api/http/public-reads';
import { createSsrHandler, type SsrHandler } from '../../api/ssr/middleware';
import { STATE_CODES } from '../../domain/shared/reference/states';
import { appCommandBus, openBackend, type Backend } from '../../workers/bootstrap/composition';
import { loadConfig } from '../../workers/bootstrap/config';
import { createLogger } from '../../workers/bootstrap/logger';
import { median } from './report';
import { tempDir } from './temp';

export interface CostBenchOptions {
  projectRoot: string;
  providers: number;
  samples: number;
}

export interface Timing {
  what: string;
  p50: number;
  p99: number;
  /** 1-minute load average when the figure was taken. */
  load: number;
}

export interface CostBenchResult {
  renderer: 'production' | 'development';
  providers: number;
  timings: Timing[];
  csvBytes: number;
}

const actor = { actor: { kind: 'system' as const, id: 'bench' }, correlationId: 'bench-cost' };
const SEMA = [0.25, 0.5, 1, 1.7, 2.4];
const TIRZ = [2.5, 5, 7.5, 10, 12.5, 15];
const checked = {
  source: { url: 'https://example.com/pricing', kind: 'provider-page' },
  checkedOn: '2026-11-01',
};

/** Deterministic variety: provider i's prices, fees and gaps. */
function providerCommands(i: number) {
  const id = `bench-cost-${i}`;
  const base = 150 + (i % 97) * 3;
  const ladder = (doses: number[], step: number, stopAfter: number) =>
    doses.slice(0, stopAfter).map((mg, k) => ({ dose: `${mg} mg`, monthly: base + k * step }));
  const offers = [
    {
      id: 'tirz-vial',
      medication: 'tirzepatide',
      form: 'compounded-vial',
      prices: ladder(TIRZ, 40, i % 11 === 0 ? 3 : TIRZ.length),
      intro: i % 3 === 0 ? { monthly: 99, months: 1 } : null,
      plans:
        i % 4 === 0
          ? [
              { months: 3, total: base * 3 },
              { months: 6, total: base * 5.5 },
            ]
          : [],
      concentrationMgPerMl: 10,
      checked,
    },
    {
      id: 'sema-vial',
      medication: 'semaglutide',
      form: 'compounded-vial',
      prices: ladder(SEMA, 25, SEMA.length),
      concentrationMgPerMl: 2.5,
      checked,
    },
    ...(i % 5 === 0
      ? [
          {
            id: 'tirz-pen',
            medication: 'tirzepatide',
            form: 'brand-pen',
            prices: ladder(TIRZ, 0, 6).map((p) => ({ ...p, monthly: p.monthly + 600 })),
            checked,
          },
        ]
      : []),
  ];
  const fee = (usd: number | null) =>
    usd === null ? { kind: 'unknown' } : { kind: 'amount', usd };
  const fees = {
    membership: { amount: fee(i % 7 === 0 ? null : (i % 5) * 10), includesMedication: false },
    oneTime: [{ name: 'consult', label: '', amount: fee(i % 9 === 0 ? null : 25) }],
    shippingPerOrder: fee(i % 2 === 0 ? 0 : 15),
    checked,
  };
  const states = STATE_CODES.filter((code, k) => code === 'OH' || (k + i) % 2 === 0);
  return [
    {
      type: 'ListProvider',
      providerId: id,
      details: {
        name: `Bench Clinic ${String(i).padStart(4, '0')}`,
        websiteUrl: `https://c${i}.example`,
        states,
      },
    },
    { type: 'ChangeProviderOffers', providerId: id, offers },
    { type: 'ChangeProviderFees', providerId: id, fees },
    {
      type: 'ChangeProviderTerms',
      providerId: id,
      terms: { minimumTermMonths: i % 4, cancellationNoticeDays: 7, checked },
    },
  ];
}

/**
 * Writes the providers' commands through the application's command bus straight into the
 * event log, before the backend opens: the backend then replays them into the read models in
 * batches at start, instead of each event moving every read model on its own.
 */
async function seed(dataDir: string, providers: number): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const store = await openEventStore({ kind: 'sqlite', path: path.join(dataDir, 'events.sqlite') });
  try {
    const bus = appCommandBus(store);
    const one = async (i: number) => {
      for (const command of providerCommands(i)) {
        await bus.dispatch(command as never, actor); // bench input: the bus validates it
      }
    };
    for (let start = 0; start < providers; start += 32) {
      await Promise.all(
        Array.from({ length: Math.min(32, providers - start) }, (_, k) => one(start + k)),
      );
    }
  } finally {
    await store.close();
  }
}

function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

async function time(
  what: string,
  samples: number,
  work: (i: number) => Promise<void>,
): Promise<Timing> {
  for (let i = 0; i < Math.min(10, samples); i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await work(i);
    times.push(performance.now() - t);
  }
  return { what, p50: median(times), p99: p99(times), load: loadavg()[0] ?? 0 };
}

/** Whether both halves of the production build (client manifest, SSR bundle) have /cost. */
function hasCostRoute(root: string): boolean {
  const manifest = path.join(root, 'dist', 'client', '.vite', 'manifest.json');
  const entry = path.join(root, 'dist', 'ssr', 'entry-server.js');
  return (
    existsSync(entry) &&
    existsSync(manifest) &&
    readFileSync(manifest, 'utf8').includes('routes/cost.tsx') &&
    readFileSync(entry, 'utf8').includes('"/cost"')
  );
}

export async function benchCost(options: CostBenchOptions): Promise<CostBenchResult> {
  const root = options.projectRoot;
  const renderer = hasCostRoute(root) ? 'production' : 'development';
  const dataDir = tempDir('cost');
  const config = loadConfig(
    {
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PAGE_CACHE: 'off',
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
    const started = performance.now();
    await seed(dataDir, options.providers);
    backend = await openBackend(config, createLogger({ level: 'error' }));
    console.log(
      `Seeded ${options.providers} providers (offers, fees, terms) and replayed them in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    auth = openAuthStores(config);
    ssr = await createSsrHandler({
      mode: renderer,
      ...(renderer === 'development' ? { hmr: false } : {}),
      api: createInProcessApiClient(appPublicReads(backend.queries, backend.config)),
      projectRoot: root,
      siteUrl: config.publicUrl,
      // No pageCache: PAGE_CACHE=off, every request rendered.
    });
    const { app } = createApp({ backend, auth, pages: ssr.handler });
    server = await new Promise<Server>((resolve) => {
      const s = createServer(app);
      s.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (url: string, expectStatus = 200) => {
      const response = await fetch(`${base}${url}`);
      const body = await response.arrayBuffer();
      if (response.status !== expectStatus) throw new Error(`${url} answered ${response.status}`);
      return body.byteLength;
    };
    const page = '/cost?medication=tirzepatide&form=compounded&months=6&state=OH';
    // The first render of each choice computes its ranking (then kept until the next event).
    const choices = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].flatMap((months) =>
      ['compounded', 'brand', 'either'].flatMap((form) =>
        ['semaglutide', 'tirzepatide'].map(
          (medication) => `/cost?medication=${medication}&form=${form}&months=${months}&state=OH`,
        ),
      ),
    );
    const timings: Timing[] = [];
    timings.push(
      await time(`GET ${page} (all ranked), uncached render`, options.samples, () =>
        get(page).then(() => undefined),
      ),
    );
    // A new provider event: the ranking and the provider list are built again.
    const firstAfterEvent: number[] = [];
    for (let i = 0; i < 5; i++) {
      const result = await backend.bus.dispatch(
        {
          type: 'ChangeProviderTerms',
          providerId: 'bench-cost-1',
          terms: { minimumTermMonths: i, checked },
        } as never,
        actor,
      );
      await backend.waitForProjections(result.position);
      const t = performance.now();
      await get(page);
      firstAfterEvent.push(performance.now() - t);
    }
    timings.push({
      what: 'GET /cost first render after a provider event (list + ranking rebuilt)',
      p50: median(firstAfterEvent),
      p99: Math.max(...firstAfterEvent),
      load: loadavg()[0] ?? 0,
    });
    timings.push(
      await time(`GET /cost, ${choices.length} different choices in turn`, choices.length, (i) =>
        get(choices[i % choices.length] as string).then(() => undefined),
      ),
    );
    // The CSV: the first request after an event makes it, the next ones send it as made.
    const csvCold: number[] = [];
    let csvBytes = 0;
    for (let i = 0; i < 5; i++) {
      const result = await backend.bus.dispatch(
        {
          type: 'ChangeProviderTerms',
          providerId: 'bench-cost-2',
          terms: { minimumTermMonths: i, checked },
        } as never,
        actor,
      );
      await backend.waitForProjections(result.position);
      const t = performance.now();
      csvBytes = await get(COST_PATHS.pricesCsv);
      csvCold.push(performance.now() - t);
    }
    timings.push({
      what: `GET ${COST_PATHS.pricesCsv} (all providers) first after an event`,
      p50: median(csvCold),
      p99: Math.max(...csvCold),
      load: loadavg()[0] ?? 0,
    });
    timings.push(
      await time(`GET ${COST_PATHS.pricesCsv} as made`, Math.min(50, options.samples), () =>
        get(COST_PATHS.pricesCsv).then(() => undefined),
      ),
    );
    return { renderer, providers: options.providers, timings, csvBytes };
  } finally {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await ssr?.close();
    await auth?.close();
    await backend?.close();
  }
}
