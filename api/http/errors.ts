import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ConcurrencyError } from '../../commands/event-store/port';
import { MergeConflictError, type FieldConflict } from '../../commands/field-changes';
import type { Logger } from '../../workers/bootstrap/logger';
import './locals';

/** An error that already knows its HTTP answer. Its message is shown to the client. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const CONCURRENCY_MESSAGE = 'This item was changed by someone else. Reload and try again.';
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong';
/** A body over `limitBytes` (100 kB for JSON, 128 kB for a form): the limit named as it is. */
export const bodyTooLargeMessage = (limitBytes: number): string =>
  `Request body too large (limit ${Math.floor(limitBytes / 1024)} kB)`;
export const BODY_TOO_LARGE_MESSAGE = bodyTooLargeMessage(100 * 1024);
export const TOO_MANY_FIELDS_MESSAGE = 'Too many form fields';

export interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
  /** A merge refused (409): each field both saves changed, and the latest revision. */
  conflicts?: FieldConflict[];
  revision?: number;
}

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') out[key] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') out[key] = message[0];
  }
  return out;
}

/** The errors body-parser raises (express.json), by their `type`. */
export function bodyParserAnswer(error: unknown): ErrorAnswer | null {
  if (!isRecord(error) || typeof error.type !== 'string') return null;
  switch (error.type) {
    case 'entity.parse.failed':
      return { status: 400, body: { error: 'Malformed JSON body' } };
    case 'entity.too.large':
      // raw-body names the limit it read to (the forms' differs from the API's).
      return {
        status: 413,
        body: {
          error:
            typeof error.limit === 'number'
              ? bodyTooLargeMessage(error.limit)
              : BODY_TOO_LARGE_MESSAGE,
        },
      };
    case 'parameters.too.many':
      return { status: 413, body: { error: TOO_MANY_FIELDS_MESSAGE } };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: { error: 'Unsupported body encoding' } };
    case 'request.aborted':
      return { status: 400, body: { error: 'Request aborted' } };
    default:
      return null;
  }
}

/**
 * Maps any thrown value to an HTTP answer. Only messages meant for users pass through:
 * anything unrecognised, and any 5xx, becomes 'Something went wrong'.
 */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof HttpError) {
    const status = error.status >= 400 && error.status <= 599 ? error.status : 500;
    if (status >= 500) return { status, body: { error: INTERNAL_ERROR_MESSAGE } };
    return {
      status,
      body: error.fields
        ? { error: error.message, fields: error.fields }
        : { error: error.message },
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  // A stale save touching fields changed meanwhile: both values, for the admin to choose.
  if (error instanceof MergeConflictError) {
    return {
      status: 409,
      body: { error: error.message, conflicts: error.conflicts, revision: error.revision },
    };
  }
  if (error instanceof ConcurrencyError || (isRecord(error) && error.name === 'ConcurrencyError')) {
    return { status: 409, body: { error: CONCURRENCY_MESSAGE } };
  }
  const parserAnswer = bodyParserAnswer(error);
  if (parserAnswer) return parserAnswer;
  if (error instanceof Error) {
    const record = error as unknown as Record<string, unknown>;
    // Defined by commands/bus.ts; matched by shape so this module does not depend on its load order.
    if (error.name === 'CommandValidationError' && isRecord(record.fields)) {
      const fields = stringFields(record.fields) ?? {};
      return { status: 400, body: { error: error.message || 'Invalid request', fields } };
    }
    const status = typeof record.status === 'number' ? record.status : undefined;
    if (error.name === 'DomainError' || status !== undefined) {
      const code =
        status !== undefined && Number.isInteger(status) && status >= 400 && status <= 599
          ? status
          : 400;
      if (code >= 500) return { status: code, body: { error: INTERNAL_ERROR_MESSAGE } };
      const fields = stringFields(record.fields);
      return {
        status: code,
        body: fields ? { error: error.message, fields } : { error: error.message },
      };
    }
  }
  return { status: 500, body: { error: INTERNAL_ERROR_MESSAGE } };
}

/**
 * The last middleware of the app. Logs 5xx with the stack (server side only) and 4xx at debug.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    const answer = toErrorAnswer(error);
    const fields = {
      requestId: res.locals.requestId,
      method: req.method,
      path: req.originalUrl.split('?')[0],
      status: answer.status,
      err: error,
    };
    // The visitor went away mid-answer (a closed tab, a cancelled preload): nothing failed here.
    const aborted =
      error instanceof Error &&
      ((error as { code?: unknown }).code === 'ECONNABORTED' ||
        error.message === 'Request aborted');
    if (aborted) logger.debug('request aborted by the client', { ...fields, err: undefined });
    else if (answer.status >= 500) logger.error('request failed', fields);
    else logger.debug('request refused', fields);
    if (res.headersSent) {
      // Too late for a clean answer; Express's default handler closes the connection.
      next(error);
      return;
    }
    // An error answer is about this request only: no browser or CDN may keep it.
    res.setHeader('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    res.status(answer.status).json(answer.body);
  };
}

/** For unknown /api paths: a JSON 404 instead of the SSR 404 page. */
export function apiNotFound(): RequestHandler {
  return (_req, res) => {
    res.status(404).setHeader('Cache-Control', 'no-store').json({ error: 'Not found' });
  };
}
