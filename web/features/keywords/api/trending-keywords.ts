/** GET /api/keywords/trending: the active keywords in order (public, server-rendered). */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { KEYWORD_PATHS, type TrendingKeywordsView } from '../../../../api/keywords/contracts';

export const trendingKeywordsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['keywords', 'trending'] as const,
    queryFn: () => api.get<TrendingKeywordsView>(KEYWORD_PATHS.trending),
  });
