/**
 * City slugs (spec, "City record"): the city name and state lowercased and hyphenated,
 * 'austin-tx'. Accents are folded so URLs stay ASCII ('Cañon City' -> 'canon-city-co'), and
 * apostrophes and Hawaiian okinas vanish rather than split a word ("Coeur d'Alene" ->
 * 'coeur-dalene', 'Kapa‘a' -> 'kapaa').
 */

const APOSTROPHES = /['‘’ʻʼ`´]/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Lowercase ASCII words joined by single hyphens; '' when nothing is left. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(APOSTROPHES, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The base slug of a city before any duplicate suffix: 'Austin', 'TX' -> 'austin-tx'. */
export function citySlug(city: string, state: string): string {
  return slugify(`${city} ${state}`);
}

/** A well-formed city slug: words, a two-letter state, and an optional -2, -3 ... suffix. */
export const CITY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}(?:-[2-9]|-[1-9][0-9]+)?$/;

/**
 * Slugs for a list of cities in the order given (callers pass population order): the first
 * city with a base slug keeps it, later ones get -2, -3, ... A base slug always ends in the
 * two-letter state, so a suffixed slug can never collide with another city's base slug.
 */
export function assignCitySlugs(cities: readonly { city: string; state: string }[]): string[] {
  const seen = new Map<string, number>();
  return cities.map(({ city, state }) => {
    const base = citySlug(city, state);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}
