/**
 * Commands over HTTP, once for every capability: the answer to what the command side throws
 * (validation -> 400 with field messages, a refusal -> the status its capability gave its
 * code), and dispatch-then-wait (read-your-writes: the answer waits, bounded, until the read
 * models have applied the command's events, so the list the browser reloads shows the change).
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { CommandValidationError, DecisionError, type CommandResult } from '../../commands';
import type { Actor } from '../../domain/shared/envelope';
import type { Logger } from '../../workers/bootstrap/logger';
import { HttpError } from './errors';
import { INVALID_REQUEST_MESSAGE } from './validation';

/** How long a command's answer waits for the read models. */
export const READ_YOUR_WRITES_MS = 2000;

/** Maps a command field path to the name the form knows it by (default: unchanged). */
export type FieldPath = (path: string) => string;

export interface CommandGatewayDeps<Command> {
  dispatch(
    command: Command,
    context: { actor: Actor; correlationId: string },
  ): Promise<CommandResult>;
  waitForProjections(position: string, timeoutMs?: number): Promise<boolean>;
  logger: Logger;
  /** DecisionError code -> HTTP status, from every capability. An unlisted code answers 409. */
  statusByCode: Readonly<Record<string, number>>;
}

export function createCommandGateway<Command>(deps: CommandGatewayDeps<Command>) {
  const { statusByCode, logger } = deps;

  function toHttp(error: unknown, fieldPath: FieldPath = (path) => path): unknown {
    if (error instanceof CommandValidationError) {
      const fields: Record<string, string> = {};
      for (const [path, message] of Object.entries(error.fields)) {
        fields[fieldPath(path)] ??= message;
      }
      return new HttpError(400, error.message || INVALID_REQUEST_MESSAGE, fields);
    }
    if (error instanceof DecisionError) {
      return new HttpError(statusByCode[error.code] ?? 409, error.message);
    }
    return error;
  }

  return {
    toHttp,

    /** An Express 5 handler whose thrown command errors become their HTTP answers. */
    handle(
      fn: (req: Request, res: Response) => Promise<void>,
      options: { fieldPath?: FieldPath } = {},
    ): RequestHandler {
      return async (req, res, next) => {
        try {
          await fn(req, res);
        } catch (error) {
          next(toHttp(error, options.fieldPath));
        }
      };
    },

    /**
     * Dispatches as `actor`, waits (bounded) for the read models, and returns the result for
     * the caller to answer with.
     */
    async dispatch(res: Response, command: Command, actor: Actor): Promise<CommandResult> {
      const result = await deps.dispatch(command, {
        actor,
        correlationId: res.locals.requestId ?? randomUUID(),
      });
      const caughtUp = await deps.waitForProjections(result.position, READ_YOUR_WRITES_MS);
      if (!caughtUp) logger.warn('read models behind after a command', { ...result });
      return result;
    },
  };
}

export type CommandGateway<Command> = ReturnType<typeof createCommandGateway<Command>>;

/** The signed-in administrator as the actor of a command (401 when there is none). */
export function adminActor(res: Response): Actor {
  const admin = res.locals.admin;
  if (!admin) throw new HttpError(401, 'Admin authentication required');
  return { kind: 'admin', id: admin.adminId, email: admin.email };
}
