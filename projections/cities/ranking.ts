/** The ranking of one state from the provider records (pure). */
import { cityRating } from '../../domain/cities';
import type { StateCode } from '../../domain/shared/reference/states';
import { rankWithPublishedScores, type ProviderDoc } from '../providers';
import type { StateRankingDoc } from './views';

/**
 * Providers serving `state`, ranked by the home page's rule: the featured ones, or all of them
 * when none of those is featured. Null when no listed provider serves the state.
 */
export function rankState(
  state: StateCode,
  records: readonly ProviderDoc[],
): StateRankingDoc | null {
  // A draft (issue 27) is on no public page: it ranks nowhere until published.
  const serving = records.filter((record) => record.states.includes(state) && !record.draft);
  if (serving.length === 0) return null;
  const featured = serving.filter((record) => record.featured);
  const chosen = featured.length > 0 ? featured : serving;
  return {
    _id: state,
    state,
    basis: featured.length > 0 ? 'featured' : 'all',
    providers: rankWithPublishedScores(
      chosen.map((record) => ({ record, published: record.publishedVialScore })),
    ),
    rating: cityRating(
      chosen.map((record) => ({
        rating: record.card.detailedRating,
        count: record.card.votesCount,
      })),
    ),
  };
}
