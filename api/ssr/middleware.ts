/**
 * The Express host of the server-side rendered web app.
 *
 *   const ssr = await createSsrHandler({ mode, api, projectRoot });
 *   app.use(ssr.handler);   // after the API routes and the security headers
 *   await ssr.close();      // on shutdown (stops Vite in development)
 *
 * development: Vite in middleware mode serves the sources and HMR; every request loads
 * web/entry-server.tsx through Vite, so edits show without a restart.
 * production: dist/client is served as static files (hashed files cached for a year) and pages
 * are rendered by dist/ssr/entry-server.js.
 *
 * Only GET and HEAD requests outside /api are rendered; everything else falls through.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, {
  type NextFunction,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import { createLogger, type Logger } from '../../workers/bootstrap/logger';
import type { ApiClient } from '../contracts/http';
import { INCOMPLETE_PAGE_HEADER, searchKeysOf, type SsrEntry } from '../contracts/ssr';
import { throttledLog } from '../http/throttled-log';
import { DEV_ASSETS, SERVER_ENTRY, readProductionAssets } from './assets';
import { NO_STORE, isAdminPath, pageCacheControl } from './cache-control';
import { createPageFastPath, type PageFastPath } from './fast-path';
import {
  bodyIn,
  etagMatches,
  inlineScriptHashes,
  negotiateEncoding,
  pageBytes,
} from './page-answer';
import {
  createPageCache,
  pageCacheKey,
  type CachedPage,
  type CollectionReads,
  type PageCache,
} from './page-cache';
import type { PageRequest, RenderedPage } from './render-thread-protocol';
import { renderPage } from './render-page';
import { startRenderThread, type RenderThread, type RenderThreadStats } from './render-thread';
import { loadStaticAssets } from './static-assets';
import { tracingApi } from './tracing-api';

export interface SsrHandlerOptions {
  mode: 'development' | 'production';
  /** In-process reads the route loaders call during SSR. */
  api: ApiClient;
  /** The folder holding vite.config.ts, web/ and dist/. */
  projectRoot: string;
  /** Public origin for canonical links (SITE_URL); default http://localhost:3000. */
  siteUrl?: string;
  /** Development only: the HMR websocket port, or false for no HMR (tests). Default: Vite's. */
  hmr?: number | false;
  /** Production: keeps rendered public pages (see page-cache.ts). */
  pageCache?: PageCache;
  /**
   * Production: pages are rendered on a worker thread (see render-thread.ts): true starts one,
   * or one started earlier (startPageRenderThread, as the server starts) is used.
   */
  renderThread?: boolean | RenderThread;
  /** JSON lines for 404s (once per path per minute) and render failures; default: info level. */
  logger?: Logger;
}

export interface SsrHandler {
  /** Mount with app.use(). Serves assets and renders pages. */
  handler: express.Router;
  /**
   * Production with a page cache: answers kept pages before Express (see fast-path.ts); put
   * in front of the app with `withPageFastPath`.
   */
  fastPath?: PageFastPath;
  /** Production with renderThread: the render thread's figures (see render-thread.ts). */
  renderThreadStats?: () => RenderThreadStats;
  close(): Promise<void>;
}

const DEFAULT_ORIGIN = 'http://localhost:3000';

/**
 * What a page is rendered for, from an Express request. Its URL is the site's origin
 * (PUBLIC_URL) plus `pathAndQuery` (default the request's): never the request's Host header,
 * which the client chooses.
 */
export function pageRequestOf(
  req: ExpressRequest,
  origin: string,
  siteUrl: string | undefined,
  pathAndQuery: string = req.originalUrl,
): PageRequest {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'host') continue;
    if (Array.isArray(value)) value.forEach((v) => headers.push([name, v]));
    else headers.push([name, value]);
  }
  return {
    url: new URL(pathAndQuery, origin).href,
    method: req.method,
    headers,
    ...(siteUrl ? { siteUrl } : {}),
  };
}

/**
 * Renders a page, here or on the render thread, recording into `reads` the read-model
 * collections its public reads ask (what the page cache drops it by).
 */
type RenderPage = (
  page: PageRequest,
  signal: AbortSignal,
  reads: CollectionReads,
) => Promise<RenderedPage>;

function shouldRender(req: ExpressRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return !(req.path === '/api' || req.path.startsWith('/api/'));
}

/**
 * Sends a rendered page: its headers (security headers with the CSP hashes of its scripts
 * included), Cache-Control by path and status, an ETag and 304 for public 200s, and the body
 * in the encoding the client accepts (compressed once per page, kept with it).
 */
