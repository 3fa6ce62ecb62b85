/**
 * Issue 16, behaviour only (no timings): compressed answers, validators, route chunks, no
 * back-office code on public pages, and the cached-page fast path keeping every rule that runs
 * before the page cache. Runs against the production build (built first when missing).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ENTRY,
  readViteManifest,
  routeChunkKeys,
  staticClosure,
} from '../../../api/ssr/assets';
import {
  backOfficeModulesIn,
  firstLoads,
  isPublicRoute,
  readClientBuild,
} from '../../../scripts/build/first-load';
import { prepareFirstStart } from '../../../api/first-start';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type TestServer,
} from '../../support/http-server';
import { ensureProductionBuild, projectRoot } from '../../support/production-build';

const clientDir = path.join(projectRoot, 'dist', 'client');

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request as written (no automatic decompression, any Host), its body as bytes. */
function get(
  base: string,
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: pathname,
        method,
        headers,
        setHost: headers.Host === undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Headers that differ per answer by design (time, connection, request id). */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

function comparable(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!PER_ANSWER.has(name)) out[name] = String(value);
  }
  return out;
}

describe('speed: compression, validators and the cached-page fast path', () => {
  let server: TestServer;

  beforeAll(async () => {
    ensureProductionBuild();
    server = await startTestServer({
      productionPages: true,
      prefix: 'vial-speed-',
      env: { SEED_DEMO: 'true', NODE_ENV: 'production' },
    });
    // The demo providers, as `npm start` seeds them on a fresh store.
    await prepareFirstStart(server.backend);
    await server.backend.waitForProjections(
      (await server.backend.eventStore.headPosition()).toString(),
    );
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('Accept-Encoding: br gets brotli that decompresses to the same HTML', async () => {
    const plain = await get(server.base, '/');
    const br = await get(server.base, '/', { 'Accept-Encoding': 'br' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it('Accept-Encoding: gzip gets gzip that decompresses to the same HTML', async () => {
    const plain = await get(server.base, '/about');
    const gz = await get(server.base, '/about', { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it('a hashed asset is sent precompressed, immutable', async () => {
    const manifest = await readViteManifest(clientDir);
    const entry = `/${manifest[CLIENT_ENTRY]?.file}`;
    const br = await get(server.base, entry, { 'Accept-Encoding': 'gzip, br' });
    const plain = await get(server.base, entry);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it('an API answer is compressed too', async () => {
    const json = await get(server.base, '/api/providers/featured', { 'Accept-Encoding': 'gzip' });
    expect(json.status).toBe(200);
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(Array.isArray(JSON.parse(gunzipSync(json.body).toString('utf8')))).toBe(true);
  });

  it('an ETag match gets 304 with no body', async () => {
    const first = await get(server.base, '/calculator');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(server.base, '/calculator', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });

  it('a public page names only its own route chunks in modulepreload', async () => {
    const manifest = await readViteManifest(clientDir);
    const byRoute = routeChunkKeys(manifest);
    const fileOf = (key: string) => `/${manifest[key]?.file}`;
    const entryFiles = new Set(staticClosure(manifest, CLIENT_ENTRY).map(fileOf));
    const own = new Set((byRoute.get('/about') ?? []).map(fileOf));
    expect(own.size).toBeGreaterThan(0);

    const html = (await get(server.base, '/about')).body.toString('utf8');
    const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1] as string,
    );
    for (const file of own) expect(preloads).toContain(file);
    for (const href of preloads) expect(entryFiles.has(href) || own.has(href), href).toBe(true);
    const others = [...byRoute]
      .filter(([id]) => id !== '/about')
      .flatMap(([, keys]) => keys.map(fileOf))
      .filter((file) => !own.has(file) && !entryFiles.has(file));
    for (const file of others) expect(preloads).not.toContain(file);
  });

  it('what every page loads comes as one script (the entry imports no other chunk statically)', async () => {
    const manifest = await readViteManifest(clientDir);
    expect(staticClosure(manifest, CLIENT_ENTRY)).toEqual([CLIENT_ENTRY]);
  });

  it('no back-office module is reachable from a public route (the Vite manifest walked)', () => {
    const loads = firstLoads(readClientBuild(clientDir));
    const publicLoads = loads.filter((l) => isPublicRoute(l.routeId));
    expect(publicLoads.map((l) => l.routeId)).toContain('/');
    for (const load of publicLoads)
      expect(backOfficeModulesIn(load.modules), load.routeId).toEqual([]);
    // The check sees back-office code where it is: in the admin routes' chunks.
    const admin = loads.find((l) => l.routeId === '/admin/_authed/dashboard');
    expect(backOfficeModulesIn(admin?.modules ?? []).length).toBeGreaterThan(0);
  });

  it('cached (fast path) and uncached answers carry the same headers, security ones included', async () => {
    server.pageCache?.clear();
    const hitsBefore = server.pageCache?.stats().hits ?? 0;
    const uncached = await get(server.base, '/vial-score', { 'Accept-Encoding': 'br' });
    const cached = await get(server.base, '/vial-score', { 'Accept-Encoding': 'br' });
    expect(server.pageCache?.stats().hits).toBe(hitsBefore + 1);
    expect(uncached.status).toBe(200);
    expect(comparable(cached.headers)).toEqual(comparable(uncached.headers));
    expect(cached.body.equals(uncached.body)).toBe(true);
    const csp = String(cached.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toContain('nonce-');
    for (const name of ['x-frame-options', 'x-content-type-options', 'referrer-policy']) {
      expect(cached.headers[name], name).toBeDefined();
    }
    expect(cached.headers['cache-control']).toMatch(/stale-while-revalidate/);
  });

  it('HEAD of a cached page gets its headers and no body', async () => {
    await get(server.base, '/support');
    const head = await get(server.base, '/support', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });

  it('the fast path still refuses a bad Host with 400 and redirects a non-canonical path', async () => {
    await get(server.base, '/about');
    const badHost = await get(server.base, '/about', { Host: 'a b' });
    expect(badHost.status).toBe(400);
    const dotted = await get(server.base, '/x/../about');
    expect(dotted.status).toBe(301);
    expect(dotted.headers.location).toBe('/about');
    const escaped = await get(server.base, '/%61bout');
    expect(escaped.status).toBe(301);
  });

  it('the fast path does not answer a kept page to a request with two Host headers', async () => {
    await get(server.base, '/about');
    await get(server.base, '/about');
    const { port } = new URL(server.base);
    const received = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(
          'GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
        ),
      );
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(received.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
  });

  it('keys cached pages by declared query parameters only', async () => {
    const page = await get(server.base, '/');
    const tracked = await get(server.base, '/?utm_source=mail');
    expect(tracked.headers.etag).toBe(page.headers.etag);
  });

  it('never serves an admin page from the cache', async () => {
    const hits = server.pageCache?.stats().hits ?? 0;
    const login = await get(server.base, '/admin/login');
    const again = await get(server.base, '/admin/login');
    expect(again.status).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.headers.etag).toBeUndefined();
    expect(login.headers['cache-control']).toBe('no-store');
    expect(server.pageCache?.stats().hits).toBe(hits);
    const dashboard = await get(server.base, '/admin/dashboard');
    expect(dashboard.status).toBe(303);
    expect(dashboard.headers.location).toBe('/admin/login');
  });

  it("'Clear All Caches' empties the server's page cache and is in the audit log", async () => {
    await registerAdmin(server.backend, 'caches@example.com', 'correct horse battery staple 1');
    const session = await signIn(
      server.base,
      'caches@example.com',
      'correct horse battery staple 1',
    );
    await get(server.base, '/about');
    expect(server.pageCache?.size).toBeGreaterThan(0);

    const visitor = await request(server.base, '/api/admin/caches/clear', { method: 'POST' });
    expect(visitor.status).toBe(401);
    const cleared = await request(server.base, '/api/admin/caches/clear', {
      method: 'POST',
      session,
    });
    expect(cleared.status).toBe(200);
    expect(server.pageCache?.size).toBe(0);

    const audit = await request(server.base, '/api/admin/audit', { session });
    expect(await audit.text()).toContain('cleared all caches');
  });
});
