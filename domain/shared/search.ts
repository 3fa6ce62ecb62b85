/**
 * A document of the site search (/search) and of the GLP-1 AI's retrieval (/glp1-ai): one
 * public page or one public record, as a capability describes it. The index is built from
 * these only, so search can never find what a visitor cannot open.
 */
export const SEARCH_KINDS = ['page', 'provider', 'post', 'city', 'keyword'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Result group headings, in the order the results page shows the groups. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  provider: 'Providers',
  page: 'Pages',
  post: 'Blog posts',
  city: 'City pages',
  keyword: 'Trending keywords',
};

export type SearchDocument = {
  /** Unique across kinds: '{kind}:{id}' ('provider:abc', 'page:/about'). */
  id: string;
  kind: SearchKind;
  title: string;
  /** The searchable text: plain sentences (passages are cut from it for /glp1-ai). */
  text: string;
  /** Site path the result links to ('/about', '/#provider-abc'). */
  url: string;
};

/** Questions and search terms longer than this are cut (a search box, not an essay). */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** The query as searched: trimmed, inner whitespace collapsed, at most 200 characters. */
export function normaliseSearchQuery(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
}
