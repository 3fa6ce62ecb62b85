/**
 * Compression of dynamic answers (API JSON, the sitemap, CSV exports...): a body sent whole
 * with res.end / res.send / res.json, of a text type and at least `threshold` bytes, goes out
 * in brotli or gzip, whichever the client prefers (api/ssr/page-answer.ts negotiates). Answers
 * that already carry a Content-Encoding (pages and hashed assets, compressed once and kept)
 * and streamed answers (res.write) pass untouched. Small on purpose: no streaming compression.
 */
import type { RequestHandler, Response } from 'express';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiateEncoding } from '../ssr/page-answer';

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|ld\+json|manifest\+json|problem\+json)|image\/svg\+xml)/i;

/** Per answer, compressed while the client waits: fast settings. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

function appendVary(res: Response): void {
  const vary = res.getHeader('Vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) {
    res.setHeader('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
  }
}

export function compressAnswers(options: { threshold?: number } = {}): RequestHandler {
  const threshold = options.threshold ?? 1024;
  return (req, res, next) => {
    let streamed = false;
    const write = res.write;
    // write's and end's overloads cannot be restated one by one; arguments pass through.
    res.write = function (this: Response, ...args: unknown[]) {
      streamed = true;
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as Response['write'];
    const end = res.end;
    res.end = function (this: Response, ...args: unknown[]) {
      const [chunk, encodingOrCallback] = args;
      const type = String(this.getHeader('Content-Type') ?? '');
      const eligible =
        !streamed &&
        !this.headersSent &&
        (typeof chunk === 'string' || Buffer.isBuffer(chunk)) &&
        this.getHeader('Content-Encoding') === undefined &&
        this.statusCode !== 204 &&
        this.statusCode !== 304 &&
        COMPRESSIBLE.test(type);
      if (eligible) {
        const body =
          typeof chunk === 'string'
            ? Buffer.from(
                chunk,
                typeof encodingOrCallback === 'string'
                  ? (encodingOrCallback as BufferEncoding) // Node's end(chunk, encoding) form
                  : 'utf8',
              )
            : (chunk as Buffer);
        if (body.length >= threshold) {
          appendVary(this);
          const encoding = negotiateEncoding(req.headers['accept-encoding']);
          if (encoding !== 'identity') {
            const compressed =
              encoding === 'br'
                ? brotliCompressSync(body, {
                    params: {
                      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                    },
                  })
                : gzipSync(body, { level: GZIP_LEVEL });
            this.setHeader('Content-Encoding', encoding);
            this.setHeader('Content-Length', compressed.length);
            const callback = args.find((a) => typeof a === 'function');
            return (end as (...a: unknown[]) => Response).apply(
              this,
              callback ? [compressed, callback] : [compressed],
            );
          }
        }
      }
      return (end as (...a: unknown[]) => Response).apply(this, args);
    } as Response['end'];
    next();
  };
}
