import {
  HeadContent,
  Outlet,
  Scripts,
  createRootRouteWithContext,
  rootRouteId,
} from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import type { RouterContext } from '../router-context';
import { SiteHeader } from '../components/layout/site-header';
import { SiteFooter } from '../components/layout/site-footer';
import { ScrollToTop } from '../components/layout/scroll-to-top';
import { NotFound } from '../components/not-found';
import { Toaster } from '../components/ui/toast';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, canonicalUrl, websiteJsonLd } from '../lib/site';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ matches, match }) => {
    const siteUrl = match.context.siteUrl;
    const leaf = matches[matches.length - 1];
    // Only the root matched (an unknown path), or a route's loader found nothing (an unknown
    // city): answered by a not-found page (404, noindex, no canonical).
    const notFound =
      !leaf || leaf.routeId === rootRouteId || matches.some((m) => m.status === 'notFound');
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { title: DEFAULT_TITLE },
        { name: 'description', content: DEFAULT_DESCRIPTION },
        { name: 'theme-color', content: '#0f766e' },
        ...(notFound ? [{ name: 'robots', content: 'noindex' }] : []),
        { 'script:ld+json': websiteJsonLd(siteUrl) },
      ],
      // One canonical per page: the current path on the public origin, without the query string.
      links: notFound ? [] : [{ rel: 'canonical', href: canonicalUrl(siteUrl, leaf.pathname) }],
    };
  },
  component: RootDocument,
  notFoundComponent: NotFound,
});

function RootDocument() {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* A Provider without a store prop makes its own: one per request on the server. */}
        <JotaiProvider>
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
          >
            Skip to content
          </a>
          <SiteHeader />
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            <Outlet />
          </main>
          <SiteFooter />
          <ScrollToTop />
          <Toaster />
        </JotaiProvider>
        <Scripts />
      </body>
    </html>
  );
}
