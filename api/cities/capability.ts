/**
 * Cities: the city landing pages (/near/{citySlug}), the state pages and the index of cities,
 * each ranking only the providers that serve the state (a per-state read model kept from the
 * provider events).
 */
import { cityPageUrls } from '../../domain/cities';
import { cities as citiesBackend } from '../../workers/cities/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { CITY_PATH_PATTERNS } from './contracts';
import { readCityIndex, readCityPage, readStatePage, readSuggestions } from './reads';

export const cities = defineHttpCapability(citiesBackend, {
  publicReads: [
    { path: CITY_PATH_PATTERNS.index, read: async () => readCityIndex() },
    {
      path: CITY_PATH_PATTERNS.state,
      read: (queries, { state, ...params }) => readStatePage(queries, state ?? '', params),
    },
    {
      path: CITY_PATH_PATTERNS.suggestions,
      read: async (_queries, { term }) => readSuggestions(term ?? ''),
    },
    {
      path: CITY_PATH_PATTERNS.city,
      read: (queries, { slug, ...params }) => readCityPage(queries, slug ?? '', params),
    },
  ],
  /**
   * The index, every state page and every city page. No last-modified date: a page changes
   * with its state's ranking, which no event dates on its own.
   */
  async sitemap() {
    return cityPageUrls().map((path) => ({ path }));
  },
});
