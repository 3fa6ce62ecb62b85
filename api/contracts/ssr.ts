/** The contract between the SSR host (api/ssr) and the web app's server entry. */
import type { ApiClient } from './http';

/** The chunks and stylesheets one route adds to the entry's (production builds). */
export interface RouteAssetLinks {
  preloads: string[];
  styles: string[];
}

/** The browser assets of a page: module scripts, stylesheets and modules to preload. */
export interface PageAssets {
  scripts: string[];
  styles: string[];
  preloads?: string[];
  /** Per route id: its own chunks, preloaded only on pages that match the route. */
  routes?: Record<string, RouteAssetLinks>;
  /**
   * Import `scripts` once the page has painted its content (production) instead of linking them
   * as `<script type="module">`: the app's JavaScript then does not share the connection with
   * the HTML, stylesheet and font the first paint waits for (see web/lib/after-first-paint.ts).
   */
  scriptsAfterFirstPaint?: boolean;
}

/** What the SSR host passes to web/entry-server.tsx `render` for one request. */
export interface SsrRenderOptions {
  /** The visitor's request; its `signal` aborts rendering when the client goes away. */
  request: Request;
  /** In-process public reads for the route loaders. */
  api: ApiClient;
  /**
   * A CSP nonce to put on every inline script. The SSR host passes none: its pages' CSP allows
   * their inline scripts by hash (api/ssr/page-answer.ts), so a page's bytes are the same for
   * every visitor and can be cached as they are.
   */
  nonce?: string;
  assets: PageAssets;
  /** Public origin for canonical links and structured data; default http://localhost:3000. */
  siteUrl?: string;
  /**
   * Told of each error thrown while rendering (a component that failed): the page is then
   * answered 500. The host logs them (one JSON line each); the entry prints nothing itself.
   */
  onError?: (error: unknown) => void;
}

/**
 * A response header the entry sets on a page rendered while one of its reads failed (the page
 * shows its fallback, e.g. an empty list): the host answers it no-store and never keeps it, then
 * drops the header.
 */
export const INCOMPLETE_PAGE_HEADER = 'x-page-incomplete';

/** A rendered page as data: what the host sends on (no Response to encode and decode again). */
export interface RenderedHtml {
  status: number;
  headers: Headers;
  /** Null when the answer has no body (a redirect). */
  html: string | null;
}

/** The module web/entry-server.tsx (dev: through Vite; production: dist/ssr/entry-server.js). */
export interface SsrEntry {
  render(options: SsrRenderOptions): Promise<Response>;
  /** The same page as data: what the host renders with. */
  renderHtml(options: SsrRenderOptions): Promise<RenderedHtml>;
  /**
   * The query parameters the page at `pathname` reads (its route's validateSearch keys). The
   * page cache keys pages by path plus these, and renders with these only: a parameter a page
   * reads but does not declare here would be dropped from its server render.
   */
  searchParamsRead(pathname: string): readonly string[];
  /**
   * The same, as data: each page path (or pattern: '/near/$citySlug') with the parameters it
   * reads. The page render thread hands it to the host, which then answers `searchParamsRead`
   * with `searchKeysOf` without loading the entry itself.
   */
  searchParamsByPath: SearchParamsByPath;
}

/** Page paths and path patterns with the search parameters their routes read. */
export type SearchParamsByPath = Readonly<Record<string, readonly string[]>>;

/**
 * The search parameters of the page at `pathname`: its own entry in `byPath`, else the entry of
 * a pattern whose `$param` segments each match one non-empty segment ('/near/$citySlug' for
 * '/near/dallas-tx'); [] when none. A trailing slash is ignored.
 */
export function searchKeysOf(byPath: SearchParamsByPath, pathname: string): readonly string[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  // Own keys only: a path is the visitor's string.
  if (Object.hasOwn(byPath, path)) return byPath[path] ?? [];
  const segments = path.split('/');
  for (const [pattern, keys] of Object.entries(byPath)) {
    if (!pattern.includes('$')) continue;
    const want = pattern.split('/');
    if (
      want.length === segments.length &&
      want.every((part, i) => (part.startsWith('$') ? segments[i] !== '' : part === segments[i]))
    ) {
      return keys;
    }
  }
  return [];
}
