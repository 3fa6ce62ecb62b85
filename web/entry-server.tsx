/**
 * Server render of one request: a new QueryClient and router per call (never shared between
 * visitors), route loaders reading through the host's in-process ApiClient (the same paths the
 * browser GETs), queries dehydrated into the page, and the CSP nonce on every inline script the
 * router writes.
 */
import {
  RouterServer,
  createRequestHandler,
  renderRouterToStream,
} from '@tanstack/react-router/ssr/server';
import { rootRouteId } from '@tanstack/react-router';
import type { PageAssets, SsrRenderOptions } from '../api/contracts/ssr';
import { parseCalculatorSearch } from './features/calculator/search';
import { createQueryClient, createRouter } from './router';
import { DEFAULT_SITE_URL } from './lib/site';
import { importAfterFirstPaint } from './lib/after-first-paint';

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
 * The query parameters each public page reads (its route's validateSearch keys), for the host's
 * page cache. A page that starts reading search parameters adds its path here.
 */
const SEARCH_PARAMS_BY_PATH: Readonly<Record<string, readonly string[]>> = {
  // parseCalculatorSearch sets every key it knows, undefined included.
  '/calculator': Object.keys(parseCalculatorSearch({})),
  // The validateSearch keys of web/routes/{index,search,glp1-ai,reddit-posts,contact,add-provider,
  // blog/index}.tsx.
  '/': ['state', 'zip', 'sort', 'medication', 'newsletter'],
  '/compare': ['providers', 'state'],
  '/search': ['q'],
  '/glp1-ai': ['q'],
  '/reddit-posts': ['q', 'subreddit'],
  '/contact': ['status', 'fields'],
  '/add-provider': ['status', 'fields'],
  '/blog': ['page'],
};

export function searchParamsRead(pathname: string): readonly string[] {
  return SEARCH_PARAMS_BY_PATH[pathname.replace(/\/+$/, '') || '/'] ?? [];
}

/**
 * Renders the page for `request`. The response's status is 404 for unknown paths, its body a
 * stream of HTML; headers carry the content type only (the host adds caching and security).
 */
export async function render(options: SsrRenderOptions): Promise<Response> {
  const siteUrl = (options.siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, '');
  const handler = createRequestHandler({
    request: options.request,
    createRouter: () =>
      createRouter(
        { queryClient: createQueryClient(), api: options.api, siteUrl },
        { nonce: options.nonce },
      ),
    getRouterManifest: () => manifestFor(options.assets),
  });
  return handler(async ({ request, responseHeaders, router }) => {
    const rendered = await renderRouterToStream({
      request,
      responseHeaders,
      router,
      children: <RouterServer router={router} />,
    });
    const { response } = rendered;
    const status = response.status === 200 ? loaderStatus(router.state.matches) : null;
    return status === null
      ? rendered
      : {
          ...rendered,
          response: new Response(response.body, { status, headers: response.headers }),
        };
  });
}

/**
 * A 4xx a route's loader answered with `{ httpStatus }` (the router itself knows only 200, 404
 * and redirects): /compare refuses fewer than two or more than four providers with 400.
 */
function loaderStatus(matches: readonly { loaderData?: unknown }[]): number | null {
  for (const match of matches) {
    const data = match.loaderData;
    if (typeof data !== 'object' || data === null || !('httpStatus' in data)) continue;
    const status = data.httpStatus;
    if (typeof status === 'number' && status >= 400 && status < 500) return status;
  }
  return null;
}
