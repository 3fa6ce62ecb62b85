/** GET /api/cities: every city with a page, grouped by state (the /near index). */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { CITY_PATHS, type CityIndexGroupView } from '../../../../api/cities/contracts';

export const cityIndexKey = ['cities', 'index'] as const;

export function getCityIndex(api: ApiClient): Promise<CityIndexGroupView[]> {
  return api.get<CityIndexGroupView[]>(CITY_PATHS.index);
}

export const cityIndexQuery = (api: ApiClient) =>
  queryOptions({ queryKey: cityIndexKey, queryFn: () => getCityIndex(api) });
