/**
 * Outbound clicks over HTTP: GET /go/{slug} with a browser's user agent, through the real app
 * (createApp: request id, log, hygiene, security headers, the site router, the click counter
 * of the embedded profile: SQLite in DATA_DIR with batched writes). autocannon runs in a child
 * process with `connections` connections; every answer must be a 302 and, after the last
 * flush, the stored count must cover every answer (no click lost; at most one request per
 * connection per run more, those autocannon stops waiting for).
 */
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from '../../api/app';
import { openBackend, type Backend } from '../../workers/bootstrap/composition';
import { openAuthStores, type AuthStores } from '../../api/bootstrap/composition';
import { loadConfig } from '../../workers/bootstrap/config';
import { createLogger } from '../../workers/bootstrap/logger';
import { clickDay } from '../../domain/clicks/rules';
import { tempDir } from './temp';

export const BENCH_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface ClicksOptions {
  projectRoot: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface ClicksResult {
  clicksPerSecond: number;
  p50: number;
  p99: number;
  answered: number;
  redirects: number;
  /** Clicks the counter stored for the run (warm-up included). */
  stored: number;
  /** Answers received in the probe, the warm-up and the measured run. */
  sent: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  statusCodeStats?: Record<string, { count: number }>;
  '3xx'?: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

function autocannon(root: string, url: string, connections: number, seconds: number) {
  const bin = path.join(root, 'node_modules', 'autocannon', 'autocannon.js');
  const args = [bin, '-j', '-c', String(connections), '-d', String(seconds)];
  args.push('-H', `User-Agent=${BENCH_USER_AGENT}`, url);
  return new Promise<AutocannonJson>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${stderr.trim()}`));
      try {
        resolve(JSON.parse(stdout) as AutocannonJson);
      } catch {
        reject(new Error(`autocannon printed no JSON: ${stdout.slice(0, 200)} ${stderr.trim()}`));
      }
    });
  });
}

export async function benchClicks(options: ClicksOptions): Promise<ClicksResult> {
  const config = loadConfig(
    {
      PROFILE: 'embedded',
      DATA_DIR: tempDir('clicks'),
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      PORT: '0',
      LOG_LEVEL: 'error',
    },
    options.projectRoot,
  );
  let backend: Backend | null = null;
  let auth: AuthStores | null = null;
  let server: Server | null = null;
  try {
    backend = await openBackend(config, createLogger({ level: 'error' }));
    auth = openAuthStores(config);
    const listed = await backend.bus.dispatch(
      {
        type: 'ListProvider',
        details: {
          name: 'Bench Health',
          websiteUrl: 'https://bench-health.example/start',
          affiliateTag: 'ref=vialcompare',
          states: ['CA'],
          medications: ['Semaglutide'],
          featured: true,
        },
      },
      { actor: { kind: 'system', id: 'bench' }, correlationId: 'bench-clicks' },
    );
    await backend.waitForProjections(listed.position);
    const { app } = createApp({ backend, auth });
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/go/bench-health?utm_source=bench`;
    const probe = await fetch(url, {
      redirect: 'manual',
      headers: { 'User-Agent': BENCH_USER_AGENT },
    });
    if (probe.status !== 302) throw new Error(`GET /go/bench-health answered ${probe.status}`);

    const warm = await autocannon(
      options.projectRoot,
      url,
      options.connections,
      options.warmupSeconds,
    );
    const run = await autocannon(
      options.projectRoot,
      url,
      options.connections,
      options.durationSeconds,
    );
    const today = clickDay(new Date());
    const counts = await backend.clicks.counts(today, today);
    const stored = counts.reduce((sum, c) => sum + c.clicks, 0);
    const redirects = run.statusCodeStats?.['302']?.count ?? run['3xx'] ?? 0;
    return {
      clicksPerSecond: run.requests.average,
      p50: run.latency.p50,
      p99: run.latency.p99,
      answered: run.requests.total,
      redirects,
      stored,
      sent: 1 + warm.requests.total + run.requests.total,
    };
  } finally {
    if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
    await auth?.close();
    await backend?.close();
  }
}
