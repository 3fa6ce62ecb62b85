/**
 * The /cost page's URL parameters as the route keeps them: the visitor's strings (trimmed, at
 * most 40 characters), checked by the server's read, so a wrong value comes back with its
 * message and the form shows it again as typed.
 */
import { COST_SEARCH_KEYS, keptValue, type CostSearch } from '../../../domain/cost/options';

export type CostPageSearch = CostSearch & { page?: string };

/** Every parameter the page reads (the page cache keys on these). */
export const COST_PAGE_SEARCH_KEYS = [...COST_SEARCH_KEYS, 'page'] as const;

/**
 * The parameters as the router keeps them in the URL: numeric text as a number. The router
 * writes a string that reads as JSON ('6', '43004') quoted (`months=%226%22`), so a page whose
 * search held '6' would redirect to that quoted form; '02134' or 'abc' stay text.
 */
export type CostRouterSearch = Partial<
  Record<(typeof COST_PAGE_SEARCH_KEYS)[number], string | number>
>;

/** The page's parameters as text (what the read and the form take). */
export function costSearchText(search: CostRouterSearch): CostPageSearch {
  const out: CostPageSearch = {};
  for (const key of COST_PAGE_SEARCH_KEYS) {
    const raw = Object.hasOwn(search, key) ? search[key] : undefined;
    // The router may hand a number for ?months=6: read it as the text it was.
    const value = keptValue(typeof raw === 'number' ? String(raw) : raw);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Text parameters for the router: numeric text in its canonical spelling becomes a number. */
export function costRouterSearch(search: CostPageSearch): CostRouterSearch {
  const out: CostRouterSearch = {};
  for (const key of COST_PAGE_SEARCH_KEYS) {
    const value = search[key];
    if (value === undefined) continue;
    const number = Number(value);
    out[key] = Number.isFinite(number) && String(number) === value ? number : value;
  }
  return out;
}

/** The route's validateSearch: the URL's parameters, kept as the router writes them back. */
export function parseCostPageSearch(search: Record<string, unknown>): CostRouterSearch {
  return costRouterSearch(costSearchText(search as CostRouterSearch));
}
