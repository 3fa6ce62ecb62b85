/** Editable page content by key (hero_title, hero_subtitle, ...). */
export type SiteContentView = Record<string, string>;

export const SITE_CONTENT_PATHS = {
  /** GET: every key with its text. Public. */
  all: '/api/site-content',
} as const;
