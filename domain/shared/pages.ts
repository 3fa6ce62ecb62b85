/** A static public page's texts and metadata (the page, the search index and the sitemap read them). */
import type { SearchDocument } from './search';

export interface PageSection {
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

export interface StaticPage {
  path: string;
  /** The <title>, at most 60 characters (a unit test checks every page). */
  title: string;
  description: string;
  /** The page's one h1. */
  heading: string;
  intro: string;
  sections: readonly PageSection[];
  /** 'YYYY-MM': the date the text last changed (legal pages), for the page and the sitemap. */
  lastUpdated?: string;
  /** False for pages search engines should not index. Default true. */
  indexable?: boolean;
}

/** A page's text as one string (the search index's document text). */
export function pageText(page: StaticPage): string {
  return [
    page.intro,
    ...page.sections.flatMap((s) => [s.heading + '.', ...s.paragraphs, ...(s.items ?? [])]),
  ]
    .filter(Boolean)
    .join('\n');
}

/** 'January 2025' for '2025-01'. */
export function formatLastUpdated(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A static page as a site-search document. */
export function staticPageDocument(page: StaticPage): SearchDocument {
  return {
    id: `page:${page.path}`,
    kind: 'page',
    title: page.heading,
    text: [page.description, pageText(page)].join('\n'),
    url: page.path,
  };
}
