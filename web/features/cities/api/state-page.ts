/**
 * GET /api/cities/states/:state: the providers serving one state, ranked, and its cities.
 * The state page and the home page's state filter read it. Null for an unknown state (404).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { CITY_PATHS, type StatePageView } from '../../../../api/cities/contracts';
import type { StateCode } from '../../../../domain/shared/reference/states';
import { isNotFound } from './not-found';

export const statePageKey = (state: string) => ['cities', 'state', state.toUpperCase()] as const;

export function getStatePage(api: ApiClient, state: StateCode | string): Promise<StatePageView> {
  return api.get<StatePageView>(CITY_PATHS.state(state));
}

export const statePageQuery = (api: ApiClient, state: StateCode | string) =>
  queryOptions({
    queryKey: statePageKey(state),
    queryFn: async (): Promise<StatePageView | null> => {
      try {
        return await getStatePage(api, state);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
