/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile, its default simulated throttling) with
 * Debian's Chromium against the built server (`dist/server/api/main.js` in its own process,
 * started as `npm start` starts it: embedded profile, demo data, page cache and fast path;
 * built first when dist/ is missing or older than the sources, as the other bench sections do).
 * Prints the four category scores of each page type and the audits that cost points. Target:
 * 98 or more everywhere (printed, never asserted).
 *
 *   CHROME_PATH (default /usr/bin/chromium)   --keep-json=DIR (write each report's JSON there)
 *   --only=LABELS   comma-separated page labels as printed (e.g. --only=/,/calculator)
 */
import './bench/production-env';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openBackend, type Backend } from '../workers/bootstrap/composition';
import { appPublicReads } from '../api/bootstrap/composition';
import { loadConfig } from '../workers/bootstrap/config';
import { createLogger } from '../workers/bootstrap/logger';
import { prepareFirstStart } from '../api/first-start';
import { PROVIDER_PATHS } from '../api/providers/contracts';
import { createInProcessApiClient } from '../api/http/public-reads';
import { readViteManifest, routeChunkKeys } from '../api/ssr/assets';
import { ensureBuilt, startBuiltServer, type BuiltServer } from './bench/built-server';
import { load1, table } from './bench/report';
import { removeTempDirs, tempDir } from './bench/temp';

const TARGET = 98;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface LighthouseJson {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { score: number | null; title: string; displayValue?: string; scoreDisplayMode?: string }
  >;
}

