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
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import express, {
  type NextFunction,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import { createLogger, type Logger } from '../bootstrap/logger';
import type { ApiClient } from '../contracts/http';
import type { PageAssets, SsrEntry } from '../contracts/ssr';
import { throttledLog } from '../http/throttled-log';
import { DEV_ASSETS, SERVER_ENTRY, readProductionAssets } from './assets';
import { IMMUTABLE_ASSET_CACHE, isAdminPath, pageCacheControl } from './cache-control';
import {
  NONCE_PLACEHOLDER,
  pageCacheKey,
  withNonce,
  type CachedPage,
  type PageCache,
} from './page-cache';

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
  /** JSON lines for 404s (once per path per minute) and render failures; default: info level. */
  logger?: Logger;
}

export interface SsrHandler {
  /** Mount with app.use(). Serves assets and renders pages. */
  handler: express.Router;
  close(): Promise<void>;
}

/** A fresh nonce when the security middleware did not set one (res.locals.cspNonce). */
export function cspNonceFor(res: ExpressResponse): string {
  const existing: unknown = res.locals.cspNonce;
  if (typeof existing === 'string' && existing.length > 0) return existing;
  const nonce = randomBytes(16).toString('base64');
  res.locals.cspNonce = nonce;
  return nonce;
}

const DEFAULT_ORIGIN = 'http://localhost:3000';

/**
 * The fetch Request of an Express request, aborted through `signal`. Its URL is the site's
 * origin (PUBLIC_URL) plus `pathAndQuery` (default the request's): never the request's Host
 * header, which the client chooses.
 */
export function toFetchRequest(
  req: ExpressRequest,
  signal: AbortSignal,
  origin: string,
  pathAndQuery: string = req.originalUrl,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'host') continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  return new Request(new URL(pathAndQuery, origin), { method: req.method, headers, signal });
}

function shouldRender(req: ExpressRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return !(req.path === '/api' || req.path.startsWith('/api/'));
}

async function sendResponse(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name.toLowerCase() !== 'content-length') res.setHeader(name, value);
  });
  res.setHeader('Cache-Control', pageCacheControl(req.path, response.status));
  if (req.method === 'HEAD' || !response.body) {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  // DOM and Node stream typings differ only nominally; the body is a web ReadableStream.
  await pipeline(Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]), res);
}

async function sendCachedPage(
  req: ExpressRequest,
  res: ExpressResponse,
  page: CachedPage,
  nonce: string,
): Promise<void> {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader('Cache-Control', pageCacheControl(req.path, page.status));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.end(withNonce(page.body, nonce));
}

/** Renders a page into memory (for the page cache), with the placeholder nonce. */
async function renderToPage(
  options: SsrHandlerOptions,
  entry: SsrEntry,
  assets: PageAssets,
  req: ExpressRequest,
  key: string,
): Promise<CachedPage> {
  // Shared by every visitor waiting for this render, so no one visitor's disconnect aborts it.
  // Rendered from the key, so what is kept depends on nothing the key leaves out.
  const response = await entry.render({
    request: toFetchRequest(req, new AbortController().signal, originOf(options), key),
    api: options.api,
    nonce: NONCE_PLACEHOLDER,
    assets,
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
  });
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (name.toLowerCase() !== 'content-length') headers.push([name, value]);
  });
  return { status: response.status, headers, body: await response.text() };
}

function originOf(options: SsrHandlerOptions): string {
  return new URL(options.siteUrl ?? DEFAULT_ORIGIN).origin;
}

function renderWith(
  options: SsrHandlerOptions,
  load: () => Promise<{ entry: SsrEntry; assets: PageAssets }>,
  onError: (error: unknown) => void,
) {
  const logger = options.logger ?? createLogger({ level: 'info' });
  const origin = originOf(options);
  const notFound = throttledLog((path) => logger.warn('no page at this path', { path }), logger);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!shouldRender(req)) return next();
    const nonce = cspNonceFor(res);
    // Stop rendering (and the loaders' reads) when the visitor goes away.
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
    });
    try {
      const { entry, assets } = await load();
      const cache = options.pageCache;
      if (cache && !isAdminPath(req.path)) {
        const queryAt = req.originalUrl.indexOf('?');
        const search = queryAt === -1 ? '' : req.originalUrl.slice(queryAt + 1);
        const key = pageCacheKey(req.path, search, entry.searchParamsRead(req.path));
        const page = await cache.get(key, () => renderToPage(options, entry, assets, req, key));
        if (page.status === 404) notFound(req.path);
        await sendCachedPage(req, res, page, nonce);
        return;
      }
      const response = await entry.render({
        request: toFetchRequest(req, controller.signal, origin),
        api: options.api,
        nonce,
        assets,
        ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
      });
      if (response.status === 404) notFound(req.path);
      await sendResponse(req, res, response);
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
      async () => ({
        entry: (await vite.ssrLoadModule(SERVER_ENTRY)) as SsrEntry,
        assets: DEV_ASSETS,
      }),
      (error) => {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        (options.logger ?? createLogger()).error('page render failed', { err: error });
      },
    ),
  );
  return { handler: router, close: () => vite.close() };
}

async function createProductionHandler(options: SsrHandlerOptions): Promise<SsrHandler> {
  const clientDir = path.join(options.projectRoot, 'dist', 'client');
  const entryFile = path.join(options.projectRoot, 'dist', 'ssr', 'entry-server.js');
  const assets = await readProductionAssets(clientDir);
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;

  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      index: false,
      fallthrough: true,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE_ASSET_CACHE),
    }),
    // A missing build file is a plain 404, not a rendered page.
    (_req: ExpressRequest, res: ExpressResponse) => {
      res.status(404).setHeader('Cache-Control', 'no-store').end();
    },
  );
  router.use(
    renderWith(
      options,
      async () => ({ entry, assets }),
      (error) => (options.logger ?? createLogger()).error('page render failed', { err: error }),
    ),
  );
  return { handler: router, close: async () => {} };
}

export async function createSsrHandler(options: SsrHandlerOptions): Promise<SsrHandler> {
  return options.mode === 'development'
    ? createDevelopmentHandler(options)
    : createProductionHandler(options);
}
