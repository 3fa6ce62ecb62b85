import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { HttpError } from './errors';

export const INVALID_REQUEST_MESSAGE = 'Invalid request';
/** Key used for problems with the body as a whole (e.g. an array where an object is expected). */
export const ROOT_FIELD = '_root';

/** A 400 with one message per field; the error handler turns it into { error, fields }. */
export class RequestValidationError extends HttpError {
  override name = 'RequestValidationError';
  constructor(fields: Record<string, string>) {
    super(400, INVALID_REQUEST_MESSAGE, fields);
  }
}

/** zod issues -> { 'path.to.field': first message }. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : ROOT_FIELD;
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses a value or throws a RequestValidationError (400). */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new RequestValidationError(zodFieldErrors(result.error));
  return result.data;
}

/** Parses the JSON body; a missing body counts as {} so that each required field gets its message. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseOrThrow(schema, req.body ?? {});
}

/** Middleware form: replaces req.body with the parsed (trimmed, defaulted) value or answers 400. */
export function validate<S extends z.ZodType>(schema: S): RequestHandler {
  return (req, res, next) => {
    const result = schema.safeParse(req.body ?? {});
    if (!result.success) {
      res
        .status(400)
        .json({ error: INVALID_REQUEST_MESSAGE, fields: zodFieldErrors(result.error) });
      return;
    }
    req.body = result.data;
    next();
  };
}
