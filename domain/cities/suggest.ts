/**
 * The closest city names to a mistyped /near/{citySlug} (typo-tolerant): the slug's words are
 * compared with every city's slug, with and without its state, by edit distance.
 */
import type { City } from './city';
import { allCities } from './city';
import { slugify } from './slug';

export const SUGGESTIONS_MAX = 3;
/** Longer than any slug of the list: a longer term is not a mistyped city. */
const TERM_MAX_LENGTH = 80;

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions: 'dalals' is one
 * edit from 'dallas'), stopping early once every path is past `limit` (then limit + 1).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** 'dallas-tx-2' -> 'dallas' (the city words only). */
function cityWords(city: City): string {
  return slugify(city.city);
}

/**
 * Up to `max` cities whose slug (or city name alone) is within a third of the term's length
 * in edits, closest first, then the more populous; cities whose name starts with the term
 * ('san-fra') count as one edit away. [] for an empty or overlong term.
 */
export function closestCities(term: string, max = SUGGESTIONS_MAX): City[] {
  const wanted = slugify(term.slice(0, TERM_MAX_LENGTH));
  if (wanted === '' || term.length > TERM_MAX_LENGTH) return [];
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  const scored: { city: City; distance: number; order: number }[] = [];
  allCities().forEach((city, order) => {
    const words = cityWords(city);
    const distance = Math.min(
      editDistance(wanted, city.slug, limit),
      editDistance(wanted, words, limit),
      wanted.length >= 3 && (words.startsWith(wanted) || city.slug.startsWith(wanted))
        ? 1
        : limit + 1,
    );
    if (distance <= limit) scored.push({ city, distance, order });
  });
  // allCities() is most populous first, so `order` breaks ties by population.
  scored.sort((a, b) => a.distance - b.distance || a.order - b.order);
  return scored.slice(0, max).map(({ city }) => city);
}
