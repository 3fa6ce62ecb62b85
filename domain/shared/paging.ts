/**
 * Lists paged on the server (issue 28): the provider index (/providers), the city and state
 * pages' rankings. Pure and browser-safe: the API reads a page with it, the routes read the
 * URL's `?page=` with it and link the pages with it.
 *
 * Pages are numbered from 1. Page 1 is the list's own address (no query); page N is
 * `{path}?page=N`, its own canonical address. A list always has a page 1, empty or not.
 */

/** The highest page number any list accepts (a bound on what a URL may ask for). */
export const MAX_PAGE = 10_000;

/** Where a page sits in its list. */
export interface ListPaging {
  /** 1-based; may be past `pageCount` when asked for (the page is then empty). */
  page: number;
  /** At least 1. */
  pageCount: number;
  pageSize: number;
  /** Items in the whole list. */
  total: number;
}

// Written out (not formatted from MAX_PAGE): a call at module level would stay in every page's
// script, which loads this file for the routes' `?page=`.
export const PAGE_MESSAGE = 'page must be a whole number from 1 to 10,000';

/**
 * The `page` of an API request: absent or empty is page 1; otherwise digits only, 1 to
 * MAX_PAGE. `{ ok: false }` carries the message naming the parameter.
 */
export function parsePageParam(
  raw: string | undefined,
): { ok: true; page: number } | { ok: false; message: string } {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: true, page: 1 };
  if (!/^\d{1,6}$/.test(text)) return { ok: false, message: PAGE_MESSAGE };
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? { ok: true, page } : { ok: false, message: PAGE_MESSAGE };
}

/**
 * The `page` of a page's URL as the router hands it over (a number when the text reads as one,
 * else the text): a page from 2 to MAX_PAGE, or undefined for page 1 and for anything that is
 * no page number ('abc', '0', '-1', '2.5', ''), which the route then drops (the router answers
 * with a redirect to the address without it, page 1).
 */
export function pageFromSearch(raw: unknown): number | undefined {
  const value =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\d{1,6}$/.test(raw.trim())
        ? Number(raw.trim())
        : Number.NaN;
  return Number.isInteger(value) && value >= 2 && value <= MAX_PAGE ? value : undefined;
}

/** A paged route's `validateSearch`: `{ page }` from 2, else nothing (page 1). */
export function pageSearch(search: Record<string, unknown>): { page?: number } {
  const page = pageFromSearch(search.page);
  return page === undefined ? {} : { page };
}

/** The paging of a list of `total` items at `pageSize` a page, at page `page`. */
export function pageOf(total: number, pageSize: number, page: number): ListPaging {
  return { page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize, total };
}

/** One page of `items` and where it sits (empty past the last page). */
export function pageItems<T>(
  items: readonly T[],
  pageSize: number,
  page: number,
): { items: T[]; paging: ListPaging } {
  const start = (page - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    paging: pageOf(items.length, pageSize, page),
  };
}

/** Whether the page asked for is past the list's last page (a page the site does not have). */
export const isPastLastPage = (paging: ListPaging): boolean => paging.page > paging.pageCount;

/** A page's address: the list's path for page 1, `{path}?page=N` after it. */
export function pagePath(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
}

/**
 * The query string of a paged list's read ('' or '?page=2&limit=10'): page only after the
 * first, other parameters only when given.
 */
export function listQuery(
  params: Readonly<{ page?: number | undefined } & Record<string, string | number | undefined>>,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '' || (name === 'page' && Number(value) <= 1)) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether a value (a not-found's data) is a list's paging. */
export function isListPaging(value: unknown): value is ListPaging {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return ['page', 'pageCount', 'pageSize', 'total'].every((key) => typeof v[key] === 'number');
}
