/** The ranking of one state from the provider records (pure). */
import { cityRating, cityTreatment } from '../../domain/cities';
import type { StateCode } from '../../domain/shared/reference/states';
import type { CardFieldsCache } from '../../domain/providers';
import { rankWithPublishedScores, type ProviderDoc } from '../providers';
import type { StateRankingDoc } from './views';

/** A state's ranking without its state: the same for every state served by the same providers. */
export type SharedRanking = Pick<StateRankingDoc, 'providers' | 'rating' | 'treatment'>;

/**
 * Providers serving `state`, ranked by the home page's rule: the featured ones, or all of them
 * when none of those is featured. Null when no listed provider serves the state.
 * `shared`: rankings already made from the same `records` for other states, by the providers
 * they chose (most states are served by the same providers: a replay's flush ranked the same
 * cards fifty times). The documents then share their cards, which nothing changes in place.
 * `fields`: each record's card fields, computed once for all the states ranked from the same
 * `records` (CardFieldsCache): the rankings that differ mostly rank the same records.
 */
export function rankState(
  state: StateCode,
  records: readonly ProviderDoc[],
  shared?: Map<string, SharedRanking>,
  fields?: CardFieldsCache,
): StateRankingDoc | null {
  // A draft (issue 27) is on no public page: it ranks nowhere until published.
  const serving = records.filter((record) => record.states.includes(state) && !record.draft);
  if (serving.length === 0) return null;
  const featured = serving.filter((record) => record.featured);
  const chosen = featured.length > 0 ? featured : serving;
  const basis = featured.length > 0 ? 'featured' : 'all';
  const key = shared ? `${basis} ${chosen.map((record) => record._id).join(' ')}` : '';
  let ranking = shared?.get(key);
  if (!ranking) {
    ranking = {
      providers: rankWithPublishedScores(
        chosen.map((record) => ({ record, published: record.publishedVialScore })),
        fields,
      ),
      rating: cityRating(
        chosen.map((record) => ({
          rating: record.card.detailedRating,
          count: record.card.votesCount,
        })),
      ),
      treatment: cityTreatment(
        chosen.map((record) => ({
          medications: record.medications,
          offers: record.facts?.offers ?? null,
          trust: record.facts?.trust ?? null,
        })),
      ),
    };
    shared?.set(key, ranking);
  }
  return {
    _id: state,
    state,
    basis,
    providers: ranking.providers,
    providerCount: ranking.providers.length,
    rating: ranking.rating,
    treatment: ranking.treatment,
  };
}
