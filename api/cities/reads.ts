/** The cities capability's public reads: each page is one read of its state's ranking. */
import {
  citiesGroupedByState,
  citiesByState,
  cityBySlug,
  cityPageCopy,
  cityPath,
  closestCities,
  nearbyAreaLinks,
  nearestStates,
  parseStateCode,
  statePageCopy,
  statePath,
  type City,
} from '../../domain/cities';
import { stateName, type StateCode } from '../../domain/shared/reference/states';
import type { CityQueries } from '../../projections/cities';
import { HttpError } from '../http/errors';
import {
  CITY_NOT_FOUND,
  STATE_NOT_FOUND,
  type CityIndexGroupView,
  type CityLinkView,
  type CityPageView,
  type StateLinkView,
  type StatePageView,
  type StateRankingView,
} from './contracts';

const stateLink = (code: StateCode): StateLinkView => ({
  code,
  name: stateName(code),
  path: statePath(code),
});

const cityLink = (city: City): CityLinkView => ({
  name: city.city,
  state: city.state,
  slug: city.slug,
  path: cityPath(city),
});

async function stateRanking(queries: CityQueries, state: StateCode): Promise<StateRankingView> {
  const ranking = await queries.stateRanking(state);
  if (ranking) {
    const { basis, providers, rating } = ranking;
    return { state: stateLink(state), basis, providers, rating, nearestServedStates: [] };
  }
  // Only when nobody serves the state: a second read, for the states to point to instead.
  const served = await queries.servedStates();
  return {
    state: stateLink(state),
    basis: 'none',
    providers: [],
    rating: null,
    nearestServedStates: nearestStates(state, served).map(stateLink),
  };
}

export async function readCityPage(queries: CityQueries, slug: string): Promise<CityPageView> {
  const city = cityBySlug(slug);
  if (!city) throw new HttpError(404, CITY_NOT_FOUND);
  return {
    ...(await stateRanking(queries, city.state)),
    city,
    copy: cityPageCopy(city),
    nearby: nearbyAreaLinks(city),
  };
}

export async function readStatePage(queries: CityQueries, code: string): Promise<StatePageView> {
  const state = parseStateCode(code);
  if (!state) throw new HttpError(404, STATE_NOT_FOUND);
  return {
    ...(await stateRanking(queries, state)),
    copy: statePageCopy(state),
    cities: citiesByState(state).map(cityLink),
  };
}

export function readCityIndex(): CityIndexGroupView[] {
  return citiesGroupedByState().map(({ state, cities }) => ({
    ...stateLink(state),
    cities: cities.map(cityLink),
  }));
}

export function readSuggestions(term: string): CityLinkView[] {
  return closestCities(term).map(cityLink);
}
