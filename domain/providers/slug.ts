/**
 * Provider page addresses (/providers/{slug}) and the compare page's (/compare?providers=a,b).
 * No zod here: the browser imports it to link cards to their pages.
 *
 * A provider's slug is its name, lowercased, each run of characters other than letters and
 * digits one hyphen, no leading or trailing hyphen ('Hims & Hers' -> 'hims-hers'). Two listed
 * providers whose names give the same slug share one address: the page shows the one listed
 * first (`resolveSlug`); administrators keep provider names distinct.
 */

import { remembered } from '../shared/remembered';

export const PROVIDER_PAGES_PATH = '/providers';
export const COMPARE_PATH = '/compare';

export function providerSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  // A name without letters or digits still gets an address (/go/{slug} and its page need one).
  return slug === '' ? 'provider' : slug;
}

/**
 * `providerSlug`, remembered by name, for the resolvers below: every provider page, the index
 * and the sitemap slug all listed providers' names on each request (2.2 ms a request at 2,000
 * providers). Bounded: forgotten when full. Only the resolvers use it, so the browser's
 * bundle, which links cards with providerSlug alone, leaves it out.
 */
const rememberedSlug = /* @__PURE__ */ remembered(providerSlug, 20_000);

/** What a slug in an address may look like (anything else is no provider's: 404). */
export const PROVIDER_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function providerPath(name: string): string {
  return `${PROVIDER_PAGES_PATH}/${providerSlug(name)}`;
}

/** '/compare?providers=a,b,c' (and '&state=OH' when a state is chosen). */
export function comparePath(slugs: readonly string[], state?: string | null): string {
  const query = `providers=${slugs.map(encodeURIComponent).join(',')}`;
  return `${COMPARE_PATH}?${query}${state ? `&state=${encodeURIComponent(state)}` : ''}`;
}

/**
 * The provider a slug names among `records`: the first listed (createdAt, then id) whose name
 * gives that slug; null when none does.
 */
export function resolveSlug<T extends { id: string; name: string; createdAt: string }>(
  records: readonly T[],
  slug: string,
): T | null {
  let found: T | null = null;
  for (const record of records) {
    if (rememberedSlug(record.name) !== slug) continue;
    if (
      found === null ||
      record.createdAt < found.createdAt ||
      (record.createdAt === found.createdAt && record.id < found.id)
    ) {
      found = record;
    }
  }
  return found;
}

/**
 * Every slug among `records` with the provider it names (`resolveSlug`'s rule for each), in one
 * pass: a page listing every provider's address asks this once instead of resolving each slug
 * over all records (2,000 providers made /providers take 2.6 s, issue 28).
 */
export function slugIndex<T extends { id: string; name: string; createdAt: string }>(
  records: readonly T[],
): Map<string, T> {
  const index = new Map<string, T>();
  for (const record of records) {
    const slug = rememberedSlug(record.name);
    const found = index.get(slug);
    if (
      found === undefined ||
      record.createdAt < found.createdAt ||
      (record.createdAt === found.createdAt && record.id < found.id)
    ) {
      index.set(slug, record);
    }
  }
  return index;
}