function lighthouse(url: string): Promise<LighthouseJson> {
  const cli = path.join(process.cwd(), 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    `--only-categories=${CATEGORIES.join(',')}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0)
        return reject(new Error(`lighthouse exited with ${code}: ${err.slice(-500)}`));
      try {
        resolve(JSON.parse(out) as LighthouseJson);
      } catch {
        reject(new Error(`lighthouse printed no JSON: ${err.slice(-500)}`));
      }
    });
  });
}

/**
 * One retry when Chromium failed to record the page load (Lighthouse's NO_NAVSTART, NO_FCP and
 * the like are runtime errors of the browser, not scores of the page); other failures stop.
 */
async function lighthouseWithRetry(url: string): Promise<LighthouseJson> {
  try {
    return await lighthouse(url);
  } catch (error) {
    if (!(error instanceof Error) || !/Runtime error encountered/.test(error.message)) throw error;
    console.log(`Lighthouse could not record ${url} (${error.message.split('\n')[0]}); once more.`);
    return lighthouse(url);
  }
}

interface BlogList {
  posts?: Array<{ slug: string }>;
  items?: Array<{ slug: string }>;
}

/**
 * The data the built server starts from, written before it starts: the demo providers (as
 * SEED_DEMO does) and, since the demo data has no blog post, one published post (as an
 * administrator would publish it), so the post page is measured with a realistic body.
 */
async function prepareData(root: string, dataDir: string): Promise<void> {
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
  let backend: Backend | null = null;
  try {
    backend = await openBackend(config, createLogger({ level: 'error' }));
    await prepareFirstStart(backend);
    const api = createInProcessApiClient(appPublicReads(backend.queries, backend.config));
    const listed = (await api.get('/api/blog/posts')) as BlogList;
    if ((listed.posts ?? listed.items ?? []).length === 0) {
      const paragraph =
        'Semaglutide and tirzepatide are weekly injections; online providers differ in price, ' +
        'in what a membership includes and in how dosing is supervised. ';
      const result = await backend.bus.dispatch(
        {
          type: 'CreatePost',
          post: {
            title: 'How online GLP-1 providers compare on price',
            content: `<h2>What you pay for</h2>${'<p>' + paragraph.repeat(4) + '</p>'}`.repeat(4),
            excerpt: 'What a monthly price includes, and what it leaves out.',
            publish: true,
          },
        },
        { actor: { kind: 'system', id: 'bench-lighthouse' }, correlationId: 'bench-lighthouse' },
      );
      await backend.waitForProjections(result.position);
    }
  } finally {
    await backend?.close();
  }
}

async function main(): Promise<void> {
  const root = process.cwd();
  ensureBuilt(root);
  const keepJson = process.argv.find((a) => a.startsWith('--keep-json='))?.split('=')[1];
  const dataDir = tempDir('lighthouse');
  let server: BuiltServer | null = null;
  try {
    await prepareData(root, dataDir);
    server = await startBuiltServer(root, {
      env: { DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'error' },
    });
    const base = server.url;
    console.log(
      `Built server (dist/server/api/main.js) on ${base}, ready in ${server.readySeconds.toFixed(1)} s`,
    );
    const routes = new Set(
      routeChunkKeys(await readViteManifest(path.join(root, 'dist', 'client'))).keys(),
    );
    const posts = (await (await fetch(`${base}/api/blog/posts`)).json()) as BlogList;
    const post = (posts.posts ?? posts.items ?? [])[0]?.slug;
    // Every listed provider's page address (the featured list carries ids, not page slugs).
    const providerPages = (await (await fetch(`${base}${PROVIDER_PATHS.pages}`)).json()) as Array<{
      path?: string;
    }>;
    const providerPage = providerPages[0]?.path;
    const pages: Array<{ path: string | null; label: string; note?: string }> = [
      { path: '/', label: '/' },
      { path: '/calculator', label: '/calculator' },
      post
        ? { path: `/blog/${post}`, label: '/blog/{post}' }
        : { path: null, label: '/blog/{post}', note: 'no published post in the demo data' },
      { path: '/near/dallas-tx', label: '/near/{city}' },
      routes.has('/providers/$slug') && providerPage
        ? { path: providerPage, label: '/providers/{provider}' }
        : {
            path: null,
            label: '/providers/{provider}',
            note: routes.has('/providers/$slug')
              ? 'no provider is listed in the demo data'
              : 'the route /providers/$slug does not exist in this build',
          },
      { path: '/reddit-posts', label: '/reddit-posts' },
    ];

    const only = process.argv
      .find((a) => a.startsWith('--only='))
      ?.slice('--only='.length)
      .split(',');
    const rows: string[][] = [];
    for (const page of pages.filter((p) => !only || only.includes(p.label))) {
      if (!page.path) {
        console.log(`Skipped ${page.label}: ${page.note}`);
        rows.push([page.label, '-', '-', '-', '-', '-', `skipped (${page.note})`]);
        continue;
      }
      // One warm-up request: the page is then answered from the page cache, as in production.
      await fetch(`${base}${page.path}`);
      const report = await lighthouseWithRetry(`${base}${page.path}`);
      if (keepJson) {
        mkdirSync(keepJson, { recursive: true });
        const name = page.label.replace(/[^a-z0-9]+/gi, '_') || 'home';
        writeFileSync(path.join(keepJson, `${name}.json`), JSON.stringify(report));
      }
      const scores = CATEGORIES.map((c) => Math.round((report.categories[c]?.score ?? 0) * 100));
      const losing = Object.entries(report.audits)
        .filter(
          ([, a]) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
        )
        .map(([id, a]) => `${id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      // The performance score follows the CPU Chromium got: the load average says how busy.
      const load = load1().toFixed(2);
      rows.push([
        page.label,
        ...scores.map(String),
        load,
        scores.every((v) => v >= TARGET) ? 'met' : 'NOT met',
      ]);
      console.log(
        `${page.label}: ${scores.join(' / ')} (load ${load})${losing.length ? `; costs points: ${losing.join(', ')}` : ''}`,
      );
    }
    console.log(
      `\nLighthouse 12, mobile (simulated throttling), target >= ${TARGET} in every category:`,
    );
    console.log(
      table(
        ['Page', 'Perf.', 'A11y', 'Best pr.', 'SEO', 'Load avg', 'Result'],
        rows,
        [1, 2, 3, 4, 5],
      ),
    );
  } finally {
    await server?.stop();
    removeTempDirs();
  }
}

main().catch((error: unknown) => {
  console.error('bench:lighthouse failed:', error);
  process.exitCode = 1;
});
