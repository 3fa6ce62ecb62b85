/** GET /api/search?q=: the site search's results (public; answered in process during SSR). */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import {
  SEARCH_PATHS,
  type AskAnswerView,
  type SearchResultsView,
} from '../../../../api/search/contracts';

export const searchKey = (q: string) => ['search', q] as const;

export const searchQuery = (api: ApiClient, q: string) =>
  queryOptions({
    queryKey: searchKey(q),
    queryFn: () => api.get<SearchResultsView>(`${SEARCH_PATHS.search}?q=${encodeURIComponent(q)}`),
  });

export const askKey = (q: string) => ['glp1-ai', q] as const;

/** GET /api/glp1-ai?q=: the answer from the site's own content. */
export const askQuery = (api: ApiClient, q: string) =>
  queryOptions({
    queryKey: askKey(q),
    queryFn: () => api.get<AskAnswerView>(`${SEARCH_PATHS.ask}?q=${encodeURIComponent(q)}`),
  });
