/**
 * The public ranking with PUBLISHED Vial Scores. buildProviderCards computes each score from
 * the record's current data; the public pages must show the score of the last monthly (or
 * requested) recomputation instead. So each card's content comes from buildProviderCards,
 * and the order, rank and 'Best Overall' badge are redone here with the published score,
 * using the rule's own rankingScore and tie-break (score desc, name, id).
 * If buildProviderCards learns to take the scores, this shrinks to one call.
 */
import type { ProviderRecord } from '../../domain/providers/provider';
import {
  BEST_OVERALL_BADGE,
  buildProviderCards,
  rankingScore,
  type ProviderCard,
} from '../../domain/providers/provider-card';
import type { VialScore } from '../../domain/providers/vial-score';

export interface RankableProvider {
  record: ProviderRecord;
  /** Null only for a provider whose first score is not yet published: its current score is used. */
  published: VialScore | null;
}

export function rankWithPublishedScores(providers: readonly RankableProvider[]): ProviderCard[] {
  const cards = providers.flatMap(({ record, published }) => {
    const [card] = buildProviderCards([record]);
    if (!card) return [];
    const vialScore = published ?? card.vialScore;
    return [
      { record, card: { ...card, vialScore, rankingScore: rankingScore(record, vialScore) } },
    ];
  });
  cards.sort(
    (a, b) =>
      b.card.rankingScore - a.card.rankingScore ||
      a.record.name.localeCompare(b.record.name, 'en') ||
      (a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0),
  );
  return cards.map(({ record, card }, index) => ({
    ...card,
    rank: index + 1,
    badgeText: record.card?.badgeText?.trim() || (index === 0 ? BEST_OVERALL_BADGE : null),
  }));
}
