/**
 * What the city and state pages tell search engines: title, description, keywords, geo meta
 * tags and JSON-LD (LocalBusiness with the city's address, geo, 50-mile GeoCircle; a
 * BreadcrumbList Home > State > City). The canonical link is the root's (the path itself; a
 * later page's loader names its `?page=N` address).
 */
import type { MetaDescriptor } from '@tanstack/react-router';
import type { CityPageView, StatePageView } from '../../../api/cities/contracts';
// The files, not the index: the index carries the city list, which the browser never needs.
import { breadcrumbJsonLd, cityBreadcrumbs } from '../../../domain/cities/paths';
import { cityGeoMeta, cityStructuredData } from '../../../domain/cities/seo';
import { canonicalUrl, pageTitle } from '../../lib/site';

/**
 * A route head's meta entries. The router renders its MetaDescriptor (which includes
 * 'script:ld+json'), but types `head().meta` as plain <meta> props; the root route's own
 * JSON-LD entry passes that check only as an inline literal.
 */
type HeadMeta = React.JSX.IntrinsicElements['meta'];
type LdJson = Extract<MetaDescriptor, { 'script:ld+json': unknown }>['script:ld+json'];

/** JSON-LD built by the domain is plain JSON data (it survives JSON.stringify unchanged). */
const ldJson = (data: object): HeadMeta =>
  // Widening cast: see HeadMeta; the router reads the 'script:ld+json' key at render.
  ({ 'script:ld+json': data as LdJson }) as MetaDescriptor as HeadMeta;

/** A page after the first says which in its title (each page is its own canonical address). */
const titleOfPage = (title: string, page: number) => (page > 1 ? `${title}, page ${page}` : title);

export const NOINDEX: HeadMeta = { name: 'robots', content: 'noindex' };

export function cityHead(page: CityPageView, siteUrl: string): HeadMeta[] {
  const { city, copy } = page;
  return [
    { title: pageTitle(titleOfPage(copy.title, page.paging.page)) },
    { name: 'description', content: copy.description },
    { name: 'keywords', content: copy.keywords },
    ...cityGeoMeta(city),
    ldJson(cityStructuredData(city, canonicalUrl(siteUrl, copy.canonicalPath), page.rating)),
    ldJson(breadcrumbJsonLd(cityBreadcrumbs(city), siteUrl)),
  ];
}

export function stateHead(page: StatePageView, siteUrl: string): HeadMeta[] {
  const { copy } = page;
  return [
    { title: pageTitle(titleOfPage(copy.title, page.paging.page)) },
    { name: 'description', content: copy.description },
    { name: 'keywords', content: copy.keywords },
    { name: 'geo.region', content: `US-${page.state.code}` },
    { name: 'geo.placename', content: page.state.name },
    ldJson(breadcrumbJsonLd(cityBreadcrumbs(page.state.code), siteUrl)),
  ];
}

export function notFoundHead(title: string): HeadMeta[] {
  return [{ title: pageTitle(title) }, NOINDEX];
}