function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage): void {
  const cacheControl = page.incomplete ? NO_STORE : pageCacheControl(req.path, page.status);
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  const bytes = (page.bytes ??= pageBytes(page.body));
  if (cacheControl !== NO_STORE) {
    res.setHeader('ETag', bytes.etag);
    if (etagMatches(req.headers['if-none-match'], bytes.etag)) {
      res.status(304).end();
      return;
    }
  }
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  // A kept page was compressed when kept: what is left is compressed for this render's readers.
  const body = bodyIn(bytes, encoding, 'per-render');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/**
 * Renders a page into memory. Its inline scripts carry no nonce: the CSP sent with it allows
 * them by hash (res.locals.securityHeadersFor, set by the security middleware), so the same
 * bytes and headers serve every visitor.
 */
async function renderToPage(
  options: SsrHandlerOptions,
  render: RenderPage,
  req: ExpressRequest,
  res: ExpressResponse,
  pathAndQuery: string,
  signal: AbortSignal,
  logger: Logger,
  reads: CollectionReads = new Set(),
): Promise<CachedPage> {
  const rendered = await render(
    pageRequestOf(req, originOf(options), options.siteUrl, pathAndQuery),
    signal,
    reads,
  );
  // One JSON line per error (the entry prints nothing itself); the page is already a 500.
  for (const err of rendered.errors ?? []) {
    logger.error('page render failed', { path: req.path, status: rendered.status, err });
  }
  const body = rendered.body;
  const security = res.locals.securityHeadersFor?.(inlineScriptHashes(body)) ?? [];
  const replaced = new Set(security.map(([name]) => name.toLowerCase()));
  const headers: Array<[string, string]> = [];
  let incomplete = false;
  for (const [name, value] of rendered.headers) {
    const lower = name.toLowerCase();
    if (lower === INCOMPLETE_PAGE_HEADER) incomplete = true;
    else if (lower !== 'content-length' && !replaced.has(lower)) headers.push([name, value]);
  }
  headers.push(...security);
  // An error page (4xx, 5xx) is about this request only: never indexed (404s also say so in
  // their meta robots; a 500 may fail before its head is written).
  if (rendered.status >= 400) headers.push(['X-Robots-Tag', 'noindex']);
  return {
    status: rendered.status,
    headers,
    body,
    bytes: pageBytes(body),
    ...(incomplete ? { incomplete } : {}),
  };
}

function originOf(options: SsrHandlerOptions): string {
  return new URL(options.siteUrl ?? DEFAULT_ORIGIN).origin;
}

function renderWith(
  options: SsrHandlerOptions,
  load: () => Promise<{ searchParamsRead: SsrEntry['searchParamsRead']; render: RenderPage }>,
  onError: (error: unknown) => void,
) {
  const logger = options.logger ?? createLogger({ level: 'info' });
  const notFound = throttledLog((path) => logger.warn('no page at this path', { path }), logger);
  // Without a page cache given (tests, tools), concurrent requests for one public page still
  // share one render: nothing is kept (see PageCacheOptions.keep).
  const cache = options.pageCache ?? createPageCache({ keep: false, caughtUp: async () => true });
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!shouldRender(req)) return next();
    // Stop rendering (and the loaders' reads) when the visitor goes away.
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
    });
    try {
      const { searchParamsRead, render } = await load();
      let page: CachedPage;
      if (!isAdminPath(req.path)) {
        const queryAt = req.originalUrl.indexOf('?');
        const search = queryAt === -1 ? '' : req.originalUrl.slice(queryAt + 1);
        const key = pageCacheKey(req.path, search, searchParamsRead(req.path));
        // Shared by every visitor waiting for this render, so no one visitor's disconnect
        // aborts it; rendered from the key, so what is kept depends on nothing the key leaves
        // out. A page that will be kept is compressed both ways now, once.
        page = await cache.get(key, async (reads) => {
          const rendered = await renderToPage(
            options,
            render,
            req,
            res,
            key,
            new AbortController().signal,
            logger,
            reads,
          );
          if (cache.keeps && rendered.status === 200 && rendered.bytes) {
            bodyIn(rendered.bytes, 'br', 'kept');
            bodyIn(rendered.bytes, 'gzip', 'kept');
          }
          return rendered;
        });
      } else {
        page = await renderToPage(
          options,
          render,
          req,
          res,
          req.originalUrl,
          controller.signal,
          logger,
        );
      }
      if (controller.signal.aborted) return;
      if (page.status === 404) notFound(req.path);
      sendPage(req, res, page);
    } catch (error) {
      if (controller.signal.aborted) return;
      onError(error);
      if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
      else next(error);
    }
  };
}

