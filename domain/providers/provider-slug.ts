/**
 * A provider's address segment, from its name: 'Hims & Hers' -> 'hims-hers'. Lowercase, accents
 * folded, each run of other characters one hyphen, none at either end (the blog's slug rule).
 * /go/{slug} reads it, so a name without letters or digits still gets one ('provider').
 */
export function providerSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug === '' ? 'provider' : slug;
}

/** What a slug in an address may look like (anything else is no provider's: 404). */
export const PROVIDER_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
