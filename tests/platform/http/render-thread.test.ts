/**
 * Pages rendered on the render thread (api/ssr/render-thread.ts), as `npm start` serves them:
 * the same answers as a render on the server's thread, a failed read still a 404, and a thread
 * that cannot run replaced by renders on the server's thread. Runs against the production build
 * (built first when missing).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPublicReads } from '../../../api/bootstrap/composition';
import { createLogger } from '../../../workers/bootstrap/logger';
import { searchKeysOf, type SsrEntry } from '../../../api/contracts/ssr';
import { prepareFirstStart } from '../../../api/first-start';
import { createInProcessApiClient } from '../../../api/http/public-reads';
import { readProductionAssets } from '../../../api/ssr/assets';
import { renderPage } from '../../../api/ssr/render-page';
import { startRenderThread } from '../../../api/ssr/render-thread';
import { startTestServer, type TestServer } from '../../support/http-server';
import { ensureProductionBuild, projectRoot } from '../../support/production-build';

const entryFile = path.join(projectRoot, 'dist', 'ssr', 'entry-server.js');
const clientDir = path.join(projectRoot, 'dist', 'client');

/** The router's and queries' timestamps (epoch milliseconds) say when a page was rendered. */
const withoutRenderTimes = (html: string) => html.replace(/\b1\d{12}\b/g, '<time>');

describe('pages rendered on the render thread', () => {
  let server: TestServer;

  beforeAll(async () => {
    ensureProductionBuild();
    server = await startTestServer({
      productionPages: true,
      renderThread: true,
      prefix: 'vial-render-thread-',
      env: { SEED_DEMO: 'true', NODE_ENV: 'production', PAGE_CACHE: 'off' },
    });
    await prepareFirstStart(server.backend);
    await server.backend.waitForProjections(
      (await server.backend.eventStore.headPosition()).toString(),
    );
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['the home page', '/', 200],
    ['a city page', '/near/dallas-tx', 200],
    ['a provider nobody listed (its read answers 404)', '/providers/no-such-provider', 404],
  ])(
    'Given PAGE_CACHE=off, When a visitor opens %s, Then the answer is what a render on the server thread gives',
    async (_what, pathname, status) => {
      const answer = await fetch(`${server.base}${pathname}`, {
        headers: { 'Accept-Encoding': 'identity' },
      });
      const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
      const here = await renderPage(
        entry,
        await readProductionAssets(clientDir),
        createInProcessApiClient(appPublicReads(server.backend.queries, server.backend.config)),
        { url: `${server.base}${pathname}`, method: 'GET', headers: [], siteUrl: server.base },
      );
      expect(answer.status).toBe(status);
      expect(here.status).toBe(status);
      expect(withoutRenderTimes(await answer.text())).toBe(withoutRenderTimes(here.body));
    },
  );

  it('When many visitors open the same page at once, Then every one gets the whole page with the same headers, whichever path answered', async () => {
    const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);
    const answers = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const response = await fetch(`${server.base}/`);
        // A second render of the burst differs only in its timestamps: its ETag and the hashes
        // of its inline scripts.
        const headers = [...response.headers]
          .filter(([name]) => !PER_ANSWER.has(name) && name !== 'etag')
          .map(([name, value]) => [name, value.replace(/'sha256-[^']+'/g, "'sha256'")]);
        return { body: await response.text(), headers: JSON.stringify(headers) };
      }),
    );
    // Concurrent requests share renders: the first of a burst passes the Express chain, the
    // others wait for its render on the fast path.
    expect(new Set(answers.map((a) => a.headers)).size).toBe(1);
    expect(answers[0]?.headers).toContain('content-security-policy');
    expect(answers[0]?.body).toContain('</html>');
    expect(new Set(answers.map((a) => a.body.length)).size).toBeLessThanOrEqual(2);
    // Rendered on the thread, not here.
    expect(server.renderThreadStats?.()).toMatchObject({ thread: 'running', renderedHere: 0 });
    expect(server.renderThreadStats?.().renderedThere).toBeGreaterThan(0);
  });
});

describe('a render thread started before the host serves', () => {
  it('Given a thread started as the server starts, When it has loaded the entry, Then it tells the search parameters each page reads, as the entry does', async () => {
    ensureProductionBuild();
    const thread = startRenderThread({
      entryFile,
      clientDir,
      logger: createLogger({ level: 'error' }),
    });
    try {
      const byPath = await thread.loaded;
      const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
      expect(byPath).toEqual(entry.searchParamsByPath);
      // The host answers from it as the entry would, patterns included.
      for (const pathname of ['/', '/providers', '/near/dallas-tx', '/blog', '/no-such-page']) {
        expect(searchKeysOf(byPath!, pathname)).toEqual(entry.searchParamsRead(pathname));
      }
    } finally {
      await thread.close();
    }
  });
});

describe('a render thread that cannot run', () => {
  it('Given a thread that fails as it starts, When pages are asked for, Then they are rendered on the server thread and the failure is logged once', async () => {
    const errors: string[] = [];
    const logger = createLogger({ level: 'error', write: (line) => errors.push(line) });
    let here = 0;
    const thread = startRenderThread({
      entryFile,
      clientDir,
      logger,
      source: 'tests/support/failing-render-worker.ts',
    });
    // It never loaded the entry: the host loads it itself.
    expect(await thread.loaded).toBeNull();
    const renderer = thread.serve({
      api: { get: () => Promise.reject(new Error('no reads in this test')) },
      inProcess: async () => ({ status: 200, headers: [], body: `rendered here ${++here}` }),
    });
    const request = { url: 'http://localhost/', method: 'GET', headers: [] };
    expect((await renderer.render(request)).body).toBe('rendered here 1');
    expect((await renderer.render(request)).body).toBe('rendered here 2');
    expect(renderer.stats()).toEqual({ thread: 'stopped', renderedThere: 0, renderedHere: 2 });
    await renderer.close();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('the page render thread stopped');
  });
});
