/**
 * GET /api/cities/states/:state?page&limit&sort&medication: one page of the providers serving
 * one state, ranked, and its cities. The state page (a page of CITY_PAGE_SIZE) and the home
 * page's state filter (its top N, sorted and filtered) read it. Null for an unknown state (404).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { CITY_PATHS, type StatePageView } from '../../../../api/cities/contracts';
import type { RankedListRequest } from '../../../../domain/providers/list-view';
import type { StateCode } from '../../../../domain/shared/reference/states';
import { isNotFound } from './not-found';

export type StateListRequest = Partial<RankedListRequest>;

export const statePageKey = (state: string, request: StateListRequest = {}) =>
  [
    'cities',
    'state',
    state.toUpperCase(),
    request.page ?? 1,
    request.limit ?? null,
    request.sort ?? null,
    request.medication ?? null,
  ] as const;

export function getStatePage(
  api: ApiClient,
  state: StateCode | string,
  request: StateListRequest = {},
): Promise<StatePageView> {
  return api.get<StatePageView>(CITY_PATHS.state(state, request));
}

export const statePageQuery = (
  api: ApiClient,
  state: StateCode | string,
  request: StateListRequest = {},
) =>
  queryOptions({
    queryKey: statePageKey(state, request),
    queryFn: async (): Promise<StatePageView | null> => {
      try {
        return await getStatePage(api, state, request);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
