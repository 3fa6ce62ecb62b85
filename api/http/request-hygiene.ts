/**
 * The first checks of every request, before anything reads its Host or its path:
 *
 * - A malformed Host header (`a b`, `localhost:99999`, `a@b`, `[::1`, empty), or more than one,
 *   is refused with 400.
 *   Nothing downstream uses the Host to build URLs (pages render for PUBLIC_URL's origin), but a
 *   header that is not a host is a broken or hostile client either way.
 * - The path is normalised once, here: percent-encoded unreserved characters decoded (`%61` ->
 *   `a`), hex digits of the other escapes upper-cased, runs of `/` collapsed, `.` and `..`
 *   segments removed, and the private prefixes (`/admin`, `/api/admin`...) lower-cased. The
 *   admin guard, the cache-control decision and the router then all read
 *   the same spelling. A GET/HEAD to a non-canonical spelling gets a 301 to the canonical one
 *   (same query string); any other method gets 400, since a redirect would drop its body.
 *   A malformed escape (`%zz`, `%`) is a 400 too.
 * - A body announced (Content-Length) over the largest its type may bring gets 413 at once.
 */
import type { RequestHandler, Response } from 'express';
import { bodyTooLargeMessage } from './errors';
import { bodyLimitOf, pathOf, type BodyOptions } from './json-body';

export const INVALID_HOST_MESSAGE = 'Invalid Host header';
export const INVALID_PATH_MESSAGE = 'Invalid request path';

const HOST_NAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/i;

/** Whether `value` is a Host header value: a DNS name, IPv4 or [IPv6], with an optional port. */
export function isValidHost(value: string | undefined): boolean {
  if (!value || value.length > 300) return false;
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const [, name = '', port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  if (name.startsWith('[')) {
    if (!IPV6_LITERAL.test(name)) return false;
    try {
      // The URL parser checks the address itself (groups, '::' at most once).
      return new URL(`http://${name}/`).hostname.length > 0;
    } catch {
      return false;
    }
  }
  return HOST_NAME.test(name);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * The canonical spelling of a URL path, or null when it holds a malformed escape.
 * '/%61dmin//x/../y' -> '/admin/y'; '/a%2fb' -> '/a%2Fb' (reserved escapes stay escaped);
 * a backslash is escaped ('%5C').
 */
export function canonicalPath(rawPath: string): string | null {
  let decoded = '';
  for (let i = 0; i < rawPath.length; i++) {
    const ch = rawPath[i];
    if (ch !== '%') {
      // Browsers read '\\' as '/': escaped, so no redirect can become '//other.host'.
      decoded += ch === '\\' ? '%5C' : ch;
      continue;
    }
    const hex = rawPath.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
    const char = String.fromCharCode(parseInt(hex, 16));
    decoded += UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
    i += 2;
  }
  const segments: string[] = [];
  const parts = decoded.split('/');
  parts.forEach((segment, index) => {
    const last = index === parts.length - 1;
    if (segment === '..') {
      segments.pop();
      if (last) segments.push('');
    } else if (segment === '.') {
      if (last) segments.push('');
    } else if (segment !== '' || last) {
      segments.push(segment);
    }
  });
  // Express routes case-insensitively, the admin guard, the page cache and Cache-Control do
  // not: '/Admin/login' would be rendered, kept and sent as a public page.
  const prefix = PRIVATE_PREFIXES.find((names) =>
    names.every((name, at) => segments[at]?.toLowerCase() === name),
  );
  prefix?.forEach((name, at) => (segments[at] = name));
  return `/${segments.join('/')}`;
}

/** Path prefixes (by segment) written in lower case only: the back office and private links. */
const PRIVATE_PREFIXES: readonly (readonly string[])[] = [
  ['admin'],
  ['simple-admin'],
  ['unsubscribe'],
  ['preferences'],
  ['api', 'admin'],
];

/**
 * Whether the request carries exactly one Host header. Node keeps the first of several in
 * req.headers.host and drops the others, so only the raw list shows a second one (which a
 * proxy in front may have read instead: request smuggling, cache poisoning).
 */
export function hasOneHostHeader(rawHeaders: readonly string[]): boolean {
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === 'host') hosts++;
  }
  return hosts === 1;
}

function refuse(res: Response, message: string): void {
  res.status(400).setHeader('Cache-Control', 'no-store').json({ error: message });
}

export function requestHygiene(options: BodyOptions = {}): RequestHandler {
  const uploads = new Set(options.uploadPaths ?? []);
  return (req, res, next) => {
    if (!hasOneHostHeader(req.rawHeaders) || !isValidHost(req.headers.host)) {
      return refuse(res, INVALID_HOST_MESSAGE);
    }
    // Announced over the largest body of its type: refused before a byte is read, and the
    // connection closed (else node:http would read and drop the announced gigabytes).
    // A file upload's route answers its own limit, with the file's size in the message.
    const upload = req.method === 'POST' && uploads.has(pathOf(req));
    const limit = bodyLimitOf(req);
    if (!upload && Number(req.headers['content-length'] ?? 0) > limit) {
      res.setHeader('Connection', 'close');
      res
        .status(413)
        .setHeader('Cache-Control', 'no-store')
        .json({ error: bodyTooLargeMessage(limit) });
      return;
    }
    const url = req.url;
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    // An absolute-form request target (GET http://host/path HTTP/1.1) is for proxies.
    if (!rawPath.startsWith('/')) return refuse(res, INVALID_PATH_MESSAGE);
    const canonical = canonicalPath(rawPath);
    if (canonical === null) return refuse(res, INVALID_PATH_MESSAGE);
    if (canonical === rawPath) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, INVALID_PATH_MESSAGE);
    const query = queryAt === -1 ? '' : url.slice(queryAt);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(301, canonical + query);
  };
}

/**
 * Every error answer (4xx, 5xx) carries `Cache-Control: no-store`, whichever middleware wrote
 * it (body parser, JSON 404, origin check, rate limit, session check): it is about this request
 * only, and a shared cache keeping a 403 or a 400 would serve it to everyone. Hooks writeHead,
 * the one call every answer goes through, as the `on-headers` package does.
 */
export function noStoreOnErrors(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    // writeHead's overloads cannot be restated one by one; the arguments pass through untouched.
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
      if (status >= 400) this.setHeader('Cache-Control', 'no-store');
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
