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
import { z } from 'zod';

export {
  KEYWORD_LIMITS,
  KEYWORD_MESSAGES,
  keywordFieldsSchema,
  type KeywordFields,
} from '../../domain/keywords/rules';
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

const whole = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`);

export const keywordListParams = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  status: z
    .enum(KEYWORD_STATUSES, `status must be one of ${KEYWORD_STATUSES.join(', ')}`)
    .optional(),
  page: whole('page').min(1, 'page must be 1 or more').max(100_000).default(1),
  pageSize: whole('pageSize')
    .refine((n) => (KEYWORD_PAGE_SIZES as readonly number[]).includes(n), {
      message: `pageSize must be one of ${KEYWORD_PAGE_SIZES.join(', ')}`,
    })
    .default(25),
});
export type KeywordListParams = z.output<typeof keywordListParams>;

export const keywordMoveBody = z.union(
  [
    z.object({ direction: z.enum(['up', 'down'], "direction must be 'up' or 'down'") }),
    z.object({
      position: z
        .number({ error: 'position must be a whole number of 1 or more' })
        .int('position must be a whole number of 1 or more')
        .min(1, 'position must be a whole number of 1 or more'),
    }),
  ],
  { error: "Send direction ('up' or 'down') or position (1 or more)" },
);

export const keywordActiveBody = z.object({
  active: z.boolean({ error: 'active must be true or false' }),
});

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
