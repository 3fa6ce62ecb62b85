/**
 * GET /api/providers/ranking?limit=N&sort=&medication=: the top of the featured ranking (the
 * home page's top N, filtered and sorted on the server), with the count of all of them. Read
 * through the router context's ApiClient: in process during SSR, over HTTP in the browser,
 * under the same key, so the list the server rendered is the one the browser hydrates.
 *
 * Spec (sections 4 and 8): a failed load is only logged and the list stays empty, so the query
 * resolves to an empty list instead of throwing.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type FeaturedRankingView } from '../../../../api/providers/contracts';
import type { RankedListRequest } from '../../../../domain/providers/list-view';
import { pageOf } from '../../../../domain/shared/paging';

export type FeaturedRequest = Pick<RankedListRequest, 'limit' | 'sort' | 'medication'>;

export const featuredRankingKey = ({ limit, sort, medication }: FeaturedRequest) =>
  ['providers', 'ranking', limit, sort ?? null, medication ?? null] as const;

export const featuredRankingQuery = (api: ApiClient, request: FeaturedRequest) =>
  queryOptions({
    queryKey: featuredRankingKey(request),
    queryFn: async (): Promise<FeaturedRankingView> => {
      try {
        return await api.get<FeaturedRankingView>(PROVIDER_PATHS.ranking(request));
      } catch (error) {
        console.error('Failed to load featured providers', error);
        return { providers: [], paging: pageOf(0, request.limit, 1) };
      }
    },
  });
