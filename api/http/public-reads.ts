/**
 * The capabilities' public JSON reads, once (the query string's values join the path's
 * parameters, which win): served as GET routes (anonymous, cacheable for a
 * minute) and answered in process for server rendering (the same path gives the same data
 * however a page was loaded).
 */
import express from 'express';
import type { ApiClient } from '../contracts/http';
import { HttpError } from './errors';

export interface PublicReadRoute {
  path: string;
  /** A signed link's data: no-store (and kept by no cache). */
  private?: boolean;
  read(params: Record<string, string>): Promise<unknown>;
}

/** Matches '/api/posts/:slug' against a path; the parameters, or null. */
function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] ?? '';
    const value = got[i] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) return null;
  }
  return params;
}

export function publicReadRoutes(reads: readonly PublicReadRoute[]): express.Router {
  const router = express.Router();
  for (const { path, read, private: isPrivate } of reads) {
    router.get(path, async (req, res) => {
      res.setHeader('Cache-Control', isPrivate ? 'no-store' : 'public, max-age=60');
      const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
      res.json(
        await read({ ...Object.fromEntries(query), ...(req.params as Record<string, string>) }),
      );
    });
  }
  return router;
}

/** The ApiClient the route loaders use during server rendering: no HTTP, the same reads. */
export function createInProcessApiClient(reads: readonly PublicReadRoute[]): ApiClient {
  return {
    async get<T>(path: string) {
      const [pathname = path, search = ''] = path.split('?');
      for (const route of reads) {
        const params = match(route.path, pathname);
        if (params) {
          const query = Object.fromEntries(new URLSearchParams(search));
          // A copy, as the HTTP answer would be: the page may not change the read model's data.
          return structuredClone(await route.read({ ...query, ...params })) as T;
        }
      }
      throw new HttpError(404, `No public read at ${pathname}`);
    },
  };
}
