/**
 * The hashed files of the client build (dist/client/assets), read into memory at start with
 * the brotli and gzip copies the build wrote next to them (`<file>.br`, `<file>.gz`). Each
 * answer is the encoding the client accepts, as is: nothing is compressed per request.
 * Hashed names never change content: `immutable`, a year.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import { IMMUTABLE_ASSET_CACHE } from './cache-control';
import { etagMatches, negotiateEncoding } from './page-answer';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export interface StaticAssets {
  /** Answers GET/HEAD of a known file under the mount; false when there is no such file. */
  serve(req: Request, res: Response): boolean;
  readonly files: number;
}

export function loadStaticAssets(dir: string): StaticAssets {
  const assets = new Map<string, Asset>();
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    // No client build yet: every asset is a 404 (the SSR host fails earlier without one).
  }
  const present = new Set(names);
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const identity = readFileSync(path.join(dir, name));
    const asset: Asset = {
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      // The hash in the name is the content's: a fine validator.
      etag: `"${name}"`,
      identity,
    };
    if (present.has(`${name}.br`)) asset.br = readFileSync(path.join(dir, `${name}.br`));
    if (present.has(`${name}.gz`)) asset.gzip = readFileSync(path.join(dir, `${name}.gz`));
    assets.set(`/${name}`, asset);
  }

  return {
    files: assets.size,
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const asset = assets.get(req.path);
      if (!asset) return false;
      const compressible = asset.br !== undefined || asset.gzip !== undefined;
      res.setHeader('Cache-Control', IMMUTABLE_ASSET_CACHE);
      res.setHeader('Content-Type', asset.type);
      res.setHeader('ETag', asset.etag);
      if (compressible) res.setHeader('Vary', 'Accept-Encoding');
      if (etagMatches(req.headers['if-none-match'], asset.etag)) {
        res.status(304).end();
        return true;
      }
      const wanted = compressible ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
      const body =
        wanted === 'br' && asset.br
          ? asset.br
          : wanted === 'gzip' && asset.gzip
            ? asset.gzip
            : asset.identity;
      if (body !== asset.identity) {
        res.setHeader('Content-Encoding', body === asset.br ? 'br' : 'gzip');
      }
      res.setHeader('Content-Length', body.length);
      res.status(200);
      if (req.method === 'HEAD') res.end();
      else res.end(body);
      return true;
    },
  };
}
