/**
 * Trending keywords, one definition for the public page, the back office and the routes:
 *   GET    /api/keywords/trending                 the active keywords in order (public)
 *   GET    /api/admin/keywords?q=&status=&page=&pageSize=   the list in order, one page
 *   POST   /api/admin/keywords { keyword, category?, note? }   201 { id }
 *   PUT    /api/admin/keywords/:id { keyword, category?, note? }
 *   POST   /api/admin/keywords/:id/move { direction: 'up'|'down' } | { position: n (1-based) }
 *   POST   /api/admin/keywords/:id/active { active: boolean }
 *   DELETE /api/admin/keywords/:id
 * Bad input answers 400 { error, fields } naming the field; a taken keyword 409.
 */
// No zod here: the public /trending-keywords page imports this file. The request schemas are
// in ./list-params (server) and domain/keywords/fields (server and the back-office form).
export { KEYWORD_LIMITS, KEYWORD_MESSAGES } from '../../domain/keywords/rules';
export type { KeywordFields } from '../../domain/keywords/fields';
export { TRENDING_KEYWORDS_PAGE, keywordSearchPath } from '../../domain/keywords/page';

export const KEYWORD_PATHS = {
  trending: '/api/keywords/trending',
  admin: '/api/admin/keywords',
  adminOne: (id: string) => `/api/admin/keywords/${encodeURIComponent(id)}`,
  adminMove: (id: string) => `/api/admin/keywords/${encodeURIComponent(id)}/move`,
  adminActive: (id: string) => `/api/admin/keywords/${encodeURIComponent(id)}/active`,
} as const;

export const KEYWORD_PAGE_SIZES = [10, 25, 50] as const;
export const KEYWORD_STATUSES = ['active', 'inactive'] as const;

/** GET /api/admin/keywords's parameters, as the server reads them (./list-params). */
export interface KeywordListParams {
  q?: string;
  status?: (typeof KEYWORD_STATUSES)[number];
  page: number;
  pageSize: number;
}

/** One keyword in the back office. `position` is 1-based, as the list shows it. */
export interface KeywordView {
  id: string;
  keyword: string;
  category: string;
  note: string;
  active: boolean;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface KeywordPage {
  rows: KeywordView[];
  total: number;
  /** All keywords, whatever the filter (to know the last position). */
  count: number;
}

/** The public page: the active keywords in order. */
export interface TrendingKeywordsView {
  keywords: { id: string; keyword: string; category: string }[];
  updatedAt: string | null;
}
