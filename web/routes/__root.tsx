import {
  Asset,
  Outlet,
  Scripts,
  createRootRouteWithContext,
  rootRouteId,
  useRouter,
  useRouterState,
  useTags,
} from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
// The Latin file of the self-hosted font (web/styles.css), preloaded: the one every page uses.
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { RouterContext } from '../router-context';
import { SiteHeader } from '../components/layout/site-header';
import { SiteFooter } from '../components/layout/site-footer';
import { ScrollToTop } from '../components/layout/scroll-to-top';
import { SkipToMain } from '../components/layout/skip-link';
import { BackOfficeFrame } from '../components/layout/back-office-frame';
import { pageChrome, type PageChrome } from '../components/layout/page-chrome';
import { NotFound } from '../components/not-found';
import { ERROR_PAGE_TITLE } from '../components/error-page';
import { Toaster } from '../components/ui/toast';
import { seoOverridesQuery } from '../features/site-content/api/seo-overrides';
import { applySeoOverride, seoOverrideFor } from '../features/site-content/seo-head';
import {
  DEFAULT_DESCRIPTION,
  DEFAULT_TITLE,
  SITE_NAME,
  nestedBreadcrumbJsonLd,
  canonicalUrl,
  organizationJsonLd,
  websiteJsonLd,
} from '../lib/site';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The administrators' SEO overrides (one small list), applied by SiteHeadContent.
  loader: ({ context }) => context.queryClient.ensureQueryData(seoOverridesQuery(context.api)),
  head: ({ matches, match }) => {
    const siteUrl = match.context.siteUrl;
    const leaf = matches[matches.length - 1];
    // Only the root matched (an unknown path), or a route's loader found nothing (an unknown
    // city): answered by a not-found page (404, noindex, no canonical).
    const notFound =
      !leaf || leaf.routeId === rootRouteId || matches.some((m) => m.status === 'notFound');
    // A route failed: the site's error page (500, noindex, no canonical).
    const failed = matches.some((m) => m.status === 'error');
    const unlisted = notFound || failed;
    // A page may name another canonical address (a blog post's override): its loader returns
    // { canonicalUrl }.
    const own = (leaf?.loaderData as { canonicalUrl?: unknown } | undefined)?.canonicalUrl;
    const canonical = unlisted
      ? null
      : typeof own === 'string'
        ? own
        : canonicalUrl(siteUrl, leaf.pathname);
    // Nested public pages (/a/b) get a BreadcrumbList: Home, then each segment's page.
    const segments = unlisted ? [] : leaf.pathname.split('/').filter(Boolean);
    const nested =
      segments.length > 1 &&
      segments[0] !== 'admin' &&
      !matches.some((m) => m.staticData.ownBreadcrumbs === true);
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        {
          title: failed
            ? `${ERROR_PAGE_TITLE} | ${SITE_NAME}`
            : notFound
              ? `Page not found | ${SITE_NAME}`
              : DEFAULT_TITLE,
        },
        { name: 'description', content: DEFAULT_DESCRIPTION },
        { name: 'theme-color', content: '#0f766e' },
        { property: 'og:site_name', content: SITE_NAME },
        { property: 'og:type', content: 'website' },
        { property: 'og:image', content: `${siteUrl.replace(/\/+$/, '')}/icons/icon-512.png` },
        ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
        ...(unlisted ? [{ name: 'robots', content: 'noindex' }] : []),
        { 'script:ld+json': websiteJsonLd(siteUrl) },
        { 'script:ld+json': organizationJsonLd(siteUrl) },
        ...(nested
          ? [
              {
                'script:ld+json': nestedBreadcrumbJsonLd(
                  siteUrl,
                  segments.map((segment, i) => ({
                    name: decodeURIComponent(segment).replace(/-/g, ' '),
                    path: `/${segments.slice(0, i + 1).join('/')}`,
                  })),
                ),
              },
            ]
          : []),
      ],
      // zod (validation shared with the API) probes `new Function` unless told not to; the CSP
      // forbids eval. Set before any module runs, so no schema ever asks.
      scripts: [{ children: 'globalThis.__zod_globalConfig={jitless:true}' }],
      links: [
        {
          rel: 'preload',
          href: interLatin,
          as: 'font',
          type: 'font/woff2',
          crossOrigin: 'anonymous',
        },
        // One canonical per page: the current path on the public origin, without the query string.
        ...(canonical ? [{ rel: 'canonical', href: canonical }] : []),
        { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
        { rel: 'manifest', href: '/manifest.webmanifest' },
      ],
    };
  },
  component: RootDocument,
  notFoundComponent: NotFound,
});

function RootDocument() {
  // The public site's header and footer, or the back office's own frame (see PageChrome).
  const chrome = useRouterState({
    select: (state) =>
      pageChrome(
        state.matches.map((m) => m.routeId),
        state.location.pathname,
        state.matches[0]?._notFound === true,
      ),
  });
  return (
    <html lang="en">
      <head>
        <SiteHeadContent />
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* A Provider without a store prop makes its own: one per request on the server. */}
        <JotaiProvider>
          <PageFrame chrome={chrome} />
          <Toaster />
        </JotaiProvider>
        <Scripts />
      </body>
    </html>
  );
}

function PageFrame({ chrome }: { chrome: PageChrome }) {
  // The signed-in admin layout draws its header, navigation and <main> itself.
  if (chrome === 'back-office') return <Outlet />;
  if (chrome === 'back-office-plain') {
    return (
      <BackOfficeFrame>
        <Outlet />
      </BackOfficeFrame>
    );
  }
  return (
    <>
      <SkipToMain />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollToTop />
    </>
  );
}

/** TanStack's HeadContent, with the current page's SEO override (if any) over its tags. */
function SiteHeadContent() {
  const router = useRouter();
  const { api } = Route.useRouteContext();
  const overrides = useQuery(seoOverridesQuery(api)).data ?? [];
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tags = applySeoOverride(useTags(), seoOverrideFor(overrides, pathname));
  const nonce = router.options.ssr?.nonce;
  return (
    <>
      {tags.map((tag) => (
        <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} nonce={nonce} />
      ))}
    </>
  );
}
