/**
 * The cities capability's public reads, shared by the API and the web app: the city landing
 * pages (/near/{citySlug}), the state pages (/near/state/{state}), the index of cities (/near)
 * and the closest city names to an unknown slug.
 */
import type {
  City,
  CityPageCopy,
  CityRating,
  CityTreatment,
  NearbyAreaLink,
  StatePageCopy,
} from '../../domain/cities';
import type { ProviderCard } from '../../domain/providers';
import type { StateCode } from '../../domain/shared/reference/states';
import { listQuery, type ListPaging } from '../../domain/shared/paging';
import type { RankedListRequest } from '../../domain/providers';

/**
 * Which providers a ranking holds: 'featured' (those serving the state), 'all' (none of those
 * is featured, so all serving it), 'none' (no listed provider serves the state).
 */
export type RankingBasisView = 'featured' | 'all' | 'none';

export interface StateLinkView {
  code: StateCode;
  name: string;
  /** '/near/state/oh' */
  path: string;
}

/**
 * A city or state page's provider cards a page: each card is ~7 KB of HTML and ~0.7 ms of
 * server render, so 15 keep a page near 150 KB and 15 ms with 2,000 providers (issue 28).
 */
export const CITY_PAGE_SIZE = 15;

/** The providers serving one state, ranked by the home page's rule: one page of them. */
export interface StateRankingView {
  state: StateLinkView;
  basis: RankingBasisView;
  /** The page asked for (`paging`): at most its page size, filtered and sorted as asked. */
  providers: ProviderCard[];
  /** Where these cards sit in the whole ranking (its `total` counts every one). */
  paging: ListPaging;
  /** Computed from entered ratings with their real count; null when there are none. */
  rating: CityRating | null;
  /**
   * What the ranked providers' records say about treatment, counted over the whole ranking
   * (not the page); null when nobody serves the state or the ranking predates it.
   */
  treatment: CityTreatment | null;
  /** When basis is 'none': the nearest states some listed provider serves; else []. */
  nearestServedStates: StateLinkView[];
}

export interface CityPageView extends StateRankingView {
  city: City;
  copy: CityPageCopy;
  nearby: NearbyAreaLink[];
}

export interface CityLinkView {
  name: string;
  state: StateCode;
  slug: string;
  /** '/near/{slug}' */
  path: string;
}

export interface StatePageView extends StateRankingView {
  copy: StatePageCopy;
  /** Its cities with a page, most populous first. */
  cities: CityLinkView[];
}

export interface CityIndexGroupView extends StateLinkView {
  cities: CityLinkView[];
}

export const CITY_NOT_FOUND = 'City not found';
export const STATE_NOT_FOUND = 'State not found';

const enc = encodeURIComponent;

export const CITY_PATHS = {
  /** GET: every city with a page, grouped by state (states by name). */
  index: '/api/cities',
  /**
   * GET ?page&limit&sort&medication: one city page, one page of its ranking (CITY_PAGE_SIZE
   * cards unless `limit` asks fewer); 404 'City not found' for an unknown slug.
   */
  city: (slug: string, request: Partial<RankedListRequest> = {}) =>
    `/api/cities/${enc(slug)}${listQuery(request)}`,
  /** GET, the same parameters: one state page (two-letter code, any case); 404 'State not found'. */
  state: (code: string, request: Partial<RankedListRequest> = {}) =>
    `/api/cities/states/${enc(code)}${listQuery(request)}`,
  /** GET: up to three cities closest to a mistyped slug ([] when none is close). */
  suggestions: (term: string) => `/api/cities/suggestions/${enc(term)}`,
} as const;

/** The same paths as Express patterns (the public reads' registration). */
export const CITY_PATH_PATTERNS = {
  index: CITY_PATHS.index,
  city: '/api/cities/:slug',
  state: '/api/cities/states/:state',
  suggestions: '/api/cities/suggestions/:term',
} as const;
