/**
 * Issue 23 against the real app on a free port: slow clients (headers dribbled, a body that
 * never comes, an idle keep-alive connection) are answered 408 and cut off after the configured
 * timeouts, a body announced over the limit is refused at once, a second Host header is a 400,
 * admin paths have one spelling in lower case, and a server started without PUBLIC_URL takes
 * changes from any loopback spelling of its address (and says why when it refuses one).
 * The pages are stood in for by a handler recording what reached them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app';
import { openBackend } from '../../../workers/bootstrap/composition';
import { openAuthStores } from '../../../api/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';
import { CROSS_SITE_MESSAGE } from '../../../api/http/origin-csrf';
import { INVALID_HOST_MESSAGE, INVALID_PATH_MESSAGE } from '../../../api/http/request-hygiene';
import { createHttpServer } from '../../../api/http/server';
import { rawRequest } from '../../support/http-server';

interface Started {
  base: string;
  port: number;
  server: Server;
  rendered: string[];
  lines: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The app as api/main.ts serves it, configured from `env` only (no PUBLIC_URL unless given). */
async function start(env: Record<string, string>): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vial-slow-'));
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: 'warn',
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const base = { PROFILE: 'embedded', DATA_DIR: dataDir, SEED_DEMO: 'false', ...env };
  // The port first (as main.ts does), then the configuration that names it.
  const server = createHttpServer(loadConfig({ ...base, PORT: '0' }), logger);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const config = loadConfig({ ...base, PORT: String(port) });
  const backend = await openBackend(config, logger);
  const auth = openAuthStores(config);
  const rendered: string[] = [];
  const pages: RequestHandler = (req, res) => {
    rendered.push(req.path);
    res.status(200).send('page');
  };
  const { app } = createApp({ backend, auth, pages });
  server.on('request', app);
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    server,
    rendered,
    lines,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await auth.close();
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface SocketOutcome {
  /** Everything the server sent. */
  received: string;
  /** Whether the server closed the connection before `giveUpMs`. */
  closed: boolean;
}

/**
 * Writes `first`, then `drip` every `dripMs` while the connection is open; resolves when the
 * server closes it, or after `giveUpMs` (far above the timeouts under test) with closed: false.
 */
function rawExchange(
  port: number,
  first: string,
  options: { drip?: string; dripMs?: number; giveUpMs?: number } = {},
): Promise<SocketOutcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ received, closed });
    };
    const giveUp = setTimeout(() => done(false), options.giveUpMs ?? 8_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
    socket.write(first);
    if (options.drip) {
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(options.drip ?? '');
      }, options.dripMs ?? 100);
    }
  });
}

const statusOf = (received: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);

