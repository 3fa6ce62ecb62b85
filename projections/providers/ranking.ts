/**
 * The public ranking with PUBLISHED Vial Scores: the public pages show (and rank by) the score
 * of the last monthly (or requested) recomputation, not one computed from today's record, so
 * the band word, the editor's-rating flag and the order all follow the published score.
 */
import type { ProviderRecord } from '../../domain/providers/provider';
import {
  buildProviderCards,
  type CardFieldsCache,
  type CardRecord,
  type ProviderCard,
} from '../../domain/providers/provider-card';
import type { VialScore } from '../../domain/providers/vial-score';

export interface RankableProvider {
  /** With its cost-and-trust facts: the cards' 'all-in' price and commission label read them. */
  record: CardRecord;
  /** Null only for a provider whose first score is not yet published: its current score is used. */
  published: VialScore | null;
}

/**
 * `fields`: card fields of earlier rankings of the same records with the same published scores
 * (buildProviderCards' cache; see CardFieldsCache).
 */
export function rankWithPublishedScores(
  providers: readonly RankableProvider[],
  fields?: CardFieldsCache,
): ProviderCard[] {
  const published = new Map<ProviderRecord, VialScore | null>(
    providers.map(({ record, published }) => [record, published]),
  );
  return buildProviderCards(
    providers.map(({ record }) => record),
    { vialScoreOf: (record) => published.get(record), ...(fields ? { fields } : {}) },
  );
}
