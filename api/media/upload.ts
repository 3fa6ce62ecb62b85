/**
 * Reading one multipart upload (busboy: the streaming parser Multer is built on, small and
 * maintained; we need no disk storage or field mapping, only a bounded stream). The declared
 * Content-Length is checked first, so an oversized upload is answered 413 without being read;
 * a body without one is cut off at the limit (busboy's fileSize limit).
 */
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { MEDIA_MESSAGES, tooLargeMessage } from '../../domain/media/rules';
import { HttpError } from '../http/errors';
import { MEDIA_ALT_FIELD, MEDIA_UPLOAD_FIELD } from './contracts';

/** Room for the multipart boundaries and the alt field around the file in Content-Length. */
const MULTIPART_OVERHEAD = 16 * 1024;

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  alt: string | undefined;
}

/** Ends the answer early: the rest of the body is not read, so the connection cannot be reused. */
function refuseEarly(res: Response, error: HttpError): HttpError {
  res.setHeader('Connection', 'close');
  return error;
}

export function readUpload(req: Request, res: Response, maxBytes: number): Promise<UploadedFile> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(
      new HttpError(
        415,
        `Send the image as multipart/form-data in the field '${MEDIA_UPLOAD_FIELD}'.`,
      ),
    );
  }
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
    const message = tooLargeMessage(declared, maxBytes);
    return Promise.reject(refuseEarly(res, new HttpError(413, message, { file: message })));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: maxBytes, fields: 4, fieldSize: 4096, parts: 6 },
      });
    } catch {
      reject(new HttpError(400, 'The upload could not be read (no multipart boundary).'));
      return;
    }
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      reject(error);
    };
    let file: { fileName: string; chunks: Buffer[] } | null = null;
    let alt: string | undefined;
    let extraFiles = false;
    parser.on('file', (field, stream, info) => {
      if (field !== MEDIA_UPLOAD_FIELD || file !== null) {
        extraFiles = true;
        stream.resume();
        return;
      }
      const current = { fileName: info.filename ?? '', chunks: [] as Buffer[] };
      file = current;
      stream.on('data', (chunk: Buffer) => current.chunks.push(chunk));
      stream.on('limit', () => {
        const message = tooLargeMessage(null, maxBytes);
        fail(refuseEarly(res, new HttpError(413, message, { file: message })));
      });
    });
    parser.on('field', (field, value) => {
      if (field === MEDIA_ALT_FIELD) alt = value;
    });
    parser.on('filesLimit', () => {
      extraFiles = true;
    });
    parser.on('error', () => {
      fail(new HttpError(400, 'The upload could not be read: it ended too early or is malformed.'));
    });
    parser.on('close', () => {
      if (settled) return;
      if (extraFiles) {
        fail(new HttpError(400, MEDIA_MESSAGES.oneFile, { file: MEDIA_MESSAGES.oneFile }));
        return;
      }
      const uploaded: { fileName: string; chunks: Buffer[] } | null = file;
      if (uploaded === null || uploaded.chunks.length === 0) {
        fail(new HttpError(400, MEDIA_MESSAGES.noFile, { file: MEDIA_MESSAGES.noFile }));
        return;
      }
      settled = true;
      resolve({ fileName: uploaded.fileName, bytes: Buffer.concat(uploaded.chunks), alt });
    });
    req.on('aborted', () => fail(new HttpError(400, 'The upload was interrupted.')));
    req.pipe(parser);
  });
}