async function createDevelopmentHandler(options: SsrHandlerOptions): Promise<SsrHandler> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: options.projectRoot,
    configFile: path.join(options.projectRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: options.hmr === false ? false : { port: options.hmr } },
    appType: 'custom',
    logLevel: 'warn',
  });
  const router = express.Router();
  router.use(vite.middlewares);
  router.use(
    renderWith(
      options,
      async () => {
        const entry = (await vite.ssrLoadModule(SERVER_ENTRY)) as SsrEntry;
        return {
          searchParamsRead: (pathname) => entry.searchParamsRead(pathname),
          render: (page, signal, reads) =>
            renderPage(entry, DEV_ASSETS, tracingApi(options.api, reads), page, signal),
        };
      },
      (error) => {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        (options.logger ?? createLogger()).error('page render failed', { err: error });
      },
    ),
  );
  return { handler: router, close: () => vite.close() };
}

/** The built SSR entry and the client build it links to. */
const productionFiles = (projectRoot: string) => ({
  entryFile: path.join(projectRoot, 'dist', 'ssr', 'entry-server.js'),
  clientDir: path.join(projectRoot, 'dist', 'client'),
});

/**
 * The page render thread, started as the server starts (before its read models load, so that
 * the thread loads the pages' code on the other core meanwhile); give it to createSsrHandler.
 */
export function startPageRenderThread(projectRoot: string, logger: Logger): RenderThread {
  return startRenderThread({ ...productionFiles(projectRoot), logger });
}

async function createProductionHandler(options: SsrHandlerOptions): Promise<SsrHandler> {
  const { entryFile, clientDir } = productionFiles(options.projectRoot);
  const assets = await readProductionAssets(clientDir);
  // Loaded on this thread only when pages are rendered here: without a render thread, or once
  // it is gone. With one, this thread never loads React and the pages (~0.5 s of a start).
  let entryHere: Promise<SsrEntry> | undefined;
  const loadEntry = () =>
    (entryHere ??= import(pathToFileURL(entryFile).href) as Promise<SsrEntry>);

  const inProcess = async (page: PageRequest, reads: CollectionReads, signal?: AbortSignal) =>
    renderPage(await loadEntry(), assets, tracingApi(options.api, reads), page, signal);
  const thread =
    options.renderThread === true
      ? startRenderThread({ entryFile, clientDir, logger: options.logger ?? createLogger() })
      : options.renderThread || null;
  const renderer = thread?.serve({ api: options.api, inProcess }) ?? null;
  // The parameters each page reads: from the thread once it loaded the entry (it has been
  // loading since the start), else from the entry loaded here.
  const byPath = thread ? await thread.loaded : null;
  const searchParamsRead: SsrEntry['searchParamsRead'] = byPath
    ? (pathname) => searchKeysOf(byPath, pathname)
    : (await loadEntry()).searchParamsRead;
  // On the render thread the visitor's leaving does not stop a render (see render-thread.ts).
  const render: RenderPage = renderer
    ? (page, _signal, reads) => renderer.render(page, reads)
    : (page, signal, reads) => inProcess(page, reads, signal);

  const files = loadStaticAssets(path.join(clientDir, 'assets'));

  const router = express.Router();
  router.use('/assets', (req: ExpressRequest, res: ExpressResponse) => {
    // A missing build file is a plain 404, not a rendered page.
    if (!files.serve(req, res)) res.status(404).setHeader('Cache-Control', 'no-store').end();
  });
  router.use(
    renderWith(
      options,
      async () => ({ searchParamsRead, render }),
      (error) => (options.logger ?? createLogger()).error('page render failed', { err: error }),
    ),
  );
  return {
    handler: router,
    ...(options.pageCache
      ? {
          fastPath: createPageFastPath({
            cache: options.pageCache,
            searchParamsRead,
          }),
        }
      : {}),
    ...(renderer ? { renderThreadStats: () => renderer.stats() } : {}),
    close: async () => {
      await renderer?.close();
    },
  };
}

export async function createSsrHandler(options: SsrHandlerOptions): Promise<SsrHandler> {
  return options.mode === 'development'
    ? createDevelopmentHandler(options)
    : createProductionHandler(options);
}
