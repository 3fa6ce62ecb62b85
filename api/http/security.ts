import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import './locals';

export interface SecurityHeadersOptions {
  /** Vite dev server: allow its HMR websocket. */
  development: boolean;
  /** Served over https (PUBLIC_URL is https): send HSTS and upgrade-insecure-requests. */
  https?: boolean;
  /**
   * Add 'strict-dynamic' to script-src: scripts loaded by a nonced script are trusted, and
   * 'self' is then ignored by CSP3 browsers, so every <script> the SSR writes must carry the nonce.
   */
  strictDynamic?: boolean;
  /**
   * Pages that show images from known hosts only: under `pathPrefix`, img-src allows 'self',
   * data: and exactly these hosts instead of any https host.
   */
  pageImageHosts?: readonly { pathPrefix: string; hosts: readonly string[] }[];
}

/** The path of a request (helmet passes the IncomingMessage; Express adds `path`). */
const pathOf = (req: unknown): string => {
  const { path, url } = req as { path?: string; url?: string };
  return path ?? (url ?? '/').split('?')[0] ?? '/';
};

/** The nonce of this response, for the SSR's inline scripts (`<script nonce=…>`). */
function nonceOf(res: ServerResponse): string {
  const locals = (res as ServerResponse & { locals?: Express.Locals }).locals;
  if (!locals?.cspNonce) throw new Error('securityHeaders: the nonce middleware did not run');
  return `'nonce-${locals.cspNonce}'`;
}

/** The CSP directives, exported so tests and the SSR helper can see what is allowed. */
export function cspDirectives(options: SecurityHeadersOptions) {
  const scriptSrc = [
    "'self'",
    (_req: unknown, res: ServerResponse) => nonceOf(res),
    ...(options.strictDynamic ? ["'strict-dynamic'"] : []),
  ];
  return {
    defaultSrc: ["'self'"],
    scriptSrc,
    // 'unsafe-inline' for styles only: React's style={…} props and Radix/Tailwind runtime
    // positioning write inline style attributes, which nonces cannot cover (CSP nonces apply to
    // <style> elements, not style attributes). Inline styles cannot run code; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Provider logos and post images are hosted elsewhere (https only); data: for tiny inline
    // icons. Pages that declare their image hosts allow exactly those.
    imgSrc: [
      "'self'",
      (req: unknown) => {
        const path = pathOf(req);
        const page = options.pageImageHosts?.find(
          (p) => path === p.pathPrefix || path.startsWith(`${p.pathPrefix}/`),
        );
        return page ? page.hosts.map((host) => `https://${host}`).join(' ') : 'https:';
      },
      'data:',
    ],
    fontSrc: ["'self'", 'data:'],
    connectSrc: options.development ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    ...(options.https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The CSP with `'nonce-…'` in script-src replaced by `scriptSources` (the hashes of a page's
 * inline scripts): the policy a server-rendered page is sent with, so its bytes carry no
 * per-response value and can be cached and sent as they are.
 */
export function withScriptSources(
  csp: string,
  nonce: string,
  scriptSources: readonly string[],
): string {
  return csp
    .split(';')
    .map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive;
      const kept = values.filter((v) => v !== `'nonce-${nonce}'`);
      return [name, ...kept.slice(0, 1), ...scriptSources, ...kept.slice(1)].join(' ');
    })
    .join(';');
}

/**
 * Security headers for every response. First a fresh nonce per request in
 * res.locals.cspNonce (16 random bytes, base64), then helmet with a CSP that uses it.
 * res.locals.securityHeadersFor(scriptSources) gives the same headers with the nonce in the CSP
 * replaced by the given script hashes: server-rendered pages are sent with those (cached or
 * not), so a cached page's headers are exactly an uncached one's.
 */
export function securityHeaders(options: SecurityHeadersOptions): RequestHandler[] {
  const setNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    frameguard: { action: 'deny' },
    xContentTypeOptions: true,
    // Provider sites open in a new tab with rel=noopener; same-origin keeps our window isolated.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Images and fonts we serve may be embedded by nobody else; API JSON likewise.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const withPermissions: RequestHandler = (req, res, next) => {
    const before = new Set(res.getHeaderNames());
    headers(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.setHeader('Permissions-Policy', 'camera=(), microphone=(), payment=(), usb=()');
      const names = res.getHeaderNames().filter((name) => !before.has(name));
      const nonce = res.locals.cspNonce ?? '';
      res.locals.securityHeadersFor = (scriptSources) =>
        names.map((name): [string, string] => {
          const value = String(res.getHeader(name) ?? '');
          return [
            name,
            name === 'content-security-policy'
              ? withScriptSources(value, nonce, scriptSources)
              : value,
          ];
        });
      next();
    });
  };
  return [setNonce, withPermissions];
}
