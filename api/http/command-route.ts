/**
 * One back-office command route, declared instead of written out: parse the path parameters,
 * the body and the query string (400 with a message per field), build the command, dispatch it
 * as the signed-in administrator (read-your-writes, api/http/commands.ts) and answer.
 */
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { CommandResult } from '../../commands';
import { adminActor, type CommandGateway, type FieldPath } from './commands';
import { parseBody, parseOrThrow } from './validation';

/** The path parameters' schemas, one per name: `{ id: providerIdParam }`. */
export type ParamSchemas = Record<string, z.ZodType>;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface CommandRouteInput<P extends ParamSchemas, B, Q> {
  params: { [K in keyof P]: z.output<P[K]> };
  body: Parsed<B>;
  query: Parsed<Q>;
}

export interface CommandRoute<Command, P extends ParamSchemas, B, Q> {
  /** Each is parsed on its own (a bad one answers 400 under '_root', as parseOrThrow does). */
  params?: P;
  /** The JSON body's schema; a missing body is parsed as {}. */
  body?: B;
  query?: Q;
  /** The command to dispatch; may check more first (and throw an HttpError or DecisionError). */
  command(input: CommandRouteInput<P, B, Q>): Command | Promise<Command>;
  /** The answer's body (default: the command's result: id, revision, position). */
  answer?(result: CommandResult, input: CommandRouteInput<P, B, Q>): unknown;
  /** Command field path -> the form's field name, for validation answers. */
  fieldPath?: FieldPath;
}

/**
 * The route builder for one gateway's commands (curried so the command type comes from the
 * gateway alone and each route's command literal is checked against it):
 * `const commandRoute = adminCommandRoutes(commands); admin.post(path, commandRoute({ ... }))`.
 */
export function adminCommandRoutes<Command>(gateway: CommandGateway<Command>) {
  return function commandRoute<
    P extends ParamSchemas = Record<never, z.ZodType>,
    B extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
  >(route: CommandRoute<Command, P, B, Q>): RequestHandler {
    return gateway.handle(
      async (req, res) => {
        const params: Record<string, unknown> = {};
        for (const [name, schema] of Object.entries(route.params ?? {})) {
          params[name] = parseOrThrow(schema, req.params[name]);
        }
        const input = {
          params,
          body: route.body ? parseBody(route.body, req) : undefined,
          query: route.query ? parseOrThrow(route.query, req.query) : undefined,
          // The loop filled one entry per schema of P and the two ternaries follow B and Q,
          // which TypeScript cannot see through.
        } as CommandRouteInput<P, B, Q>;
        const command = await route.command(input);
        const result = await gateway.dispatch(res, command, adminActor(res));
        res.json(route.answer ? route.answer(result, input) : result);
      },
      { fieldPath: route.fieldPath },
    );
  };
}
