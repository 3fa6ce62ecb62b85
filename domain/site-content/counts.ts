/**
 * The whole-number site content keys' rule, on its own: the home page's route reads its count
 * of providers in its loader, which every page's script carries, so it imports this small file
 * rather than every key's rules (./keys.ts).
 */

export interface CountBounds {
  min: number;
  max: number;
}

/** Digits only, within the bounds; null for anything else ('abc', '2.5', '1e1', '-3', ''). */
export function parseCount(text: string, bounds: CountBounds): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= bounds.min && value <= bounds.max ? value : null;
}

/** `home_top_providers`: how many featured providers the home page lists, and its default. */
export const HOME_TOP_PROVIDERS = { min: 1, max: 50, fallback: 10 } as const;

/**
 * The home page's count of providers from the stored content: the default when the key is
 * missing or its value is no longer valid (stored before a bound changed).
 */
export function homeTopProviders(content: string | undefined): number {
  return (
    (content === undefined ? null : parseCount(content, HOME_TOP_PROVIDERS)) ??
    HOME_TOP_PROVIDERS.fallback
  );
}
