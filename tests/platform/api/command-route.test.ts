import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminCommandRoutes } from '../../../api/http/command-route';
import { createCommandGateway } from '../../../api/http/commands';
import { errorHandler } from '../../../api/http/errors';
import { CommandValidationError, DecisionError } from '../../../commands/errors';
import type { Actor } from '../../../domain/shared/envelope';
import { createLogger } from '../../../workers/bootstrap/logger';
import { serve } from '../../support/serve';

type Command =
  | { type: 'RenameThing'; thingId: string; name: unknown }
  | { type: 'RemoveThing'; thingId: string; expectedRevision?: number | undefined };

const dispatched: Array<{ command: Command; actor: Actor }> = [];
const logger = createLogger({ level: 'error' });
const gateway = createCommandGateway<Command>({
  async dispatch(command, { actor }) {
    dispatched.push({ command, actor });
    if (command.type === 'RenameThing' && command.name === '') {
      throw new CommandValidationError({ 'details.name': 'Name is required' });
    }
    if (command.thingId === 'gone') throw new DecisionError('thing_removed', 'Thing was removed');
    return { id: command.thingId, revision: 1, position: '7' };
  },
  waitForProjections: () => Promise.resolve(true),
  logger,
  statusByCode: { thing_removed: 410 },
});
const commandRoute = adminCommandRoutes(gateway);
const byId = { id: z.string().trim().min(1).max(5, 'Id too long') };

const app = express();
app.use(express.json());
app.use((req, res, next) => {
  res.locals.admin = req.get('x-admin')
    ? { adminId: 'a1', email: 'a@example.test', csrfToken: 't' }
    : null;
  next();
});
app.put(
  '/things/:id',
  commandRoute({
    params: byId,
    body: z.object({ name: z.unknown() }),
    fieldPath: (path) => path.replace(/^details\./, ''),
    command: ({ params, body }) => ({ type: 'RenameThing', thingId: params.id, name: body.name }),
  }),
);
app.delete(
  '/things/:id',
  commandRoute({
    params: byId,
    query: z.object({ expectedRevision: z.coerce.number().int().optional() }),
    command: ({ params, query }) => ({
      type: 'RemoveThing',
      thingId: params.id,
      expectedRevision: query.expectedRevision,
    }),
    answer: (_result, { params }) => ({ id: params.id }),
  }),
);
app.use(errorHandler(logger));

let server: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  server = await serve(app);
});
afterAll(() => server.close());

async function call(method: string, path: string, body?: unknown, admin = true) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(admin ? { 'x-admin': '1' } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('adminCommandRoutes: parse params, body and query, dispatch as the admin, answer', () => {
  it.each([
    [
      'the command result by default',
      'PUT',
      '/things/t1',
      { name: 'New' },
      200,
      { id: 't1', revision: 1, position: '7' },
    ],
    [
      'the declared answer',
      'DELETE',
      '/things/t1?expectedRevision=3',
      undefined,
      200,
      { id: 't1' },
    ],
    [
      'a bad path parameter: 400 under _root',
      'DELETE',
      '/things/toolong',
      undefined,
      400,
      { fields: { _root: 'Id too long' } },
    ],
    [
      'a bad query: 400 under its field',
      'DELETE',
      '/things/t1?expectedRevision=x',
      undefined,
      400,
      { fields: { expectedRevision: expect.any(String) } },
    ],
    [
      "the command's field errors, renamed by fieldPath",
      'PUT',
      '/things/t1',
      { name: '' },
      400,
      { fields: { name: 'Name is required' } },
    ],
    [
      "a refusal: its capability's status",
      'DELETE',
      '/things/gone',
      undefined,
      410,
      { error: 'Thing was removed' },
    ],
  ])('%s', async (_case, method, path, body, status, answer) => {
    const response = await call(method, path, body);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject(answer);
  });

  it('dispatches the built command as the signed-in administrator', async () => {
    dispatched.length = 0;
    await call('DELETE', '/things/t2?expectedRevision=4');
    expect(dispatched).toEqual([
      {
        command: { type: 'RemoveThing', thingId: 't2', expectedRevision: 4 },
        actor: { kind: 'admin', id: 'a1', email: 'a@example.test' },
      },
    ]);
  });

  it('answers 401 and dispatches nothing without an administrator', async () => {
    dispatched.length = 0;
    const response = await call('DELETE', '/things/t1', undefined, false);
    expect(response.status).toBe(401);
    expect(dispatched).toEqual([]);
  });
});