describe('slow clients and odd requests (small timeouts)', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start({
      NODE_ENV: 'test',
      HTTP_HEADERS_TIMEOUT_MS: '300',
      HTTP_REQUEST_TIMEOUT_MS: '600',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await s.close();
  });

  it('headers sent a line at a time past HTTP_HEADERS_TIMEOUT_MS: 408 and closed, one log line', async () => {
    const before = s.lines.length;
    const outcome = await rawExchange(s.port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', {
      drip: 'X-Slow: 1\r\n',
      dripMs: 50,
    });
    expect(outcome.closed).toBe(true);
    expect(statusOf(outcome.received)).toBe(408);
    expect(s.rendered).not.toContain('/');
    const timeouts = s.lines.slice(before).filter((l) => l.msg === 'request timed out');
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0]).toMatchObject({ level: 'warn', code: 'ERR_HTTP_REQUEST_TIMEOUT' });
  });

  it('a body that never comes (Content-Length 50, 10 bytes sent): 408 and closed', async () => {
    const outcome = await rawExchange(
      s.port,
      `POST /api/subscriptions HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${s.base}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 50\r\n\r\n{"email":',
    );
    expect(outcome.closed).toBe(true);
    expect(statusOf(outcome.received)).toBe(408);
  });

  it.each(['/api/subscriptions', '/newsletter', '/'])(
    'POST %s announcing 10 GB and sending 10 bytes: 413 at once, connection closed',
    async (target) => {
      const outcome = await rawExchange(
        s.port,
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          'Content-Length: 10737418240\r\n\r\n0123456789',
      );
      // 413, not the request timeout's 408: refused before the body, not timed out waiting for it.
      expect(statusOf(outcome.received)).toBe(413);
      expect(outcome.received).toMatch(/\r\nConnection: close\r\n/i);
      expect(outcome.closed).toBe(true);
    },
  );

  it('an idle keep-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS', async () => {
    const outcome = await rawExchange(
      s.port,
      'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n',
      { giveUpMs: 4_000 },
    );
    expect(statusOf(outcome.received)).toBe(200);
    expect(outcome.closed).toBe(true);
  });

  it('a second Host header: 400, never rendered', async () => {
    s.rendered.length = 0;
    const outcome = await rawExchange(
      s.port,
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    );
    expect(statusOf(outcome.received)).toBe(400);
    expect(outcome.received).toContain(JSON.stringify({ error: INVALID_HOST_MESSAGE }));
    expect(s.rendered).toEqual([]);
  });

  it.each([
    ['/Admin/login', '/admin/login'],
    ['/Admin/setup?token=abc', '/admin/setup?token=abc'],
    ['/aDmin/invite?token=abc', '/admin/invite?token=abc'],
    ['/ADMIN', '/admin'],
    ['/API/Admin/metrics', '/api/admin/metrics'],
  ])('GET %s -> 301 to %s, no-store, never rendered', async (target, location) => {
    s.rendered.length = 0;
    const answer = await rawRequest(s.base, { path: target });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(location);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(s.rendered).toEqual([]);
  });

  it('the lower-case admin page is no-store and noindex', async () => {
    const answer = await rawRequest(s.base, { path: '/admin/setup?token=abc' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('POST /Admin/login is refused (a redirect would drop the body)', async () => {
    const answer = await rawRequest(s.base, {
      path: '/Admin/login',
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: INVALID_PATH_MESSAGE });
  });
});

describe('started without PUBLIC_URL (README: PORT only), opened at 127.0.0.1', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start({ NODE_ENV: 'development' });
  });
  afterAll(async () => {
    await s.close();
  });

  const subscribe = (origin: string) =>
    rawRequest(s.base, {
      path: '/api/subscriptions',
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'not an address' }),
    });

  it.each(['127.0.0.1', 'localhost', '[::1]'])(
    'the API takes changes from http://%s:PORT (on to validation: 400)',
    async (host) => {
      expect((await subscribe(`http://${host}:${s.port}`)).status).toBe(400);
    },
  );

  it('the no-JavaScript form takes them too (303 back to the page)', async () => {
    const answer = await rawRequest(s.base, {
      path: '/newsletter',
      method: 'POST',
      headers: {
        Origin: `http://127.0.0.1:${s.port}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'email=not-an-address',
    });
    expect(answer.status).toBe(303);
  });

  it('a refusal says which origins were expected and how to set PUBLIC_URL, and logs it', async () => {
    const before = s.lines.length;
    const answer = await subscribe(`http://127.0.0.2:${s.port}`);
    expect(answer.status).toBe(403);
    const body = JSON.parse(answer.body) as { error: string; hint?: string };
    expect(body.error).toBe(CROSS_SITE_MESSAGE);
    expect(body.hint).toContain(`http://127.0.0.2:${s.port}`);
    expect(body.hint).toContain(`http://localhost:${s.port}`);
    expect(body.hint).toContain('PUBLIC_URL');
    const refused = s.lines.slice(before).filter((l) => l.msg === 'cross-site request refused');
    expect(refused).toEqual([
      expect.objectContaining({
        level: 'warn',
        origin: `http://127.0.0.2:${s.port}`,
        expected: expect.arrayContaining([`http://127.0.0.1:${s.port}`]),
      }),
    ]);
  });
});
