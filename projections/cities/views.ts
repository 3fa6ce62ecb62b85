/**
 * The cities read models. A city page reads one document: the ranking of the state its city
 * is in, shared by every city of that state, so a provider's state change moves every affected
 * city page at once.
 */
import type { Document } from '../read-store/port';
import type { CityRating, CityTreatment } from '../../domain/cities';
import type { ProviderCard } from '../../domain/providers';
import type { StateCode } from '../../domain/shared/reference/states';
import type { ProviderDoc } from '../providers';

export const CITY_COLLECTIONS = {
  /** This projection's own copy of the provider records (the rankings are computed from it). */
  providers: 'city_provider_records',
  /** One document per state that at least one listed provider serves. */
  states: 'state_provider_rankings',
} as const;

export type CityProviderDoc = ProviderDoc;

/**
 * Which providers a state's ranking holds: the featured providers serving it; when none of
 * those is featured, every provider serving it (the spec's fallback, applied within the state).
 */
export type RankingBasis = 'featured' | 'all';

export type StateRankingDoc = Document & {
  _id: StateCode;
  state: StateCode;
  basis: RankingBasis;
  /** Ranked by the home page's rule (rank 1 first, 'Best Overall' on the first). */
  providers: ProviderCard[];
  /** How many `providers` holds: what a page of them (a $slice) counts its pages by. */
  providerCount: number;
  /** From the ranked providers' entered ratings and counts; null when none has both. */
  rating: CityRating | null;
  /**
   * What the ranked providers' records say about treatment (cityTreatment). Absent on rankings
   * written before it (a MongoDB read store not rebuilt since): the page then says nothing.
   */
  treatment?: CityTreatment;
};
