/**
 * The HTTP app started for real for integration tests: embedded profile in a fresh temporary
 * DATA_DIR, listening on a free port of 127.0.0.1, PUBLIC_URL set to that address (so the
 * same-origin check accepts `Origin: base`). No SSR pages are mounted unless `pages` asks
 * for them (rendered by Vite in development mode, from the sources).
 */
import type { RenderThreadStats } from '../../api/ssr/render-thread';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { createApp } from '../../api/app';
import { hashPassword } from '../../api/auth/password';
import { fileURLToPath } from 'node:url';
import { createInProcessApiClient } from '../../api/http/public-reads';
import { createSsrHandler } from '../../api/ssr/middleware';
import { withPageFastPath } from '../../api/ssr/fast-path';
import { sitePageCache, type PageCache } from '../../api/ssr/page-cache';
import { openBackend, type Backend } from '../../workers/bootstrap/composition';
import { appPublicReads, openAuthStores, type AuthStores } from '../../api/bootstrap/composition';
import { loadConfig } from '../../workers/bootstrap/config';
import { createLogger, type Logger } from '../../workers/bootstrap/logger';

export interface TestServer {
  /** 'http://127.0.0.1:<port>', also the PUBLIC_URL. */
  base: string;
  backend: Backend;
  auth: AuthStores;
  dataDir: string;
  server: Server;
  /** The page cache, with `productionPages`. */
  pageCache?: PageCache;
  /** With renderThread: the render thread's figures. */
  renderThreadStats?: () => RenderThreadStats;
  /** Closes the server, the auth stores and the backend, and removes DATA_DIR. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Environment overrides for loadConfig (e.g. SEED_DEMO, SESSION_TTL_HOURS). */
  env?: Record<string, string>;
  /** Prefix of the temporary DATA_DIR's name. */
  prefix?: string;
  /** Default: errors only, to stderr. */
  logger?: Logger;
  /** Stands in for the SSR handler (mounted where the pages go). */
  pages?: RequestHandler;
  /** Mount the real server-rendered pages instead (development mode, no HMR). */
  ssrPages?: boolean;
  /** With ssrPages: keep rendered pages in the site's page cache, as production does. */
  pageCache?: boolean;
  /**
   * Mount the built pages as `npm start` does (dist/, page cache, the fast path in front of
   * Express). Needs `npm run build` first.
   */
  productionPages?: boolean;
  /** With productionPages: pages rendered on the render thread, as `npm start` does. */
  renderThread?: boolean;
  /** Figures for GET /api/admin/metrics. */
  metrics?: () => Record<string, unknown>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), options.prefix ?? 'vial-http-'));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    PUBLIC_URL: base,
    ...options.env,
  });
  const backend = await openBackend(config, options.logger ?? createLogger({ level: 'error' }));
  const auth = openAuthStores(config);
  // As api/main.ts: PAGE_CACHE=off keeps nothing, concurrent renders of a page still shared.
  const pageCache =
    options.productionPages || options.pageCache
      ? sitePageCache(backend, { keep: config.PAGE_CACHE !== 'off' })
      : undefined;
  const ssr =
    options.ssrPages || options.productionPages
      ? await createSsrHandler({
          mode: options.productionPages ? 'production' : 'development',
          hmr: false,
          api: createInProcessApiClient(appPublicReads(backend.queries, config)),
          projectRoot: fileURLToPath(new URL('../../', import.meta.url)),
          siteUrl: base,
          ...(pageCache ? { pageCache } : {}),
          ...(options.renderThread ? { renderThread: true } : {}),
        })
      : null;
  const pages = ssr?.handler ?? options.pages;
  const { app } = createApp({
    backend,
    auth,
    ...(pages ? { pages } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(pageCache ? { clearPageCache: () => pageCache.clear() } : {}),
  });
  server.on('request', withPageFastPath(app, ssr?.fastPath));

  return {
    base,
    backend,
    auth,
    dataDir,
    server,
    ...(pageCache ? { pageCache } : {}),
    ...(ssr?.renderThreadStats ? { renderThreadStats: ssr.renderThreadStats } : {}),
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await ssr?.close();
      await auth.close();
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers an administrator through the command bus and waits for the read models. */
export async function registerAdmin(
  backend: Backend,
  email: string,
  password: string,
): Promise<string> {
  const result = await backend.bus.dispatch(
    { type: 'RegisterAdmin', email, passwordHash: await hashPassword(password) },
    { actor: { kind: 'system', id: 'test' }, correlationId: 't' },
  );
  if (!(await backend.waitForProjections(result.position))) {
    throw new Error('read models did not catch up after RegisterAdmin');
  }
  return result.id;
}

export interface AdminSession {
  /** 'vial_session=<id>', ready for a Cookie header. */
  cookie: string;
  csrfToken: string;
  /** The raw Set-Cookie header of the sign-in answer. */
  setCookie: string;
}

/** The first `name=value` pair of a Set-Cookie header. */
export function cookiePair(setCookie: string | null): string {
  return (setCookie ?? '').split(';')[0] ?? '';
}

/** Signs in over HTTP (same origin) and returns the session cookie and CSRF token. */
export async function signIn(base: string, email: string, password: string): Promise<AdminSession> {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { Origin: base, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
  const body = (await response.json()) as { csrfToken: string };
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { cookie: cookiePair(setCookie), csrfToken: body.csrfToken, setCookie };
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON unless `raw` is given. */
  json?: unknown;
  /** A body sent as is (with the Content-Type from headers). */
  raw?: string;
  /** Signed-in requests: the Cookie header and, on changes, X-CSRF-Token. */
  session?: AdminSession;
  /** Extra headers; a value of null removes a default header (e.g. Origin). */
  headers?: Record<string, string | null>;
}

/**
 * fetch against the test server with the browser's defaults for our own pages: Origin equal
 * to the server's origin, JSON bodies, and the session's cookie and CSRF token when given.
 */
export function request(base: string, pathname: string, options: RequestOptions = {}) {
  const method = options.method ?? (options.json !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string | null> = { Origin: base };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  if (options.session) {
    headers.Cookie = options.session.cookie;
    headers['X-CSRF-Token'] = options.session.csrfToken;
  }
  Object.assign(headers, options.headers ?? {});
  const finalHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== null) finalHeaders[name] = value;
  }
  const body =
    options.raw !== undefined
      ? options.raw
      : options.json !== undefined
        ? JSON.stringify(options.json)
        : undefined;
  return fetch(`${base}${pathname}`, {
    method,
    headers: finalHeaders,
    redirect: 'manual',
    ...(body !== undefined ? { body } : {}),
  });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request sent as written: the path is not normalised (fetch would resolve `/x/../admin`
 * itself), any Host header can be sent, and `localAddress` (127.0.0.2, ...) makes the request
 * come from another client address.
 */
export function rawRequest(
  base: string,
  options: {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
  },
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        setHost: options.headers?.Host === undefined,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
