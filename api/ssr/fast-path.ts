/**
 * The cached-page fast path: a plain node:http request handler in front of Express that
 * answers a kept public page with its precomputed headers and bytes, or a public page whose
 * render (started in the chain by an earlier request, made stale by no change since) is under
 * way, and passes everything else on to the Express app untouched. Where the read models'
 * changes are told to the page cache as they happen (embedded), a hit is answered synchronously.
 *
 * What runs before the page cache in the Express chain still holds, because the fast path
 * only answers requests the chain would have answered with the same page:
 * - a malformed Host (-> 400) or a non-canonical path (-> 301), an absolute-form target: not
 *   served here, so Express answers them as before;
 * - /api, /admin, /simple-admin, /assets: never served here (the admin guard, no-store, the
 *   API all stay in Express); other paths Express answers before the pages (robots.txt, the
 *   sitemap, icons, old-address redirects) never enter the page cache, which only keeps pages
 *   the SSR handler rendered and no change of what they read has dropped;
 * - the cache key: the same pageCacheKey (declared query parameters only);
 * - GET and HEAD only; HEAD gets the headers without the body;
 * - the security headers: stored with the page when it was rendered in the chain (the CSP
 *   with its scripts' hashes), so cached and uncached answers carry the same ones;
 * - X-Request-Id: the caller's when it looks sane, else a new one, as requestId() does.
 * Not done here: the one-line request log (a hit is counted in the page cache's figures).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { canonicalPath, hasOneHostHeader, isValidHost } from '../http/request-hygiene';
import { REQUEST_ID_PATTERN } from '../http/request-log';
import { isAdminPath, pageCacheControl } from './cache-control';
import { bodyIn, etagMatches, negotiateEncoding, type Encoding } from './page-answer';
import { pageCacheKey, type CachedPage, type PageCache } from './page-cache';

export type PageFastPath = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface PageFastPathOptions {
  cache: PageCache;
  /** The query parameters the page at a path reads (the SSR entry's searchParamsRead). */
  searchParamsRead(pathname: string): readonly string[];
}

function bypassed(pathname: string): boolean {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/assets/') ||
    isAdminPath(pathname)
  );
}

/**
 * The raw header list (name, value, name, value...) of a kept page in one encoding, ending with
 * an X-Request-Id slot that send() fills per answer: writeHead reads the list synchronously,
 * so one list per page and encoding serves every request without a copy.
 */
function wireHeaders(page: CachedPage, pathname: string, encoding: Encoding): string[] {
  const bytes = page.bytes;
  if (!bytes) throw new Error('a kept page without bytes');
  const body = encoding === 'identity' ? bytes.identity : bytes[encoding];
  const list: string[] = [];
  for (const [name, value] of page.headers) list.push(name, value);
  list.push('Cache-Control', pageCacheControl(pathname, page.status));
  list.push('Vary', 'Accept-Encoding', 'ETag', bytes.etag);
  if (encoding !== 'identity') list.push('Content-Encoding', encoding);
  list.push('Content-Length', String(body?.length ?? 0));
  list.push('X-Request-Id', '');
  return list;
}

/** The 304 list: the validators and caching headers, no body, no length, no content type. */
function notModifiedHeaders(headers: readonly string[]): string[] {
  const list: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i] as string;
    if (name !== 'Content-Length' && name.toLowerCase() !== 'content-type') {
      list.push(name, headers[i + 1] as string);
    }
  }
  return list;
}

/** Clients send a handful of distinct Accept-Encoding values: each is negotiated once. */
const negotiated = new Map<string, Encoding>();
function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (acceptEncoding === undefined) return 'identity';
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = negotiateEncoding(acceptEncoding);
    if (negotiated.size >= 64) negotiated.clear();
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
    ? incoming
    : randomUUID();
}

function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, pathname: string) {
  const bytes = page.bytes;
  if (!bytes) return false;
  const wire = (page.wire ??= {});
  let encoding: Encoding | '304';
  if (etagMatches(req.headers['if-none-match'], bytes.etag)) encoding = '304';
  else {
    encoding = encodingFor(req.headers['accept-encoding']);
    // A kept page was compressed when kept; a shared render is, once, by its first reader.
    bodyIn(bytes, encoding, 'per-render');
  }
  const headers =
    encoding === '304'
      ? (wire['304'] ??= notModifiedHeaders(
          (wire.identity ??= wireHeaders(page, pathname, 'identity')),
        ))
      : (wire[encoding] ??= wireHeaders(page, pathname, encoding));
  headers[headers.length - 1] = requestIdOf(req);
  if (encoding === '304') {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  res.writeHead(page.status, headers);
  if (req.method === 'HEAD') res.end();
  else res.end(encoding === 'identity' ? bytes.identity : bytes[encoding]);
  return true;
}

export function createPageFastPath(options: PageFastPathOptions): PageFastPath {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!pathname.startsWith('/') || bypassed(pathname)) return next();
    // Two Host headers, a bad Host or a non-canonical path: the Express chain refuses or redirects.
    if (
      !hasOneHostHeader(req.rawHeaders) ||
      !isValidHost(req.headers.host) ||
      canonicalPath(pathname) !== pathname
    )
      return next();
    const search = queryAt === -1 ? '' : url.slice(queryAt + 1);
    const key =
      search === '' ? pathname : pageCacheKey(pathname, search, options.searchParamsRead(pathname));
    const kept = options.cache.peek(key);
    if (kept) {
      if (kept.status !== 200 || !send(req, res, kept, pathname)) next();
      return;
    }
    if (kept === undefined) {
      // A miss whose render is under way (a burst after an edit, or PAGE_CACHE=off): wait for
      // it here rather than pass through the whole chain to wait for the same render there.
      const rendering = options.cache.rendering(key);
      if (!rendering) return next();
      rendering.then(
        (page) => {
          // An incomplete page is answered no-store by the chain, not with public caching here.
          if (page.status !== 200 || page.incomplete || !send(req, res, page, pathname)) next();
        },
        () => next(),
      );
      return;
    }
    options.cache.lookup(key).then(
      (page) => {
        if (!page || page.status !== 200 || !send(req, res, page, pathname)) next();
      },
      () => next(),
    );
  };
}

/** The server's request listener: the fast path first (when there is one), then the app. */
export function withPageFastPath(
  app: RequestListener,
  fastPath: PageFastPath | undefined,
): RequestListener {
  if (!fastPath) return app;
  return (req, res) => fastPath(req, res, () => app(req, res));
}
