import { QueryClient } from '@tanstack/react-query';
import { createRouter as createTanStackRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { routeTree } from './routeTree.gen';
import type { RouterContext } from './router-context';
import { NotFound } from './components/not-found';
import { ErrorPage } from './components/error-page';
import { guardRouteTree } from './route-guards';

// Refused search values dropped, failed routes' heads quiet: see route-guards.ts.
guardRouteTree(routeTree);

/** A QueryClient with defaults fit for SSR: data rendered on the server is not refetched at once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * One router per request on the server, one per page load in the browser. `nonce` is the
 * request's CSP nonce: the router puts it on every inline script it renders.
 */
export function createRouter(context: RouterContext, options: { nonce?: string } = {}) {
  const router = createTanStackRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders only prefetch into the QueryClient; its staleTime decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    // A route whose loader or component fails shows the site's error page (answered 500).
    defaultErrorComponent: ErrorPage,
    ...(options.nonce ? { ssr: { nonce: options.nonce } } : {}),
    // The browser learns the public origin the server rendered with, so canonical links and
    // structured data hydrate identically.
    dehydrate: () => ({ siteUrl: context.siteUrl }),
    hydrate: (dehydrated: { siteUrl: string }) => {
      router.update({ context: { ...router.options.context, siteUrl: dehydrated.siteUrl } });
    },
  });
  setupRouterSsrQueryIntegration({ router, queryClient: context.queryClient });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createRouter>;
  }
}
