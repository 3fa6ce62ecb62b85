/**
 * The only rating a city page may publish (AggregateRating): computed from ratings the
 * administrators entered, never a default. Each ranked provider that has both an editorial
 * rating out of 5 and an entered vote count contributes its rating weighted by its count; the
 * count published is the sum of those counts. Null when no provider has both.
 */
import type { CityRating } from './seo';

export interface EnteredRating {
  /** card.detailedRating: 0-5, null when not entered. */
  rating: number | null;
  /** card.votesCount: null when not entered (the card's shown default is not a count). */
  count: number | null;
}

export function cityRating(entered: readonly EnteredRating[]): CityRating | null {
  let weighted = 0;
  let total = 0;
  for (const { rating, count } of entered) {
    if (rating === null || count === null || !Number.isFinite(rating) || count <= 0) continue;
    weighted += rating * count;
    total += count;
  }
  if (total === 0) return null;
  return { ratingValue: Math.round((weighted / total) * 10) / 10, reviewCount: total };
}
