import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../../api/http/security';
import { serve } from '../../support/serve';

function appWith(options: Parameters<typeof securityHeaders>[0]) {
  const app = express();
  app.use(securityHeaders(options));
  app.get('/', (_req, res) => {
    res.type('html').send(`<script nonce="${res.locals.cspNonce}"></script>`);
  });
  return app;
}

function directives(csp: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

describe('securityHeaders in production over https', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve(appWith({ development: false, https: true }));
  });
  afterAll(() => server.close());

  it('puts a fresh nonce in the CSP and in res.locals.cspNonce for each response', async () => {
    const [a, b] = await Promise.all([fetch(server.url), fetch(server.url)]);
    const nonceA = /nonce="([^"]+)"/.exec(await a.text())?.[1];
    const nonceB = /nonce="([^"]+)"/.exec(await b.text())?.[1];
    expect(nonceA).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceA).not.toEqual(nonceB);
    expect(directives(a.headers.get('content-security-policy')).get('script-src')).toBe(
      `'self' 'nonce-${nonceA}'`,
    );
  });

  it.each([
    ['default-src', "'self'"],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' https: data:"],
    ['connect-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
    ['upgrade-insecure-requests', ''],
  ])('CSP %s is %j', async (name, value) => {
    const res = await fetch(server.url);
    expect(directives(res.headers.get('content-security-policy')).get(name)).toBe(value);
  });

  it.each([
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ])('sends %s: %s', async (name, value) => {
    const res = await fetch(server.url);
    expect(res.headers.get(name)).toBe(value);
  });
});

describe('securityHeaders in development over http', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve(appWith({ development: true, strictDynamic: true }));
  });
  afterAll(() => server.close());

  it("allows Vite's HMR websocket and 'strict-dynamic' when asked", async () => {
    const csp = directives((await fetch(server.url)).headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toBe("'self' ws: wss:");
    expect(csp.get('script-src')).toMatch(/^'self' 'nonce-[^']+' 'strict-dynamic'$/);
  });

  it('sends no HSTS and no upgrade-insecure-requests over plain http', async () => {
    const res = await fetch(server.url);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(
      directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests'),
    ).toBe(false);
  });
});

describe('pages that declare their image hosts', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    const app = express();
    app.use(
      securityHeaders({
        development: false,
        pageImageHosts: [{ pathPrefix: '/viewer', hosts: ['i.example', 'thumbs.example'] }],
      }),
    );
    app.get('/{*path}', (_req, res) => res.type('html').send('ok'));
    server = await serve(app);
  });
  afterAll(() => server.close());

  it.each([
    ['/viewer', "'self' https://i.example https://thumbs.example data:"],
    ['/viewer/more?q=x', "'self' https://i.example https://thumbs.example data:"],
    ['/', "'self' https: data:"],
    ['/viewers', "'self' https: data:"],
  ])('%s allows images from %s', async (path, imgSrc) => {
    const response = await fetch(`${server.url}${path}`);
    expect(directives(response.headers.get('content-security-policy')).get('img-src')).toBe(imgSrc);
  });
});
