import express from 'express';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../api/http/errors';
import { createLogger } from '../../../workers/bootstrap/logger';
import { jsonBody } from '../../../api/http/json-body';
import { parseBody, validate } from '../../../api/http/validation';
import { serve } from '../../support/serve';

const providerSchema = z.object({
  name: z.string().trim().min(1, 'Please fill in all required fields'),
  website: z.url('Website must be a URL'),
  prices: z
    .array(
      z.object({ amount: z.number('Price must be a number').positive('Price must be above 0') }),
    )
    .optional(),
});

describe('JSON bodies and validation over HTTP', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    const app = express();
    app.use(jsonBody());
    app.post('/middleware', validate(providerSchema), (req, res) => {
      res.json({ received: req.body });
    });
    app.post('/handler', (req, res) => {
      res.json({ received: parseBody(providerSchema, req) });
    });
    app.post('/no-body', (req, res) => {
      res.json({ body: req.body ?? null });
    });
    app.use(errorHandler(createLogger({ level: 'error', write: () => {} })));
    server = await serve(app);
  });
  afterAll(() => server.close());

  const post = (path: string, body: string | undefined, contentType = 'application/json') =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: body === undefined ? {} : { 'Content-Type': contentType },
      ...(body === undefined ? {} : { body }),
    });

  it.each(['/middleware', '/handler'])('%s passes the parsed, trimmed value on', async (path) => {
    const res = await post(
      path,
      JSON.stringify({ name: '  Acme  ', website: 'https://acme.example' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      received: { name: 'Acme', website: 'https://acme.example' },
    });
  });

  it.each(['/middleware', '/handler'])(
    '%s answers 400 with the first message per field path',
    async (path) => {
      const res = await post(
        path,
        JSON.stringify({ name: '   ', website: 'nope', prices: [{ amount: 5 }, { amount: -1 }] }),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'Invalid request',
        fields: {
          name: 'Please fill in all required fields',
          website: 'Website must be a URL',
          'prices.1.amount': 'Price must be above 0',
        },
      });
    },
  );

  it('treats a missing body as {} so each required field is named', async () => {
    const res = await post('/middleware', undefined);
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fields: object }).fields).sort()).toEqual([
      'name',
      'website',
    ]);
  });

  it('reports a body that is not an object under _root', async () => {
    const res = await post('/middleware', '[1,2]');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'Invalid request',
      fields: { _root: expect.any(String) },
    });
  });

  it.each([
    ['malformed JSON', '{"name": ', 'application/json', 400, { error: 'Malformed JSON body' }],
    [
      'a bare string (strict JSON)',
      '"hello"',
      'application/json',
      400,
      { error: 'Malformed JSON body' },
    ],
    [
      'a body over 100 kB',
      JSON.stringify({ name: 'x'.repeat(110_000) }),
      'application/json',
      413,
      { error: 'Request body too large (limit 100 kB)' },
    ],
    [
      'a form-encoded body',
      'name=Acme',
      'application/x-www-form-urlencoded',
      415,
      { error: 'Content-Type must be application/json' },
    ],
    ['a text body', 'hello', 'text/plain', 415, { error: 'Content-Type must be application/json' }],
  ])('answers %s with %i', async (_case, body, contentType, status, expected) => {
    const res = await post('/middleware', body, contentType);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(expected);
  });

  it('accepts a charset parameter on the JSON content type', async () => {
    const res = await post(
      '/middleware',
      JSON.stringify({ name: 'Acme', website: 'https://acme.example' }),
      'application/json; charset=utf-8',
    );
    expect(res.status).toBe(200);
  });

  it('lets a bodiless POST through (logout, publish toggles)', async () => {
    const res = await post('/no-body', undefined);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ body: null });
  });
});
