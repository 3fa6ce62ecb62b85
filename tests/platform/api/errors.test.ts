import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../../../commands/event-store/port';
import { errorHandler, HttpError, toErrorAnswer } from '../../../api/http/errors';
import { createLogger } from '../../../workers/bootstrap/logger';
import { serve } from '../../support/serve';

class CommandValidationError extends Error {
  override name = 'CommandValidationError';
  constructor(readonly fields: Record<string, string>) {
    super('Invalid command');
  }
}
class DomainError extends Error {
  override name = 'DomainError';
}
const withStatus = (message: string, status: number) =>
  Object.assign(new Error(message), { status });

describe('toErrorAnswer', () => {
  it.each([
    [
      'a concurrency conflict',
      new ConcurrencyError('provider-1', 3, 4),
      409,
      { error: 'This item was changed by someone else. Reload and try again.' },
    ],
    [
      'a command validation error',
      new CommandValidationError({ name: 'Please fill in all required fields' }),
      400,
      { error: 'Invalid command', fields: { name: 'Please fill in all required fields' } },
    ],
    [
      'a domain error',
      new DomainError('This email is already subscribed to our updates.'),
      400,
      { error: 'This email is already subscribed to our updates.' },
    ],
    [
      'an error with status 404',
      withStatus('Provider not found', 404),
      404,
      { error: 'Provider not found' },
    ],
    [
      'an error with status 503 (message withheld)',
      withStatus('mongo down at 10.0.0.3', 503),
      503,
      { error: 'Something went wrong' },
    ],
    [
      'an HttpError with fields',
      new HttpError(422, 'Check the form', { slug: 'Taken' }),
      422,
      { error: 'Check the form', fields: { slug: 'Taken' } },
    ],
    [
      'a plain Error (message withheld)',
      new Error('SQLITE_BUSY: database is locked'),
      500,
      { error: 'Something went wrong' },
    ],
    [
      'a TypeError',
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      500,
      { error: 'Something went wrong' },
    ],
    ['a thrown string', 'oops', 500, { error: 'Something went wrong' }],
    ['a thrown null', null, 500, { error: 'Something went wrong' }],
  ])('maps %s to %i', (_case, error, status, body) => {
    const answer = toErrorAnswer(error);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(body);
  });
});

describe('errorHandler', () => {
  const lines: Array<Record<string, unknown>> = [];
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.requestId = 'req-1';
      next();
    });
    app.get('/boom', async () => {
      throw new Error('secret connection string in here');
    });
    app.get('/aborted', () => {
      // What Express's sendFile raises when the visitor closes the connection mid-answer.
      throw Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' });
    });
    app.get('/conflict', () => {
      throw new ConcurrencyError('post-1', 1, 2);
    });
    app.use(
      errorHandler(createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line)) })),
    );
    server = await serve(app);
  });
  afterAll(() => server.close());

  it('answers 500 without leaking the message or stack, and logs them with the request id', async () => {
    const res = await fetch(`${server.url}/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'Something went wrong' });
    expect(text).not.toContain('secret');
    const logged = lines.find((l) => l.msg === 'request failed');
    expect(logged).toMatchObject({
      level: 'error',
      requestId: 'req-1',
      status: 500,
      path: '/boom',
    });
    expect(logged?.err).toMatchObject({
      message: 'secret connection string in here',
      stack: expect.any(String),
    });
  });

  it('logs a request the visitor aborted at debug, not as a failure with a stack', async () => {
    await fetch(`${server.url}/aborted`);
    expect(lines.some((l) => l.msg === 'request failed' && l.path === '/aborted')).toBe(false);
    expect(lines.find((l) => l.path === '/aborted')).toMatchObject({
      level: 'debug',
      msg: 'request aborted by the client',
    });
  });

  it('answers a thrown ConcurrencyError with 409', async () => {
    const res = await fetch(`${server.url}/conflict`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'This item was changed by someone else. Reload and try again.',
    });
  });
});
