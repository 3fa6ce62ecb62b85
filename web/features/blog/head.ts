/**
 * What the blog pages tell search engines: title, description, Open Graph and Twitter tags
 * from the post's own fields, the post's robots directive, and JSON-LD: BlogPosting (headline,
 * dates, author, image, publisher) per post, Blog with at most 10 posts on the list. Nothing
 * is invented: no rating (enable_reviews_schema shows the 'Expert Review' badge only; the site
 * has no review data for a post, so no AggregateRating is published).
 */
import type { MetaDescriptor } from '@tanstack/react-router';
import type { PostListView, PostView } from '../../../api/blog/contracts';
import { BLOG_FEED_PATH, BLOG_FEED_TITLE, postPath } from '../../../api/blog/contracts';
import { canonicalUrl, pageTitle, SITE_NAME } from '../../lib/site';

type HeadMeta = React.JSX.IntrinsicElements['meta'];
type LdJson = Extract<MetaDescriptor, { 'script:ld+json': unknown }>['script:ld+json'];
// Widening cast: the router renders 'script:ld+json' entries but types head().meta as <meta>.
const ldJson = (data: object): HeadMeta =>
  ({ 'script:ld+json': data as LdJson }) as MetaDescriptor as HeadMeta;

export const BLOG_TITLE = 'GLP-1 Blog: Articles & Insights';
export const BLOG_DESCRIPTION =
  'Articles about GLP-1 weight-loss medications (semaglutide, tirzepatide) and online providers, from the VialCompare team.';

export function blogListHead(list: PostListView | undefined, siteUrl: string): HeadMeta[] {
  const url = canonicalUrl(siteUrl, '/blog');
  return [
    { title: pageTitle(BLOG_TITLE) },
    { name: 'description', content: BLOG_DESCRIPTION },
    { property: 'og:title', content: pageTitle(BLOG_TITLE) },
    { property: 'og:description', content: BLOG_DESCRIPTION },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: pageTitle(BLOG_TITLE) },
    { name: 'twitter:description', content: BLOG_DESCRIPTION },
    ldJson({
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: `${SITE_NAME} Blog`,
      url,
      blogPost: (list?.posts ?? []).slice(0, 10).map((post) => ({
        '@type': 'BlogPosting',
        headline: post.title,
        url: canonicalUrl(siteUrl, postPath(post.slug)),
        ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
        author: { '@type': 'Person', name: post.authorName },
      })),
    }),
  ];
}

export function postHead(post: PostView, siteUrl: string): HeadMeta[] {
  const title = pageTitle(post.metaTitle ?? post.title);
  const url = post.canonicalUrl ?? canonicalUrl(siteUrl, postPath(post.slug));
  const image = post.ogImageOverride ?? post.featuredImageUrl;
  const publisher = {
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${siteUrl.replace(/\/+$/, '')}/`,
  };
  return [
    { title },
    { name: 'description', content: post.description },
    ...(post.metaKeywords ? [{ name: 'keywords', content: post.metaKeywords }] : []),
    ...(post.robotsDirective ? [{ name: 'robots', content: post.robotsDirective }] : []),
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: post.description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    ...(post.publishedAt
      ? [{ property: 'article:published_time', content: post.publishedAt }]
      : []),
    { property: 'article:modified_time', content: post.updatedAt },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: post.description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
    ldJson({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.description,
      mainEntityOfPage: url,
      url,
      ...(image ? { image } : {}),
      ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: post.authorName },
      publisher,
    }),
  ];
}

/** The RSS feed, announced in the head of /blog and /blog/{slug}. */
export function feedLinks(siteUrl: string) {
  return [
    {
      rel: 'alternate',
      type: 'application/rss+xml',
      title: BLOG_FEED_TITLE,
      href: `${siteUrl.replace(/\/+$/, '')}${BLOG_FEED_PATH}`,
    },
  ];
}

export function postNotFoundHead(): HeadMeta[] {
  return [{ title: pageTitle('Post Not Found') }, { name: 'robots', content: 'noindex' }];
}
