/** JSON request bodies: 100 kB at most, application/json only, parser errors as clear 4xx answers. */
import express, { type Request, type RequestHandler } from 'express';
import { bodyParserAnswer } from './errors';

/** The API's JSON bodies. */
export const JSON_BODY_BYTES = 100 * 1024;
/**
 * Plain HTML form posts (url-encoded, without JavaScript). The longest form, a provider
 * submission, takes 13,650 characters by its fields' maxLength; a character outside ASCII is
 * sent as up to 9 bytes (`%E6%97%A5`), so ~123 kB at most. At 20 kB a message of 2,300 Chinese
 * characters, within the contact form's 5,000, was refused.
 */
export const FORM_BODY_BYTES = 128 * 1024;
/**
 * Fields of one form post: the provider submission's ten texts, four medications and fifty
 * excluded states at most (at 20, excluding eight states was refused).
 */
export const FORM_FIELDS_MAX = 100;

/** The largest body the request's type may bring (forms' percent-encoding is longer). */
export function bodyLimitOf(req: Request): number {
  return req.is('application/x-www-form-urlencoded') ? FORM_BODY_BYTES : JSON_BODY_BYTES;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface BodyOptions {
  /**
   * Full paths (/api/admin/media) whose POST takes a multipart file upload: its route reads
   * and bounds the body itself (the capabilities' `uploadPaths`).
   */
  uploadPaths?: readonly string[];
}

/** The request's full path, without its query (routers mounted below / see a shorter req.path). */
export const pathOf = (req: Request): string => (req.originalUrl || req.url).split('?')[0] ?? '';

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  if (length !== undefined) return Number(length) > 0;
  return req.get('transfer-encoding') !== undefined;
}

/**
 * JSON bodies for the API: 415 for a body of another type (a file upload's path excepted),
 * then express.json with a 100 kB limit whose failures answer 400 'Malformed JSON body' / 413 here rather than as HTML.
 * Requests without a body (a bare POST to log out) pass through with req.body undefined.
 */
export function jsonBody(options: BodyOptions = {}): RequestHandler[] {
  const parse = express.json({ limit: JSON_BODY_BYTES, type: 'application/json' });
  const uploads = new Set(options.uploadPaths ?? []);
  const requireJson: RequestHandler = (req, res, next) => {
    // A file upload's multipart body passes unread: its route streams it with its own limit.
    if (uploads.has(pathOf(req)) && req.method === 'POST' && req.is('multipart/form-data')) {
      next();
      return;
    }
    if (BODY_METHODS.has(req.method) && hasBody(req) && !req.is('application/json')) {
      res.status(415).json({ error: 'Content-Type must be application/json' });
      return;
    }
    next();
  };
  const parseJson: RequestHandler = (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error === undefined || error === null) {
        next();
        return;
      }
      const answer = bodyParserAnswer(error);
      if (!answer) {
        next(error);
        return;
      }
      // A body refused part-way would otherwise be read to its end before the next request.
      if (answer.status === 413) res.setHeader('Connection', 'close');
      res.status(answer.status).json(answer.body);
    });
  };
  return [requireJson, parseJson];
}
