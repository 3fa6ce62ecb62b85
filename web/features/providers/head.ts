/** What the provider and compare pages tell search engines (the canonical link is the root's). */
import type { MetaDescriptor } from '@tanstack/react-router';
import type { ProviderPageView } from '../../../api/providers/contracts';
import {
  providerBreadcrumbJsonLd,
  providerJsonLd,
  providerPageCopy,
} from '../../../domain/providers/provider-seo';
import { pageHead, pageTitle } from '../../lib/site';

/** See web/features/cities/head.ts: the router renders 'script:ld+json' meta entries. */
type HeadMeta = React.JSX.IntrinsicElements['meta'];
type LdJson = Extract<MetaDescriptor, { 'script:ld+json': unknown }>['script:ld+json'];
const ldJson = (data: object): HeadMeta =>
  // Widening cast: the router reads the 'script:ld+json' key at render (see cities/head.ts).
  ({ 'script:ld+json': data as LdJson }) as MetaDescriptor as HeadMeta;

export function providerHead(page: ProviderPageView, siteUrl: string): HeadMeta[] {
  return [
    ...(pageHead(providerPageCopy(page)).meta as HeadMeta[]),
    ldJson(providerJsonLd(page, siteUrl)),
    ldJson(providerBreadcrumbJsonLd(page, siteUrl)),
  ];
}

export function noindexHead(title: string, description?: string): HeadMeta[] {
  return [
    { title: pageTitle(title) },
    ...(description ? [{ name: 'description', content: description }] : []),
    { name: 'robots', content: 'noindex' },
  ];
}
