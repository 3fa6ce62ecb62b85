/**
 * A rendered page as it goes on the wire: its HTML with the hashes of its inline scripts (for
 * the CSP), its ETag, and its body compressed with brotli and gzip (made once, on first need,
 * and kept with the page, so a cached page is never compressed twice). Also the negotiation of
 * Accept-Encoding and If-None-Match, shared by the Express path and the fast path.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface PageBytes {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** A weak validator: the same for every encoding of the same HTML. */
  etag: string;
}

/**
 * How hard a page is compressed. A kept page is compressed once and sent many times: brotli 5
 * (72 kB of HTML in ~0.9 ms, within ~10 % of 11's size), gzip 6. A page sent only to the
 * requests that shared its render (PAGE_CACHE=off, an admin page) is compressed per render:
 * brotli 3 (~0.3 ms, ~13 % larger than 5), gzip 1.
 */
export type Effort = 'kept' | 'per-render';
const BROTLI_QUALITY: Record<Effort, number> = { kept: 5, 'per-render': 3 };
const GZIP_LEVEL: Record<Effort, number> = { kept: 6, 'per-render': 1 };

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE =
  /\btype\s*=\s*["']?(?!module\b|text\/javascript\b|application\/javascript\b)[^"'\s>]+/i;

/**
 * The CSP sources ('sha256-…') of the executable inline scripts of `html`: every <script>
 * without src whose type is absent or JavaScript (JSON-LD and other data blocks are not run,
 * so the CSP does not apply to them).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attrs = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs) || DATA_TYPE.test(attrs)) continue;
    const digest = createHash('sha256')
      .update(match[2] ?? '', 'utf8')
      .digest('base64');
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

export function pageBytes(html: string): PageBytes {
  const identity = Buffer.from(html, 'utf8');
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
  return { identity, etag };
}

/**
 * The body in `encoding`, compressing it now with `effort` (and keeping the result with the
 * page) when not yet done.
 */
export function bodyIn(bytes: PageBytes, encoding: Encoding, effort: Effort): Buffer {
  if (encoding === 'br') {
    bytes.br ??= brotliCompressSync(bytes.identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.identity.length,
      },
    });
    return bytes.br;
  }
  if (encoding === 'gzip') {
    bytes.gzip ??= gzipSync(bytes.identity, { level: GZIP_LEVEL[effort] });
    return bytes.gzip;
  }
  return bytes.identity;
}

/**
 * The encoding to answer with: brotli when accepted, else gzip, else none. Reads q-values
 * (`br;q=0` refuses brotli); `*` stands for any encoding not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br: number | undefined;
  let gzip: number | undefined;
  let star: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.trim().split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value);
    }
    if (!Number.isFinite(q)) q = 0;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') star = q;
  }
  const brQ = br ?? star ?? 0;
  const gzipQ = gzip ?? star ?? 0;
  if (brQ > 0 && brQ >= gzipQ) return 'br';
  if (gzipQ > 0) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
