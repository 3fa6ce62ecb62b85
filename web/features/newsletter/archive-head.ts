/**
 * What the newsletter archive's pages tell search engines and feed readers: title,
 * description, Open Graph, the archive's RSS feed in the head, and JSON-LD (a Blog-like
 * collection of the issues; each issue an Article dated when it was sent). Nothing invented:
 * only the issue's own subject, preheader and date.
 */
import type { MetaDescriptor } from '@tanstack/react-router';
import { canonicalUrl, pageTitle, SITE_NAME } from '../../lib/site';
import { NEWSLETTER_FEED_TITLE } from '../../../api/newsletter/contracts';
import { ARCHIVE_PATHS, type ArchivedIssue, type ArchivedIssueSummary } from './api/archive';

type HeadMeta = React.JSX.IntrinsicElements['meta'];
type LdJson = Extract<MetaDescriptor, { 'script:ld+json': unknown }>['script:ld+json'];
// Widening cast: the router renders 'script:ld+json' entries but types head().meta as <meta>.
const ldJson = (data: object): HeadMeta =>
  ({ 'script:ld+json': data as LdJson }) as MetaDescriptor as HeadMeta;

export const ARCHIVE_TITLE = 'Newsletter archive';
export const ARCHIVE_DESCRIPTION =
  'Every weekly VialCompare newsletter sent so far: new GLP-1 providers, price changes and articles, as they went out.';

export function archiveHead(issues: readonly ArchivedIssueSummary[], siteUrl: string): HeadMeta[] {
  const title = pageTitle(ARCHIVE_TITLE);
  return [
    { title },
    { name: 'description', content: ARCHIVE_DESCRIPTION },
    { property: 'og:title', content: title },
    { property: 'og:description', content: ARCHIVE_DESCRIPTION },
    { name: 'twitter:card', content: 'summary' },
    ldJson({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: `${SITE_NAME} ${ARCHIVE_TITLE.toLowerCase()}`,
      url: canonicalUrl(siteUrl, ARCHIVE_PATHS.page),
      hasPart: issues.slice(0, 10).map((issue) => ({
        '@type': 'Article',
        headline: issue.subject,
        url: canonicalUrl(siteUrl, ARCHIVE_PATHS.issuePage(issue.slug)),
        datePublished: issue.sentAt,
      })),
    }),
  ];
}

export function archivedIssueHead(issue: ArchivedIssue, siteUrl: string): HeadMeta[] {
  const title = pageTitle(issue.subject);
  const url = canonicalUrl(siteUrl, ARCHIVE_PATHS.issuePage(issue.slug));
  const description = issue.preheader || `The ${SITE_NAME} newsletter: ${issue.subject}.`;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'article:published_time', content: issue.sentAt },
    { name: 'twitter:card', content: 'summary' },
    ldJson({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: issue.subject,
      description,
      url,
      mainEntityOfPage: url,
      datePublished: issue.sentAt,
      publisher: {
        '@type': 'Organization',
        name: SITE_NAME,
        url: `${siteUrl.replace(/\/+$/, '')}/`,
      },
    }),
  ];
}

export function archivedIssueNotFoundHead(): HeadMeta[] {
  return [{ title: pageTitle('Issue not found') }, { name: 'robots', content: 'noindex' }];
}

/** The archive's RSS feed, announced in the head of /newsletter and each issue. */
export function archiveFeedLinks(siteUrl: string) {
  return [
    {
      rel: 'alternate',
      type: 'application/rss+xml',
      title: NEWSLETTER_FEED_TITLE,
      href: `${siteUrl.replace(/\/+$/, '')}${ARCHIVE_PATHS.feed}`,
    },
  ];
}
