/**
 * Server render of one request: a new QueryClient and router per call (never shared between
 * visitors), route loaders reading through the host's in-process ApiClient (the same paths the
 * browser GETs), queries dehydrated into the page, and the CSP nonce on every inline script the
 * router writes.
 */
import {
  RouterServer,
  createRequestHandler,
  getSsrStatus,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server';
import { rootRouteId, type AnyRouter } from '@tanstack/react-router';
import { renderToPipeableStream, renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/contracts/http';
import {
  INCOMPLETE_PAGE_HEADER,
  searchKeysOf,
  type PageAssets,
  type RenderedHtml,
  type SearchParamsByPath,
  type SsrRenderOptions,
} from '../api/contracts/ssr';
import { searchKeysByPath } from './route-guards';
import { routeTree } from './routeTree.gen';
import { createQueryClient, createRouter } from './router';
import { DEFAULT_SITE_URL } from './lib/site';
import { importAfterFirstPaint } from './lib/after-first-paint';
import { ErrorDocument } from './components/error-page';

export type { PageAssets, SsrRenderOptions as RenderOptions };

type ServerManifest = Awaited<
  ReturnType<NonNullable<Parameters<typeof createRequestHandler>[0]['getRouterManifest']>>
>;

/**
 * The router's asset manifest: the entry script, its stylesheets and shared chunks on the root
 * route; each route's own chunks on that route, so a page preloads only the routes it matched.
 */
function manifestFor(assets: PageAssets): ServerManifest {
  const routes: ServerManifest['routes'] = {};
  for (const [routeId, links] of Object.entries(assets.routes ?? {})) {
    routes[routeId] = { css: links.styles, preloads: links.preloads };
  }
  routes[rootRouteId] = {
    css: assets.styles,
    preloads: assets.preloads ?? [],
    scripts: assets.scriptsAfterFirstPaint
      ? [{ attrs: {}, children: importAfterFirstPaint(assets.scripts) }]
      : assets.scripts.map((src) => ({ attrs: { type: 'module', src } })),
  };
  return { routes };
}

/**
 * The query parameters each page reads, from its routes' validateSearch (web/route-guards.ts):
 * the host's page cache keys a page by these and ignores the rest (utm_*, typos).
 */
export const searchParamsByPath: SearchParamsByPath = searchKeysByPath(routeTree);

export function searchParamsRead(pathname: string): readonly string[] {
  return searchKeysOf(searchParamsByPath, pathname);
}

const DOCTYPE = '<!DOCTYPE html>';

/**
 * The page React renders, as one string once all of it is ready. Piped into a sink that only
 * decodes what React writes: a web ReadableStream cost ~1 ms more a page in its own machinery
 * (readers, byte controllers, a promise per 4 KB chunk). The sink is the part of a Node
 * Writable that React's pipe uses (write, end, destroy, on).
 */
function renderToHtmlString(
  children: ReactNode,
  options: { signal: AbortSignal; nonce?: string; onError: (error: unknown) => void },
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const decoder = new TextDecoder();
    let html = '';
    const sink = {
      // Long strings come as they are; the rest in 4 KB views of whole characters.
      write(chunk: Uint8Array | string) {
        html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
        return true;
      },
      end() {
        options.signal.removeEventListener('abort', onAbort);
        resolve(html + decoder.decode());
      },
      destroy(error: unknown) {
        options.signal.removeEventListener('abort', onAbort);
        reject(error);
      },
      on() {
        return sink;
      },
    };
    const { pipe, abort } = renderToPipeableStream(children, {
      ...(options.nonce ? { nonce: options.nonce } : {}),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => pipe(sink as unknown as NodeJS.WritableStream),
      onShellError: (error) => {
        options.signal.removeEventListener('abort', onAbort);
        reject(error);
      },
      onError: (error) => {
        if (!options.signal.aborted) options.onError(error);
      },
    });
    const onAbort = () => {
      abort(options.signal.reason);
      reject(options.signal.reason);
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Where React marks a Suspense boundary it could not render on the server (a component threw
 * or suspended inside it): the page then needs the streaming render, which waits for what
 * suspended and reports what threw.
 */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The page by React's synchronous renderer, when it completes: every loader has run and its
 * data is in the query cache before the render, so a page normally renders in one pass, and
 * this renderer builds the HTML as strings (the streaming one encodes each piece to UTF-8 and
 * it is decoded again: ~2.5 ms of a 150 KB page). Null when a boundary fell back to the
 * client, or the render threw: the streaming render then does it again and reports.
 */
function renderedAtOnce(children: ReactNode): string | null {
  let html: string;
  try {
    html = renderToString(children);
  } catch {
    return null;
  }
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? null : html;
}

/**
 * TanStack's renderRouterToStream, rendered to the end before the router's scripts are put in
 * (the host reads the whole page before answering anyway): React's page is read as one
 * string and handed to transformHtmlStringWithRouter, which adds the hydration scripts to it
 * in one pass (the streaming transform re-read every chunk, ~3 ms of a 120 KB page). React's
 * errors go to `onError` instead of being printed as a plain-text stack (the host logs them as
 * JSON lines).
 */
async function renderRouterToHtml(options: {
  request: Request;
  router: AnyRouter;
  children: ReactNode;
  onError: (error: unknown) => void;
}): Promise<string> {
  const { request, router, children } = options;
  const signal = request.signal;
  signal.throwIfAborted();
  let tornDown = false;
  const nonce = router.options.ssr?.nonce;
  const streamed = () =>
    renderToHtmlString(children, {
      signal,
      ...(nonce ? { nonce } : {}),
      onError: (error) => {
        if (!tornDown) options.onError(error);
      },
    });
  const html = (nonce ? null : renderedAtOnce(children)) ?? (await streamed());
  // React writes the doctype before <html>, and the transform writes its own.
  const document = html.startsWith(DOCTYPE) ? html.slice(DOCTYPE.length) : html;
  return transformHtmlStringWithRouter(router, document, {
    signal,
    onAbort: () => {
      tornDown = true;
    },
  });
}

/**
 * Renders the page for `request`. Its status is 404 for unknown paths, 500 when a loader or a
 * component failed (the site's error page, never cached: see api/ssr/cache-control.ts), else a
 * loader's 4xx or 200; its body the whole HTML; headers carry the content type only (the host
 * adds caching and security).
 */
export async function render(options: SsrRenderOptions): Promise<Response> {
  const page = await renderHtml(options);
  return new Response(page.html, { status: page.status, headers: page.headers });
}

/** `render`'s page as data: what the SSR host uses (api/ssr/render-page.ts). */
export async function renderHtml(options: SsrRenderOptions): Promise<RenderedHtml> {
  const siteUrl = (options.siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
  let failed = false;
  const onError = (error: unknown) => {
    failed = true;
    options.onError?.(error);
  };
  // A read that failed (not a 4xx: 'not found' is an answer) may be hidden by its query's
  // fallback (an empty list): the page then shows, but is not kept.
  let readFailed = false;
  const api: ApiClient = {
    get: <T,>(path: string, init?: { signal?: AbortSignal }) =>
      options.api.get<T>(path, init).catch((error: unknown) => {
        const status = (error as { status?: unknown } | null)?.status;
        if (!(typeof status === 'number' && status >= 400 && status < 500)) readFailed = true;
        throw error;
      }),
  };
  const handler = createRequestHandler({
    request: options.request,
    createRouter: () =>
      createRouter({ queryClient: createQueryClient(), api, siteUrl }, { nonce: options.nonce }),
    getRouterManifest: () => manifestFor(options.assets),
  });
  let matches: readonly RenderedMatch[] = [];
  let html: string | null = null;
  try {
    const response = await handler(async ({ request, responseHeaders, router }) => {
      // Read to the end: a component may fail anywhere in the page, and the status says so.
      html = await renderRouterToHtml({
        request,
        router,
        children: <RouterServer router={router} />,
        onError,
      });
      matches = router.state.matches;
      return new Response(null, { status: getSsrStatus(router), headers: responseHeaders });
    });
    const status =
      response.status === 200 || response.status === 500
        ? (pageStatus(matches, failed) ?? response.status)
        : canonicalSearchRedirect(options.request.url, response)
          ? 301
          : response.status;
    const headers = new Headers(response.headers);
    if (readFailed) headers.set(INCOMPLETE_PAGE_HEADER, '1');
    return { status, headers, html: response.status === 304 ? null : html };
  } catch (error) {
    // The visitor went away: nothing to answer.
    if (options.request.signal.aborted) throw error;
    // The page's layout itself failed: the error page on its own, still the site's look.
    onError(error);
    const url = new URL(options.request.url);
    const markup = renderToStaticMarkup(
      <ErrorDocument retryHref={url.pathname + url.search} styles={options.assets.styles} />,
    );
    return {
      status: 500,
      headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8' }),
      html: `<!DOCTYPE html>${markup}`,
    };
  }
}

/**
 * The router's 307 to the same path with its canonical query (a refused or differently spelled
 * search value dropped or normalised: ?sort=zzz -> /, ?sort=PRICE -> ?sort=price): that address
 * is permanent, so it is a 301 (search engines keep one URL). Loaders' own redirects go to
 * other paths and keep their status.
 */
function canonicalSearchRedirect(requestUrl: string, response: Response): boolean {
  const location = response.headers.get('Location');
  if (response.status !== 307 || !location) return false;
  const from = new URL(requestUrl);
  const to = new URL(location, from);
  return to.origin === from.origin && to.pathname === from.pathname && to.search !== from.search;
}

/** What the status is read from: each matched route's outcome. */
interface RenderedMatch {
  status?: string;
  error?: unknown;
  loaderData?: unknown;
}

/**
 * 500 when a route failed (its loader threw: the error page shows) or a component threw while
 * rendering; else a 4xx a route's loader answered with `{ httpStatus }` (the router itself knows
 * only 200, 404 and redirects): /compare refuses fewer than two or more than four providers
 * with 400.
 */
function pageStatus(matches: readonly RenderedMatch[], renderFailed: boolean): number | null {
  if (renderFailed || matches.some((match) => match.status === 'error')) return 500;
  return loaderStatus(matches);
}

/** A 4xx a route's loader answered with `{ httpStatus }`. */
function loaderStatus(matches: readonly { loaderData?: unknown }[]): number | null {
  for (const match of matches) {
    const data = match.loaderData;
    if (typeof data !== 'object' || data === null || !('httpStatus' in data)) continue;
    const status = data.httpStatus;
    if (typeof status === 'number' && status >= 400 && status < 500) return status;
  }
  return null;
}
