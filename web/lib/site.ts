/** Site-wide names and defaults used by the layout and page metadata. */
import { breadcrumbJsonLd } from '../../domain/shared/breadcrumbs';

export const SITE_NAME = 'VialCompare';
export const DEFAULT_SITE_URL = 'http://localhost:3000';
export const DEFAULT_TITLE = 'VialCompare: Compare GLP-1 Weight Loss Providers';
export const DEFAULT_DESCRIPTION =
  'Free, unbiased comparison of online GLP-1 providers for semaglutide and tirzepatide: prices, Vial Scores, state coverage and discount codes.';
/** The year the site began: the footer's copyright runs from it to the current year. */
export const COPYRIGHT_YEAR = 2025;

/** '© 2025–2026 VialCompare. All rights reserved.' (UTC, as the server renders it). */
export function copyrightLine(now: Date = new Date()): string {
  const year = now.getUTCFullYear();
  const years = year > COPYRIGHT_YEAR ? `${COPYRIGHT_YEAR}–${year}` : String(COPYRIGHT_YEAR);
  return `© ${years} ${SITE_NAME}. All rights reserved.`;
}
/** Spec: page titles are capped at about 60 characters. */
export const TITLE_MAX_LENGTH = 60;

/** A page title cut at a word boundary to at most 60 characters. */
export function pageTitle(title: string): string {
  if (title.length <= TITLE_MAX_LENGTH) return title;
  const cut = title.slice(0, TITLE_MAX_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 30 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The absolute URL of a path on this site, without query string or trailing slash (except "/"). */
export function canonicalUrl(siteUrl: string, pathname: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const path = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  return `${origin}${path}`;
}

/** schema.org WebSite with the site search target /search?q={term} (spec: search-engine metadata). */
export function websiteJsonLd(siteUrl: string) {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** A public page's metadata: its title (<= 60 characters), description and Open Graph tags. */
export function pageHead(
  page: { title: string; description: string },
  options: { noindex?: boolean } = {},
) {
  const title = pageTitle(page.title);
  return {
    meta: [
      { title },
      { name: 'description', content: page.description },
      { property: 'og:title', content: title },
      { property: 'og:description', content: page.description },
      ...(options.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ],
  };
}

/** schema.org Organization: the site's publisher, with its logo. */
export function organizationJsonLd(siteUrl: string) {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}/icons/icon-512.png`,
  };
}

/** schema.org BreadcrumbList for a nested page: Home, then each (name, path) in order. */
export function nestedBreadcrumbJsonLd(
  siteUrl: string,
  trail: readonly { name: string; path: string }[],
) {
  return breadcrumbJsonLd(
    [{ name: 'Home', path: '/' }, ...trail].map((crumb) => ({
      name: crumb.name,
      path: crumb.path === '/' ? '/' : crumb.path.replace(/\/+$/, ''),
    })),
    siteUrl,
  );
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The page's head carries its own BreadcrumbList with real names (a city, a provider): the
     * root then adds none from the path's segments (one trail per page).
     */
    ownBreadcrumbs?: boolean;
  }
}
