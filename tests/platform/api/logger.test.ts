import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteRateLimiter } from '../../../api/auth/rate-limit-sqlite';
import { createLogger, type LogLevel } from '../../../workers/bootstrap/logger';
import { requestId, requestLogger } from '../../../api/http/request-log';
import { limitRequests, retryAfterText } from '../../../api/http/rate-limit';
import { serve } from '../../support/serve';

describe('createLogger', () => {
  it.each<[LogLevel, string[]]>([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
  ])('at level %s writes %j', (level, expected) => {
    const written: string[] = [];
    const logger = createLogger({ level, write: (_line, lineLevel) => written.push(lineLevel) });
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(written).toEqual(expected);
  });

  it('writes one JSON object per line, with child fields and serialised errors', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line) }).child({
      requestId: 'r1',
    });
    logger.error('failed', { err: new Error('boom'), position: 12n });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      msg: 'failed',
      requestId: 'r1',
      position: '12',
      err: { name: 'Error', message: 'boom' },
    });
  });
});

describe('requestId, requestLogger and limitRequests', () => {
  const lines: Array<Record<string, unknown>> = [];
  const limiter = createSqliteRateLimiter({ purgeIntervalMs: 0 });
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    const app = express();
    app.use(requestId());
    app.use(
      requestLogger(createLogger({ level: 'info', write: (line) => lines.push(JSON.parse(line)) })),
    );
    app.post(
      '/subscribe',
      limitRequests({ limiter, name: 'subscribe', limit: 2, windowMs: 60 * 60_000 }),
      (_req, res) => {
        res.json({ id: res.locals.requestId });
      },
    );
    server = await serve(app);
  });
  afterAll(async () => {
    await server.close();
    await limiter.close();
  });

  it.each([
    ['a sane incoming id is kept', 'trace-123.abc', 'trace-123.abc'],
    ['an id with spaces is replaced', 'bad id', /^[0-9a-f-]{36}$/],
    ['an over-long id is replaced', 'x'.repeat(200), /^[0-9a-f-]{36}$/],
  ])('%s', async (_case, incoming, expected) => {
    const res = await fetch(`${server.url}/nowhere?email=secret@x.example`, {
      headers: { 'X-Request-Id': incoming },
    });
    if (typeof expected === 'string') expect(res.headers.get('x-request-id')).toBe(expected);
    else expect(res.headers.get('x-request-id')).toMatch(expected);
  });

  it('logs each request without its query string', async () => {
    await fetch(`${server.url}/nowhere?email=secret@x.example`, {
      headers: { 'X-Request-Id': 'logged-1' },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.find((l) => l.requestId === 'logged-1')).toMatchObject({
      method: 'GET',
      path: '/nowhere',
      status: 404,
    });
    expect(JSON.stringify(lines)).not.toContain('secret@');
  });

  it('answers 429 with Retry-After once a public endpoint’s limit is used', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      last = await fetch(`${server.url}/subscribe`, { method: 'POST' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(await last!.json()).toEqual({ error: 'Too many requests. Try again in 60 minutes.' });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(3500);
  });

  it.each([
    [1, 'Try again in 1 minute.'],
    [60_000, 'Try again in 1 minute.'],
    [60_001, 'Try again in 2 minutes.'],
    [15 * 60_000, 'Try again in 15 minutes.'],
  ])('retryAfterText(%i) -> %s', (ms, text) => {
    expect(retryAfterText(ms)).toBe(text);
  });
});
