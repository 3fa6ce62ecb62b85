/**
 * GET /api/cities/suggestions/:term: up to three cities closest to a mistyped slug. A failed
 * load only costs the suggestions: the not-found page still says 'City not found'.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { CITY_PATHS, type CityLinkView } from '../../../../api/cities/contracts';

export const citySuggestionsKey = (term: string) => ['cities', 'suggestions', term] as const;

export function getCitySuggestions(api: ApiClient, term: string): Promise<CityLinkView[]> {
  return api.get<CityLinkView[]>(CITY_PATHS.suggestions(term));
}

export const citySuggestionsQuery = (api: ApiClient, term: string) =>
  queryOptions({
    queryKey: citySuggestionsKey(term),
    queryFn: async (): Promise<CityLinkView[]> => {
      try {
        return await getCitySuggestions(api, term);
      } catch (error) {
        console.error('Failed to load city suggestions', error);
        return [];
      }
    },
  });
