/** The public Trending Keywords page's texts (the page, the search index and the sitemap). */
import type { StaticPage } from '../shared/pages';

export const TRENDING_KEYWORDS_PAGE: StaticPage = {
  path: '/trending-keywords',
  title: 'Trending GLP-1 Keywords | VialCompare',
  description:
    'Trending Keywords: see what people search for about GLP-1 treatment right now, each a link to the site search for it.',
  heading: 'Trending Keywords',
  intro: 'See what people search for about GLP-1 treatment right now.',
  sections: [],
};

/** Where a keyword leads: the site's search for it. */
export const keywordSearchPath = (keyword: string) => `/search?q=${encodeURIComponent(keyword)}`;
