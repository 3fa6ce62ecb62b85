/**
 * GET /api/cities/:slug: one city landing page (its city, copy, nearby links and the ranked
 * providers serving its state). Null when the slug is unknown (the API answers 404), so the
 * route can answer 'City not found'.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { CITY_PATHS, type CityPageView } from '../../../../api/cities/contracts';
import { isNotFound } from './not-found';

export const cityPageKey = (slug: string) => ['cities', 'city', slug] as const;

export function getCityPage(api: ApiClient, slug: string): Promise<CityPageView> {
  return api.get<CityPageView>(CITY_PATHS.city(slug));
}

export const cityPageQuery = (api: ApiClient, slug: string) =>
  queryOptions({
    queryKey: cityPageKey(slug),
    queryFn: async (): Promise<CityPageView | null> => {
      try {
        return await getCityPage(api, slug);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
