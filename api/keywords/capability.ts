/** Trending keywords: administrators keep the list; visitors see the active ones in order. */
import { keywords as keywordsBackend } from '../../workers/keywords/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { KEYWORD_PATHS, TRENDING_KEYWORDS_PAGE, type TrendingKeywordsView } from './contracts';
import { keywordRoutes } from './routes';

export const keywords = defineHttpCapability(keywordsBackend, {
  publicReads: [
    {
      path: KEYWORD_PATHS.trending,
      read: async (queries): Promise<TrendingKeywordsView> => {
        const active = await queries.activeKeywords();
        const updatedAt = active.reduce<string | null>(
          (latest, k) => (latest === null || k.updatedAt > latest ? k.updatedAt : latest),
          null,
        );
        return {
          keywords: active.map((k) => ({ id: k._id, keyword: k.keyword, category: k.category })),
          updatedAt,
        };
      },
    },
  ],
  async sitemap({ queries }) {
    const active = await queries.activeKeywords();
    const latest = active
      .map((k) => k.updatedAt)
      .sort()
      .at(-1);
    return [{ path: TRENDING_KEYWORDS_PAGE.path, ...(latest ? { lastModified: latest } : {}) }];
  },
  routes: keywordRoutes,
});
