/**
 * GET /api/cities/:slug?page=N: one city landing page (its city, copy, nearby links and one
 * page of the ranked providers serving its state). Null when the slug is unknown (the API
 * answers 404), so the route can answer 'City not found'.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { CITY_PATHS, type CityPageView } from '../../../../api/cities/contracts';
import { isNotFound } from './not-found';

export const cityPageKey = (slug: string, page = 1) => ['cities', 'city', slug, page] as const;

export function getCityPage(api: ApiClient, slug: string, page = 1): Promise<CityPageView> {
  return api.get<CityPageView>(CITY_PATHS.city(slug, { page }));
}

export const cityPageQuery = (api: ApiClient, slug: string, page = 1) =>
  queryOptions({
    queryKey: cityPageKey(slug, page),
    queryFn: async (): Promise<CityPageView | null> => {
      try {
        return await getCityPage(api, slug, page);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
