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
import {
  inRankingOrder,
  parseRankedListParams,
  providerListView,
  type RankedListRequest,
} from '../../domain/providers';
import { pageItems, pageOf } from '../../domain/shared/paging';
import { stateName, type StateCode } from '../../domain/shared/reference/states';
import type { CityQueries } from '../../projections/cities';
import { HttpError } from '../http/errors';
import {
  CITY_NOT_FOUND,
  CITY_PAGE_SIZE,
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

/** The list parameters of a city or state read; 400 naming the one that is wrong. */
function listRequest(params: Readonly<Record<string, string | undefined>>): RankedListRequest {
  const parsed = parseRankedListParams(params, CITY_PAGE_SIZE);
  if (!parsed.ok) throw new HttpError(400, parsed.message, { [parsed.field]: parsed.message });
  return parsed.request;
}

async function stateRanking(
  queries: CityQueries,
  state: StateCode,
  request: RankedListRequest,
): Promise<StateRankingView> {
  // The ranking's own order, unfiltered: the store cuts the page (a city page's default view).
  const cutByStore = inRankingOrder(request.sort) && !request.medication;
  const page = cutByStore
    ? await queries.stateRankingPage(state, (request.page - 1) * request.limit, request.limit)
    : undefined;
  // A ranking written before providerCount existed (a MongoDB read store not rebuilt since) is
  // read whole, as is any other view.
  const cut = page != null && Number.isInteger(page.providerCount);
  const ranking = cut || page === null ? page : await queries.stateRanking(state);
  if (ranking) {
    const { basis, rating } = ranking;
    const treatment = ranking.treatment ?? null;
    // Else filtered and sorted over the whole ranking, then cut: page 2 follows page 1's last.
    const { items, paging } = cut
      ? {
          items: ranking.providers,
          paging: pageOf(ranking.providerCount, request.limit, request.page),
        }
      : pageItems(providerListView(ranking.providers, request), request.limit, request.page);
    return {
      state: stateLink(state),
      basis,
      providers: items,
      paging,
      rating,
      treatment,
      nearestServedStates: [],
    };
  }
  // Only when nobody serves the state: a second read, for the states to point to instead.
  const served = await queries.servedStates();
  return {
    state: stateLink(state),
    basis: 'none',
    providers: [],
    paging: pageOf(0, request.limit, request.page),
    rating: null,
    treatment: null,
    nearestServedStates: nearestStates(state, served).map(stateLink),
  };
}

export async function readCityPage(
  queries: CityQueries,
  slug: string,
  params: Readonly<Record<string, string | undefined>> = {},
): Promise<CityPageView> {
  const city = cityBySlug(slug);
  if (!city) throw new HttpError(404, CITY_NOT_FOUND);
  return {
    ...(await stateRanking(queries, city.state, listRequest(params))),
    city,
    copy: cityPageCopy(city),
    nearby: nearbyAreaLinks(city),
  };
}

export async function readStatePage(
  queries: CityQueries,
  code: string,
  params: Readonly<Record<string, string | undefined>> = {},
): Promise<StatePageView> {
  const state = parseStateCode(code);
  if (!state) throw new HttpError(404, STATE_NOT_FOUND);
  return {
    ...(await stateRanking(queries, state, listRequest(params))),
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
